import { randomUUID } from "node:crypto";
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connect as connectOperator,
  giveWelcomeSpins,
  kickWithRawClient,
  launchForPlayer,
  rotate,
} from "../../../sdk-operator/examples/operator-calls.js";
import { Ledger, startExpressWallet, startNodeWallet } from "../../../sdk-operator/examples/wallet.js";
import {
  connect as connectProvider,
  openReplay,
  playRound,
  serveWebhooksWithExpress,
  settleWin,
  serveWebhooksWithNode,
} from "../../../sdk-provider/examples/provider.js";
import { OPERATOR, PROVIDER, startTestServer, tempDir, testConfigJson } from "../harness.js";

/**
 * The SDK READMEs' examples (sdk-operator/examples, sdk-provider/examples) run unchanged against the real
 * service: the example wallet is op-acme's callbackUrl, the example webhook receiver is prov-star's
 * webhookUrl, and the example clients launch, play, grant, replay, kick and rotate. The packages' own
 * example tests run the same code against stand-ins; this proves the service agrees.
 */

/** Listens on 127.0.0.1, port 0, and returns the base URL. */
async function listen(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function close(server: Server | undefined): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** The session token a provider reads from the launch URL it was opened with. */
function tokenOf(launchUrl: string): string {
  return new URL(launchUrl).searchParams.get("token") ?? "";
}

describe("README examples against the real server", () => {
  const dir = tempDir();
  const walletFile = join(dir.path, "wallet.db");
  const ledger = new Ledger();
  ledger.balances.set("p-1", 1000);
  const nodeWallet = startNodeWallet({ tenantId: OPERATOR.id, secrets: [OPERATOR.secret], sqliteFile: walletFile, ledger });
  const webhooks = serveWebhooksWithNode([PROVIDER.secret]);
  let expressWallet: Server | undefined;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let operator: ReturnType<typeof connectOperator>;
  let provider: ReturnType<typeof connectProvider>;
  let sessionToken: string;

  beforeAll(async () => {
    const json = testConfigJson({
      wallet: await listen(nodeWallet),
      webhook: await listen(webhooks),
      sqlitePath: join(dir.path, "croupier.db"),
      // The rotation example moves the callbacks to a loopback Express wallet through the portal.
      allowPrivateCallbackAddresses: true,
    });
    server = await startTestServer(json);
    operator = connectOperator(server.url, OPERATOR.secret);
    provider = connectProvider(server.url, PROVIDER.secret);
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([close(nodeWallet), close(webhooks), close(expressWallet)]);
    dir.remove();
  });

  it("launchForPlayer + playRound: a won round and a declined one, and the wallet's ledger agrees with the service", async () => {
    const launchUrl = await launchForPlayer(operator, "p-1");
    expect(launchUrl.startsWith("https://games.example/starfall?token=")).toBe(true);
    sessionToken = tokenOf(launchUrl);

    expect(await playRound(provider, sessionToken, "r-1", 300, 500)).toEqual({ declined: false, balance: 1200 });
    expect(await playRound(provider, sessionToken, "r-2", 5000, 0)).toEqual({ declined: true, balance: 1200 });

    expect(ledger.balances.get("p-1")).toBe(1200);
    expect((await provider.balance(sessionToken)).data).toEqual({ balance: 1200 });
  });

  it("settleWin: the same transactionId resent with another amount is IDEMPOTENCY_MISMATCH, and the first WIN stands", async () => {
    const win = { transactionId: randomUUID(), sessionToken, roundId: "r-reused", playerRef: "p-1", gameId: "starfall", currency: "EUR", amount: 0 };
    expect(await settleWin(provider, win)).toBe(1200);
    expect(await settleWin(provider, win)).toBe(1200);
    await expect(settleWin(provider, { ...win, amount: 1 })).rejects.toThrow(`transaction ${win.transactionId} was first sent with other fields`);
    expect(ledger.balances.get("p-1")).toBe(1200);
  });

  it("giveWelcomeSpins reaches the example webhook receiver once; openReplay accepts the service's replay link", async () => {
    const first = await giveWelcomeSpins(operator, "p-1");
    expect(first.error).toBeUndefined();
    // star-1 is the example receiver's own externalRef: its onGrant ran and the service stored its answer.
    expect(first.data).toMatchObject({ status: "active", externalRef: "star-1", playerRef: "p-1", spins: 10 });
    const again = await giveWelcomeSpins(operator, "p-1");
    expect(again.data).toEqual(first.data);

    const replay = await operator.replayRound({ roundId: "r-1", gameId: "starfall" });
    if (replay.error) throw replay.error;
    expect(openReplay(replay.data.replayUrl, [PROVIDER.secret])).toEqual({ roundId: "r-1", gameId: "starfall" });
    expect(openReplay(replay.data.replayUrl, ["not-the-provider-secret"])).toBe("forbidden");
  });

  it("kickWithRawClient ends the session: the next example round is refused and no money moves", async () => {
    expect(await kickWithRawClient(operator, "p-1")).toBe(1);
    await expect(playRound(provider, sessionToken, "r-3", 100, 0)).rejects.toMatchObject({ status: 401 });
    expect(ledger.balances.get("p-1")).toBe(1200);
  });

  it("rotate: the wallet holding only the old secret refuses, an Express wallet holding [new, old] settles the next round", async () => {
    const secrets = await rotate(operator, OPERATOR.secret);
    expect(secrets).toHaveLength(2);
    expect(secrets[0]).not.toBe(OPERATOR.secret);
    expect(secrets[1]).toBe(OPERATOR.secret);

    // The client switched itself: this launch is signed with the new secret.
    const token = tokenOf(await launchForPlayer(operator, "p-1"));
    // The service now signs callbacks with the new secret, which the node:http wallet does not know.
    expect((await provider.balance(token)).error?.status).toBe(500);

    expressWallet = startExpressWallet({ tenantId: OPERATOR.id, secrets, sqliteFile: walletFile, ledger });
    const callbackUrl = `${await listen(expressWallet)}/croupier`;
    expect((await operator.setCallbackUrl(callbackUrl)).data?.callbackUrl).toBe(callbackUrl);

    expect(await playRound(provider, token, "r-4", 200, 50)).toEqual({ declined: false, balance: 1050 });
    expect(ledger.balances.get("p-1")).toBe(1050);
  });
});

describe("README examples against the real server: webhooks served from Express under /croupier", () => {
  const dir = tempDir();
  const webhooks = serveWebhooksWithExpress([PROVIDER.secret]);
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    server = await startTestServer(testConfigJson({ webhook: `${await listen(webhooks)}/croupier`, sqlitePath: join(dir.path, "croupier.db") }));
  });
  afterAll(async () => {
    await server?.close();
    await close(webhooks);
    dir.remove();
  });

  it("giveWelcomeSpins gets the example receiver's externalRef through the prefixed webhookUrl", async () => {
    const issued = await giveWelcomeSpins(connectOperator(server.url, OPERATOR.secret), "p-2");
    expect(issued.error).toBeUndefined();
    expect(issued.data).toMatchObject({ status: "active", externalRef: "star-1", playerRef: "p-2" });
  });
});
