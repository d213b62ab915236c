import type { ServerResponse } from "node:http";
import {
  sendJson,
  signedRequest,
  startScriptedPeer,
  startTestServer,
  testConfigJson,
  type Reply,
  type ScriptedPeer,
  OPERATOR,
  PROVIDER,
} from "../harness.js";
import { startTestWallet, type TestWallet } from "../wallet-harness.js";

/** How the scripted provider answers each webhook path; tests replace entries. */
export type WebhookScript = Record<string, (body: any, res: ServerResponse) => void | Promise<void>>;

/** The default provider: grants succeed with externalRef ext-<requestRef>, everything else answers 200 {}. */
export const defaultWebhooks = (): WebhookScript => ({
  "/v1/game/free-spins/grant": (body, res) => sendJson(res, 200, { externalRef: `ext-${body.requestRef}` }),
  "/v1/game/free-spins/status": (_b, res) => sendJson(res, 200, { remainingSpins: 3, completed: false }),
  "/v1/game/free-spins/cancel": (_b, res) => sendJson(res, 200, {}),
  "/v1/game/session/revoke": (_b, res) => sendJson(res, 200, {}),
});

/** A real server with a real test wallet (operator) and a scripted provider, as an integrator sees them. */
export interface World {
  url: string;
  server: Awaited<ReturnType<typeof startTestServer>>;
  wallet: TestWallet;
  provider: ScriptedPeer;
  webhooks: WebhookScript;
  close(): Promise<void>;
}

/**
 * Starts a world; `edit` may change the raw configuration (decisions.md §3) before start.
 * Operators get a 300 ms callback timeout so timeout tests stay fast.
 */
export async function startWorld(edit: (json: Record<string, any>) => void = () => {}): Promise<World> {
  const wallet = await startTestWallet(10_000);
  const world = { wallet, webhooks: defaultWebhooks() } as World;
  world.provider = await startScriptedPeer(async (req, res) => {
    const path = req.url.replace(/^\/hooks/, "");
    const handler = world.webhooks[path];
    if (!handler) return sendJson(res, 404, { error: "no such webhook" });
    return handler(req.json, res);
  });
  const json = testConfigJson({
    wallet: wallet.url,
    webhook: world.provider.url,
    reconciler: { staleRoundSeconds: 3600, sweepIntervalSeconds: 3600 },
    settlementRetry: { initialDelaySeconds: 3600, maxDelaySeconds: 3600, horizonSeconds: 86400 },
  }) as Record<string, any>;
  for (const op of json.operators as Record<string, unknown>[]) op.callbackTimeoutMs = 300;
  edit(json);
  world.server = await startTestServer(json);
  world.url = world.server.url;
  world.close = async () => {
    wallet.releaseHeld();
    await world.server.close();
    await wallet.close();
    await world.provider.close();
  };
  return world;
}

/** Signed POST as the operator. */
export const operatorPost = (url: string, path: string, body: unknown, tenant = OPERATOR): Promise<Reply> =>
  signedRequest(url, tenant, "POST", path, body);
/** Signed GET as the operator. */
export const operatorGet = (url: string, target: string, tenant = OPERATOR): Promise<Reply> => signedRequest(url, tenant, "GET", target);
/** Signed POST as the provider. */
export const providerPost = (url: string, path: string, body: unknown, tenant = PROVIDER): Promise<Reply> =>
  signedRequest(url, tenant, "POST", path, body);

/** Asserts the spec's endpoint error shape: JSON { error: string } (and nothing about the status). */
export function isJsonError(reply: Reply): boolean {
  return (
    reply.json !== null &&
    typeof reply.json === "object" &&
    !Array.isArray(reply.json) &&
    typeof reply.json.error === "string" &&
    (reply.headers.get("content-type") ?? "").includes("application/json")
  );
}

/** Waits for the given number of milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
