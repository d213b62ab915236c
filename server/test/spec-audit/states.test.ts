import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyReplayToken } from "@croupier/signing";
import { OTHER_OPERATOR, PROVIDER } from "../harness.js";
import { betRequest, launchSession, postTransaction } from "../wallet-harness.js";
import { operatorGet, operatorPost, providerPost, sleep, startWorld, type World } from "./world.js";

const GRANTS = "/v1/operator/free-spins/grants";

/** Spec "States and transitions" and the ledger/round rules of the resource tables. */
describe("states and transitions", () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld((json) => {
      json.limits.sessionTtlSeconds = 1;
      json.reconciler = { staleRoundSeconds: 1, sweepIntervalSeconds: 0.1 };
    });
  });
  afterAll(() => w.close());

  it("an expired session token is 401 on verify, transaction and balance", async () => {
    const token = await launchSession(w.url, { playerRef: "p-ttl" });
    expect((await providerPost(w.url, "/v1/wallet/session/verify", { sessionToken: token })).status).toBe(200);
    await sleep(2100);
    expect((await providerPost(w.url, "/v1/wallet/session/verify", { sessionToken: token })).status).toBe(401);
    expect((await postTransaction(w.url, betRequest(token, { playerRef: "p-ttl" }))).status).toBe(401);
    expect((await providerPost(w.url, "/v1/wallet/balance", { sessionToken: token })).status).toBe(401);
  });

  it("ledger rule: BET debits, WIN credits, zero WIN changes nothing", async () => {
    const token = await launchSession(w.url, { playerRef: "p-ledger" });
    const bet = betRequest(token, { playerRef: "p-ledger", amount: 100 });
    expect((await postTransaction(w.url, bet)).json).toEqual({ status: "OK", balance: 9_900 });
    expect((await postTransaction(w.url, betRequest(token, { playerRef: "p-ledger", type: "WIN", amount: 250, roundId: bet.roundId }))).json).toEqual(
      { status: "OK", balance: 10_150 },
    );
    expect(
      (await postTransaction(w.url, betRequest(token, { playerRef: "p-ledger", type: "WIN", amount: 0, roundId: bet.roundId, roundComplete: true })))
        .json,
    ).toEqual({ status: "OK", balance: 10_150 });
  });

  it("the reconciler rolls back only outstanding bets of rounds left open, never a completed round", async () => {
    const token = await launchSession(w.url, { playerRef: "p-rec" });
    const open = betRequest(token, { playerRef: "p-rec", amount: 30, roundId: "rec-open" });
    const closedBet = betRequest(token, { playerRef: "p-rec", amount: 40, roundId: "rec-closed" });
    const oneShot = betRequest(token, { playerRef: "p-rec", amount: 5, roundId: "rec-oneshot", roundComplete: true });
    for (const tx of [open, closedBet, oneShot]) expect((await postTransaction(w.url, tx)).status).toBe(200);
    expect(
      (await postTransaction(w.url, betRequest(token, { playerRef: "p-rec", type: "WIN", amount: 0, roundId: "rec-closed", roundComplete: true })))
        .status,
    ).toBe(200);
    await sleep(2000);
    const rollbacks = w.wallet.transactionCalls().filter((t) => t.type === "ROLLBACK" && t.playerRef === "p-rec");
    expect(rollbacks.map((t) => t.originalTransactionId)).toEqual([open.transactionId]);
    expect(w.wallet.balances.get("p-rec")).toBe(10_000 - 40 - 5);
  });

  it("round ownership: the same roundId under two operators are two rounds (replay resolves each to its own player)", async () => {
    const mine = await launchSession(w.url, { playerRef: "p-own-a" });
    const theirs = await launchSession(w.url, { playerRef: "p-own-b", operator: OTHER_OPERATOR });
    await postTransaction(w.url, betRequest(mine, { playerRef: "p-own-a", roundId: "shared-round", amount: 1, roundComplete: true }));
    await postTransaction(w.url, betRequest(theirs, { playerRef: "p-own-b", roundId: "shared-round", amount: 1, roundComplete: true }));
    const a = await operatorPost(w.url, "/v1/operator/rounds/replay", { roundId: "shared-round", gameId: "starfall" });
    const b = await operatorPost(w.url, "/v1/operator/rounds/replay", { roundId: "shared-round", gameId: "starfall" }, OTHER_OPERATOR);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const claims = (url: string) => verifyReplayToken(new URL(url).searchParams.get("token")!, [PROVIDER.secret]);
    expect(claims(a.json.replayUrl).playerRef).toBe("p-own-a");
    expect(claims(b.json.replayUrl).playerRef).toBe("p-own-b");
  });

  it("grant status values: only pending/active/cancelled/failed; expiresAt is not enforced", async () => {
    const past = await operatorPost(w.url, GRANTS, {
      playerRef: "p-gs",
      gameId: "starfall",
      spins: 1,
      currency: "EUR",
      idempotencyKey: `gs-${Date.now()}`,
      expiresAt: "2000-01-01T00:00:00Z",
    });
    expect(past.status).toBe(200);
    expect(past.json.status).toBe("active");
    const list = await operatorGet(w.url, GRANTS);
    for (const g of list.json) expect(["pending", "active", "cancelled", "failed"]).toContain(g.status);
    const cancelled = await operatorPost(w.url, `${GRANTS}/${past.json.id}/cancel`, undefined);
    expect(cancelled.json.status).toBe("cancelled");
    expect(Date.parse(cancelled.json.updatedAt)).toBeGreaterThanOrEqual(Date.parse(past.json.updatedAt));
    expect(cancelled.json.createdAt).toBe(past.json.createdAt);
  });
});
