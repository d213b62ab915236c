import { join } from "node:path";
import { createOperatorClient, type OperatorClient } from "@croupier/sdk-operator";
import { createProviderClient, type ProviderClient } from "@croupier/sdk-provider";
import { OPERATOR, PROVIDER, startTestServer, tempDir, testConfigJson } from "../../harness.js";
import { startSdkWallet, type SdkWallet } from "./sdk-wallet.js";
import { startSdkWebhookReceiver, type SdkWebhookReceiver } from "./sdk-webhook-receiver.js";

/** A request the provider client put on the wire (one per attempt). */
export interface SentRequest {
  path: string;
  nonce: string;
  body: string;
}

/**
 * The whole system end to end: the real server (in-process, ephemeral port, temp SQLite file, response
 * validation on), the operator's SDK wallet registered as op-acme's callback, the provider's SDK webhook
 * receiver registered as prov-star's webhookUrl, and the two SDK clients.
 */
export interface Deployment {
  server: Awaited<ReturnType<typeof startTestServer>>;
  wallet: SdkWallet;
  studio: SdkWebhookReceiver;
  operator: OperatorClient;
  provider: ProviderClient;
  /** Every request the provider client sent, retries included. */
  providerSent: SentRequest[];
  close(): Promise<void>;
}

/** Players the wallet knows, with their starting balances. */
export const STARTING_BALANCES = { "p-alice": 10_000, "p-bob": 300, "p-carol": 5_000 } as const;

/** Starts a deployment; `configure` may change the raw configuration (decisions.md §3) before the start. */
export async function startDeployment(configure: (json: Record<string, unknown>) => void = () => {}): Promise<Deployment> {
  const dir = tempDir();
  const wallet = await startSdkWallet({ tenantId: OPERATOR.id, secrets: [OPERATOR.secret], balances: { ...STARTING_BALANCES } });
  const studio = await startSdkWebhookReceiver({ tenantId: PROVIDER.id, secrets: [PROVIDER.secret] });
  const json = testConfigJson({
    wallet: wallet.url,
    webhook: studio.url,
    sqlitePath: join(dir.path, "croupier.db"),
    // The platform's own resending of failed credits stays out of the way: these tests count every wallet call.
    settlementRetry: { initialDelaySeconds: 600, maxDelaySeconds: 600, horizonSeconds: 86_400 },
  });
  configure(json);
  const server = await startTestServer(json);

  const providerSent: SentRequest[] = [];
  // The SDK hands its fetch one signed Request; a Request is rebuilt anyway to satisfy fetch's wider signature.
  const recordingFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    providerSent.push({ path: new URL(request.url).pathname, nonce: request.headers.get("x-nonce") ?? "", body: await request.clone().text() });
    return fetch(request);
  };
  return {
    server,
    wallet,
    studio,
    operator: createOperatorClient({ baseUrl: server.url, tenantId: OPERATOR.id, secret: OPERATOR.secret, timeoutMs: 5000 }),
    provider: createProviderClient({
      baseUrl: server.url,
      tenantId: PROVIDER.id,
      secret: PROVIDER.secret,
      timeoutMs: 5000,
      fetch: recordingFetch,
      retry: { maxAttempts: 4, initialDelayMs: 20, maxDelayMs: 100 },
    }),
    providerSent,
    async close() {
      await server.close();
      await wallet.close();
      await studio.close();
      dir.remove();
    },
  };
}

/** Requests the provider client sent for one transactionId, in order. */
export function attemptsFor(sent: SentRequest[], transactionId: string): SentRequest[] {
  return sent.filter(
    (request) => request.path === "/v1/wallet/transaction" && (JSON.parse(request.body) as { transactionId: string }).transactionId === transactionId,
  );
}

/** Launches a REAL starfall session for a player through the operator SDK and verifies it through the provider SDK. */
export async function launchAndVerify(deployment: Deployment, playerRef: string) {
  const launch = await deployment.operator.launchGame({ playerRef, gameId: "starfall", currency: "EUR", mode: "REAL", language: "en" });
  if (launch.error) throw launch.error;
  const session = await deployment.provider.verifySession(launch.data.sessionToken);
  if (session.error) throw session.error;
  const { gameId, currency } = session.data;
  return {
    launch: launch.data,
    session: session.data,
    common: { sessionToken: launch.data.sessionToken, playerRef: session.data.playerRef, gameId, currency },
  };
}

/** Waits until `check` holds (background webhooks), failing after `timeoutMs`. */
export async function eventually(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
