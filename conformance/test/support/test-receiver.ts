import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { faultyVerifier, type VerificationDefects } from "./faulty-verifier.js";

/** Webhook defects, each a mistake real receivers make. With none, the receiver follows every rule of section D. */
export interface ReceiverDefects extends VerificationDefects {
  /** A new batch for every grant call, even with a requestRef seen before. */
  grantNotIdempotent?: boolean;
  /** status answers without `completed`. */
  statusWithoutCompleted?: boolean;
  /** cancel answers 200 but leaves the spins playable. */
  cancelKeepsSpins?: boolean;
  /** A second cancel of a batch is refused with 409. */
  cancelNotIdempotent?: boolean;
  /** cancel of a batch it never granted answers 200. */
  cancelsUnknownBatches?: boolean;
  /** Refuses the revoke reason EXPIRED with 400. */
  refusesExpiredReason?: boolean;
  /** A second revoke of a session is refused with 404. */
  revokeNotIdempotent?: boolean;
}

/** A small provider webhook receiver for the kit's own tests: correct with no defects, wrong as they name. */
export async function startTestReceiver(options: { tenantId: string; secret: string; defects?: ReceiverDefects }) {
  const defects = options.defects ?? {};
  const refuse = faultyVerifier(options.tenantId, options.secret, defects);
  const byRequestRef = new Map<string, string>();
  const batches = new Map<string, { spins: number; cancelled: boolean }>();
  const revoked = new Set<string>();

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(body === undefined ? "" : JSON.stringify(body));
    };
    const refused = refuse(request, raw);
    if (refused) return reply(refused, { error: "invalid signature" });
    const body = JSON.parse(raw) as Record<string, unknown>;
    switch (request.url) {
      case "/v1/game/free-spins/grant": {
        const known = byRequestRef.get(String(body.requestRef));
        if (known && !defects.grantNotIdempotent) return reply(200, { externalRef: known });
        const externalRef = `fs-${randomUUID()}`;
        byRequestRef.set(String(body.requestRef), externalRef);
        batches.set(externalRef, { spins: Number(body.spins), cancelled: false });
        return reply(200, { externalRef });
      }
      case "/v1/game/free-spins/status": {
        const batch = batches.get(String(body.externalRef));
        if (!batch) return reply(404, { error: "no such batch" });
        const remainingSpins = batch.cancelled ? 0 : batch.spins;
        return reply(200, defects.statusWithoutCompleted ? { remainingSpins } : { remainingSpins, completed: remainingSpins === 0 });
      }
      case "/v1/game/free-spins/cancel": {
        const batch = batches.get(String(body.externalRef));
        if (!batch) return defects.cancelsUnknownBatches ? reply(200, undefined) : reply(404, { error: "no such batch" });
        if (batch.cancelled && defects.cancelNotIdempotent) return reply(409, { error: "already cancelled" });
        if (!defects.cancelKeepsSpins) batch.cancelled = true;
        return reply(200, undefined);
      }
      case "/v1/game/session/revoke": {
        if (body.reason === "EXPIRED" && defects.refusesExpiredReason) return reply(400, { error: "unknown reason" });
        const token = String(body.sessionToken);
        if (revoked.has(token) && defects.revokeNotIdempotent) return reply(404, { error: "no such session" });
        revoked.add(token);
        return reply(200, undefined);
      }
      default:
        return reply(404, { error: "not found" });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
