import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeListener } from "@croupier/sdk-provider";
import { webhookUrlFor, type TenantCredentials } from "../sandbox-config.js";
import { FreeSpinBatches } from "./free-spin-batches.js";
import { replyJson } from "./json-reply.js";
import { buildProviderWebhooks, type Revocation, type StudioFaults } from "./provider-webhooks.js";
import { serveStudioRoute } from "./studio-routes.js";

/** How to start {@link startMockProvider}. */
export interface MockProviderOptions {
  /** Every provider tenant this studio answers for; each gets its webhooks under `/providers/{id}`. */
  providers: readonly TenantCredentials[];
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default 0: an ephemeral port. */
  port?: number;
  /** One short line per webhook (never a secret or a session token). Default: silent. */
  log?: (line: string) => void;
}

/** A running mock studio. */
export interface RunningMockProvider {
  url: string;
  port: number;
  batches: FreeSpinBatches;
  revocations: Revocation[];
  /** The webhook base address to configure for a provider. */
  webhookUrlFor(providerId: string): string;
  close(): Promise<void>;
}

type NodeListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Starts the sandbox's game studio: the signed provider webhooks of every configured provider (free-spin
 * grant, status and cancel, session revoke; sdk-provider verifies them) plus the studio's own game,
 * replay and free-spin routes. Batches live in memory, shared by all providers of the studio.
 */
export async function startMockProvider(options: MockProviderOptions): Promise<RunningMockProvider> {
  const host = options.host ?? "127.0.0.1";
  const log = options.log ?? (() => {});
  const batches = new FreeSpinBatches();
  const revocations: Revocation[] = [];
  const faults: StudioFaults = { refuseGrants: false };
  const webhooks = new Map<string, NodeListener>(
    options.providers.map((provider) => [
      provider.id,
      toNodeListener(buildProviderWebhooks(provider, { batches, revocations, faults }, log), {
        onError: (error) => log(`webhook failed: ${error instanceof Error ? error.message : "error"}`),
      }),
    ]),
  );

  const server = createServer((request, response) => {
    const [first, providerId] = new URL(request.url ?? "/", "http://provider.invalid").pathname.split("/").filter(Boolean);
    const webhook = first === "providers" && providerId !== undefined ? webhooks.get(providerId) : undefined;
    if (webhook) return webhook(request, response);
    try {
      if (!serveStudioRoute(request, response, { providers: options.providers, batches, revocations, faults }))
        replyJson(response, 404, { error: "not found" });
    } catch (error) {
      log(`${request.method} ${request.url}: ${error instanceof Error ? error.message : "error"}`);
      replyJson(response, 500, { error: "internal error" });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    url,
    port,
    batches,
    revocations,
    webhookUrlFor: (providerId) => webhookUrlFor(url, providerId),
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
