import { OPERATOR, OTHER_OPERATOR, signedRequest, startTestServer, testConfigJson, type Reply } from "../harness.js";
import { eventually, launchSession, startTestWallet } from "../wallet-harness.js";

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** A signed GET of the operator API, as `tenant` (op-acme by default). */
export function get(server: TestServer, target: string, tenant: { id: string; secret: string } = OPERATOR): Promise<Reply> {
  return signedRequest(server.url, tenant, "GET", target);
}

/** Waits until the operator's open problems list one about `transactionId`, and returns it. */
export async function problemOf(server: TestServer, transactionId: unknown): Promise<{ id: string; kind: string }> {
  let found: { id: string; kind: string } | undefined;
  await eventually(
    async () => {
      const reply = await get(server, "/v1/operator/problems");
      found = reply.json.items.find((p: { transactionId: string }) => p.transactionId === transactionId);
      return found !== undefined;
    },
    10_000,
    50,
  );
  return found!;
}

/** A signed POST of the operator API, as `tenant` (op-acme by default). */
export function post(server: TestServer, target: string, body?: unknown, tenant: { id: string; secret: string } = OPERATOR): Promise<Reply> {
  return signedRequest(server.url, tenant, "POST", target, body);
}

/** The path of one transaction of the reconciliation API. */
export const transactionPath = (providerId: string, transactionId: unknown) =>
  `/v1/operator/transactions/${encodeURIComponent(providerId)}/${encodeURIComponent(String(transactionId))}`;

/** A service with a test wallet, and live sessions of p-1 and p-2 (op-acme) and of p-9 (op-beta). */
export async function startReconciliationSetup(
  config: Record<string, unknown>,
  cleanups: (() => Promise<void> | void)[],
  callbackTimeoutMs?: number,
) {
  const wallet = await startTestWallet(10_000);
  const json = testConfigJson({ wallet: wallet.url, ...config }) as { operators: Record<string, unknown>[] };
  if (callbackTimeoutMs !== undefined) for (const operator of json.operators) operator.callbackTimeoutMs = callbackTimeoutMs;
  const server = await startTestServer(json);
  cleanups.push(
    () => wallet.close(),
    () => server.close(),
  );
  const p1 = await launchSession(server.url, { playerRef: "p-1" });
  const p2 = await launchSession(server.url, { playerRef: "p-2", gameId: "nebula" });
  const beta = await launchSession(server.url, { playerRef: "p-9", operator: OTHER_OPERATOR });
  return { wallet, server, p1, p2, beta };
}
