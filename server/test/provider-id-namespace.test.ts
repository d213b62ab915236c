import { startWallet, type RunningWallet } from "@croupier/mock-operator-wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, OTHER_PROVIDER, PROVIDER, startTestServer, tempDir, testConfigJson } from "./harness.js";
import { launchSession, postTransaction } from "./wallet-harness.js";

/**
 * decisions.md §4: two providers serving one operator and one player share the operator's wallet, which deduplicates
 * on (player, transactionId) and finds a ROLLBACK's bet by its id alone. The service refuses what would make the
 * wallet take one provider's transaction for another's, before any wallet call, over real signed HTTP against the real
 * mock wallet.
 */
describe("transactionIds of two providers at one operator's wallet", () => {
  const dir = tempDir();
  let wallet: RunningWallet;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tokenA: string;
  let tokenB: string;

  beforeAll(async () => {
    wallet = await startWallet({ tenantId: OPERATOR.id, secret: OPERATOR.secret, players: { "p-1": 10_000 } });
    const json = testConfigJson({ wallet: wallet.url, sqlitePath: `${dir.path}/croupier.db` });
    const operators = json.operators as { providers: string[] }[];
    operators[0]!.providers = [PROVIDER.id, OTHER_PROVIDER.id];
    (json.providers as { currencies: string[] }[])[1]!.currencies = ["GBP", "EUR"];
    server = await startTestServer(json);
    tokenA = await launchSession(server.url, { playerRef: "p-1", gameId: "starfall" });
    tokenB = await launchSession(server.url, { playerRef: "p-1", gameId: "moonshot" });
  });
  afterAll(async () => {
    await server?.close();
    await wallet?.close();
    dir.remove();
  });

  const tx = (token: string, gameId: string, body: Record<string, unknown>) => ({
    sessionToken: token,
    playerRef: "p-1",
    currency: "EUR",
    gameId,
    roundId: "r-1",
    ...body,
  });
  const fromA = (body: Record<string, unknown>) => postTransaction(server.url, tx(tokenA, "starfall", body), PROVIDER);
  const fromB = (body: Record<string, unknown>) => postTransaction(server.url, tx(tokenB, "moonshot", { roundId: "r-b", ...body }), OTHER_PROVIDER);
  const walletIds = () => wallet.ledger.entries("p-1").map((entry) => entry.transactionId);

  it("refuses B's ROLLBACK naming A's BET (400, no wallet call): A's bet stays taken", async () => {
    expect((await fromA({ transactionId: "a-bet-1", type: "BET", amount: 1000 })).json).toEqual({ status: "OK", balance: 9000 });
    const rollback = await fromB({ transactionId: "b-rb-1", type: "ROLLBACK", originalTransactionId: "a-bet-1", amount: 1000 });
    expect(rollback.status).toBe(400);
    expect(rollback.json).toEqual({ error: "originalTransactionId belongs to another provider", code: "original_transaction_of_another_provider" });
    expect(walletIds()).toEqual(["a-bet-1"]);
    expect(wallet.ledger.balance("p-1")).toBe(9000);
    // A's own rollback of its bet is fine.
    expect((await fromA({ transactionId: "a-rb-1", type: "ROLLBACK", originalTransactionId: "a-bet-1", amount: 1000 })).json).toEqual({
      status: "OK",
      balance: 10_000,
    });
  });

  it("refuses A's WIN whose id B already sent (400, no wallet call) instead of answering it from the wallet's cache", async () => {
    // B guessed A's next WIN id and used it first, for a bet of its own.
    expect((await fromA({ transactionId: "a-bet-2", type: "BET", amount: 1000, roundId: "r-2" })).json).toEqual({ status: "OK", balance: 9000 });
    expect((await fromB({ transactionId: "a-win-2", type: "BET", amount: 100 })).json).toEqual({ status: "OK", balance: 8900 });
    const win = await fromA({ transactionId: "a-win-2", type: "WIN", amount: 5000, roundId: "r-2", roundComplete: true });
    expect(win.status).toBe(400);
    expect(win.json).toEqual({ error: "transactionId already used by another provider", code: "transaction_id_of_another_provider" });
    // The reverse too: B may not reuse an id A sent.
    const reuse = await fromB({ transactionId: "a-bet-2", type: "BET", amount: 100 });
    expect(reuse.json).toEqual({ error: "transactionId already used by another provider", code: "transaction_id_of_another_provider" });
    // A learns its WIN was refused (it can send it under a fresh id); nothing was recorded as OK that the wallet did not credit.
    expect((await fromA({ transactionId: "a-win-2-fresh", type: "WIN", amount: 5000, roundId: "r-2", roundComplete: true })).json).toEqual({
      status: "OK",
      balance: 13_900,
    });
    expect(walletIds()).toEqual(["a-bet-1", "a-rb-1", "a-bet-2", "a-win-2", "a-win-2-fresh"]);
    expect(await server.services.transactions.find({ providerId: PROVIDER.id, transactionId: "a-win-2" })).toBeUndefined();
    // Conservation: the wallet's balance is the start plus every move the service recorded as OK.
    const recorded = wallet.ledger.entries("p-1").reduce((sum, entry) => sum + entry.delta, 0);
    expect(wallet.ledger.balance("p-1")).toBe(10_000 + recorded);
    expect(wallet.ledger.balance("p-1")).toBe(13_900);
  });

  it("of two concurrent first uses of one id by two providers exactly one reaches the wallet", async () => {
    for (let round = 0; round < 10; round++) {
      const id = `race-${round}`;
      const replies = await Promise.all([
        fromA({ transactionId: id, type: "BET", amount: 10, roundId: `race-a-${round}` }),
        fromB({ transactionId: id, type: "BET", amount: 10, roundId: `race-b-${round}` }),
      ]);
      expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
      expect(walletIds().filter((walletId) => walletId === id)).toHaveLength(1);
    }
  });
});
