import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mintReplayToken, verify } from "@croupier/signing";
import { describe, expect, it } from "vitest";
import { connect, openReplay, playRound, serveWebhooksWithExpress, serveWebhooksWithNode } from "../examples/provider.js";
import { sendSigned } from "../../sdk-operator/test/signed-fetch.js";

// The README's examples run here against the built package (npm test builds first).
async function start(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A stand-in for the service's provider wallet API: checks signatures, applies each transactionId once, fails the first attempt of the first WIN. */
function stubService() {
  let failFirstAttemptOf: string | undefined;
  let balance = 1000;
  const applied = new Map<string, { status: string; balance: number }>();
  const attempts = new Map<string, number>();
  return createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    if (
      !verify({ method: req.method!, target: req.url!, headers: req.headers, body: raw, secrets: ["prov-secret"], expectedTenantId: "prov-star" }).ok
    ) {
      return res.writeHead(401, { "content-type": "text/plain" }).end("invalid signature");
    }
    const body = JSON.parse(raw.toString("utf8"));
    const answer = (value: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (req.url!.endsWith("/session/verify"))
      return answer({ playerRef: "p-1", gameId: "starfall", currency: "EUR", mode: "REAL", expiresAt: "2026-01-16T10:30:00Z" });
    if (body.type === "WIN") failFirstAttemptOf ??= body.transactionId;
    const seen = (attempts.get(body.transactionId) ?? 0) + 1;
    attempts.set(body.transactionId, seen);
    if (body.transactionId === failFirstAttemptOf && seen === 1)
      return res.writeHead(500, { "content-type": "application/json" }).end('{"error":"timed out"}');
    const previous = applied.get(body.transactionId);
    if (previous) return answer(previous);
    if (body.type === "BET" && body.amount > balance) return answer({ status: "DECLINED", balance });
    balance += body.type === "BET" ? -body.amount : body.amount;
    applied.set(body.transactionId, { status: "OK", balance });
    answer({ status: "OK", balance });
  });
}

describe("example provider", () => {
  it("plays a round; a failed win attempt is retried with the same transactionId and the balance adds up", async () => {
    const service = stubService();
    const baseUrl = await start(service);
    try {
      const client = connect(`${baseUrl}/croupier`, "prov-secret");
      expect(await playRound(client, "st-1", "r-1", 300, 500)).toEqual({ declined: false, balance: 1200 });
      expect(await playRound(client, "st-1", "r-2", 5000, 0)).toEqual({ declined: true, balance: 1200 });
    } finally {
      await new Promise((resolve) => service.close(resolve));
    }
  });

  for (const [name, serve, prefix] of [
    ["node:http", serveWebhooksWithNode, ""],
    ["Express", serveWebhooksWithExpress, "/croupier"],
  ] as const) {
    it(`serves the webhooks over ${name} with two secrets`, async () => {
      const server = serve(["new", "old"]);
      const baseUrl = await start(server);
      try {
        const post = (path: string, body: object, secret: string) =>
          sendSigned(baseUrl, { method: "POST", target: prefix + path, body: JSON.stringify(body), secret, tenantId: "prov-star" });
        const grant = { requestRef: "g-1", playerRef: "p-1", gameId: "starfall", spins: 10, betAmountMinor: 0, currency: "EUR" };
        expect((await post("/v1/game/free-spins/grant", grant, "new")).text).toBe('{"externalRef":"star-1"}');
        expect((await post("/v1/game/free-spins/grant", grant, "old")).text).toBe('{"externalRef":"star-1"}');
        const batch = { externalRef: "star-1", playerRef: "p-1", gameId: "starfall" };
        expect((await post("/v1/game/free-spins/cancel", batch, "new")).status).toBe(200);
        expect((await post("/v1/game/free-spins/status", batch, "new")).text).toBe('{"remainingSpins":0,"completed":true}');
        expect((await post("/v1/game/free-spins/status", batch, "other")).status).toBe(401);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });
  }

  it("opens a replay link offline and refuses a forged or expired one", () => {
    const claims = { roundId: "r-1", gameId: "starfall", playerRef: "p-1", operatorId: "op-acme", providerId: "prov-star" };
    const now = Math.floor(Date.now() / 1000);
    const link = (secret: string, exp: number) => `https://games.example/replay?token=${mintReplayToken(secret, { ...claims, exp })}`;
    expect(openReplay(link("old", now + 900), ["new", "old"])).toEqual({ roundId: "r-1", gameId: "starfall" });
    expect(openReplay(link("forger", now + 900), ["new", "old"])).toBe("forbidden");
    expect(openReplay(link("new", now - 1), ["new", "old"])).toBe("expired");
  });
});
