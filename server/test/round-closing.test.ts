import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, testConfigJson } from "./harness.js";
import { get, post, problemOf } from "./reconciliation/reconciliation-harness.js";
import { expectOneWinnerPerRound, playRacingRounds, ROUND_CLOSED } from "./round-race.js";
import { betRequest, eventually, launchSession, postTransaction, startTestWallet, type TestWallet } from "./wallet-harness.js";

/**
 * Money at the round level (decisions.md §5), over real signed HTTP against the service on SQLite: a round the
 * reconciler closed takes no new transaction, a completing WIN and the reconciler never both pay, and a credit a person
 * resolved is never paid again. The PostgreSQL cluster's race is in cluster/round-closing.test.ts.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(config: Record<string, unknown>) {
  const wallet = await startTestWallet(10_000);
  const server = await startTestServer(testConfigJson({ wallet: wallet.url, ...config }));
  cleanups.push(
    () => wallet.close(),
    () => server.close(),
  );
  return { wallet, server };
}

const callsFor = (wallet: TestWallet, id: unknown) => wallet.transactionCalls().filter((t) => t.transactionId === id).length;

describe("a round the reconciler closed", () => {
  it("refuses a late WIN, BET or ROLLBACK with 400 ROUND_CLOSED and no wallet call; a retry of what came before keeps its answer", async () => {
    const { wallet, server } = await setup({ reconciler: { staleRoundSeconds: 0, sweepIntervalSeconds: 3600 } });
    const token = await launchSession(server.url, { playerRef: "p-1" });
    const roundId = "round-late";
    const bet = betRequest(token, { roundId, amount: 300 });
    const placed = await postTransaction(server.url, bet);
    expect(placed.json).toEqual({ status: "OK", balance: 9_700 });
    await server.services.reconciler.runOnce();
    expect(wallet.balances.get("p-1")).toBe(10_000);

    const calls = wallet.transactionCalls().length;
    // A provider that queued its credits through an outage sends the round's WIN now.
    const win = betRequest(token, { roundId, type: "WIN", amount: 900, roundComplete: true });
    const late = await postTransaction(server.url, win);
    expect([late.status, late.json]).toEqual([400, ROUND_CLOSED]);
    expect(late.headers.get("x-error-code")).toBe("ROUND_CLOSED");
    const another = await postTransaction(server.url, betRequest(token, { roundId, amount: 10 }));
    expect([another.status, another.json]).toEqual([400, ROUND_CLOSED]);
    const ownRollback = betRequest(token, { roundId, type: "ROLLBACK", amount: 300, originalTransactionId: bet.transactionId });
    expect((await postTransaction(server.url, ownRollback)).json).toEqual(ROUND_CLOSED);
    // Retried, still refused, and the wallet never heard of any of them.
    expect((await postTransaction(server.url, win)).json).toEqual(ROUND_CLOSED);
    expect(wallet.transactionCalls()).toHaveLength(calls);
    expect(wallet.balances.get("p-1")).toBe(10_000);

    // The bet was recorded before the round closed: its retry keeps its stored answer.
    expect((await postTransaction(server.url, bet)).json).toEqual({ status: "OK", balance: 9_700 });
    expect((await get(server, `/v1/operator/rounds/starfall/${roundId}`)).json).toMatchObject({ state: "RECONCILED" });
    // Another round of the same player is unaffected.
    expect((await postTransaction(server.url, betRequest(token, { roundId: "round-next", amount: 5 }))).status).toBe(200);
  });

  it("shows CLOSING until its rollbacks are applied, and takes nothing in it meanwhile", async () => {
    const { wallet, server } = await setup({ reconciler: { staleRoundSeconds: 0, sweepIntervalSeconds: 3600 } });
    const token = await launchSession(server.url, { playerRef: "p-1" });
    const bet = betRequest(token, { roundId: "round-closing", amount: 40 });
    await postTransaction(server.url, bet);
    wallet.fault = (tx) => (tx.type === "ROLLBACK" ? { status: 503, body: { error: "maintenance" } } : undefined);
    await server.services.reconciler.runOnce();
    expect((await get(server, "/v1/operator/rounds/starfall/round-closing")).json).toMatchObject({ state: "CLOSING" });
    const win = betRequest(token, { roundId: "round-closing", type: "WIN", amount: 80, roundComplete: true });
    expect((await postTransaction(server.url, win)).json).toEqual(ROUND_CLOSED);
    // The BET was settled before the round closed: its retry keeps its answer and is never sent again.
    expect((await postTransaction(server.url, bet)).json).toEqual({ status: "OK", balance: 9_960 });
    wallet.fault = undefined;
    await server.services.reconciler.runOnce();
    expect((await get(server, "/v1/operator/rounds/starfall/round-closing")).json).toMatchObject({ state: "RECONCILED" });
    expect(callsFor(wallet, win.transactionId)).toBe(0);
    expect(callsFor(wallet, bet.transactionId)).toBe(1);
    expect(wallet.balances.get("p-1")).toBe(10_000);
  });

  it("of a completing WIN and the reconciler racing on each of 24 rounds (a 400 ms balance callback), exactly one goes through", async () => {
    const { wallet, server } = await setup({ reconciler: { staleRoundSeconds: 0.2, sweepIntervalSeconds: 0.05 } });
    const rounds = await playRacingRounds(wallet, server.url, 24, (win) => postTransaction(server.url, win));
    expectOneWinnerPerRound(wallet, rounds);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a credit resolved by hand", () => {
  const FAST_HORIZON = { settlementRetry: { initialDelaySeconds: 0.02, maxDelaySeconds: 0.05, horizonSeconds: 0.3 } };

  /** A WIN the wallet keeps refusing until it is a problem; returns it and its problem's id. */
  async function unsettledWin(wallet: TestWallet, server: Awaited<ReturnType<typeof startTestServer>>, token: string) {
    const win = betRequest(token, { roundId: "round-resolved", type: "WIN", amount: 700 });
    wallet.fault = (tx) => (tx.transactionId === win.transactionId ? { status: 502, body: { error: "wallet down" } } : undefined);
    expect((await postTransaction(server.url, win)).status).toBe(500);
    return { win, problemId: (await problemOf(server, win.transactionId)).id };
  }

  it("is never paid again: the provider's retry after the horizon is answered 200 OK with the wallet's balance, with no transaction call", async () => {
    const { wallet, server } = await setup(FAST_HORIZON);
    const token = await launchSession(server.url, { playerRef: "p-1" });
    const { win, problemId } = await unsettledWin(wallet, server, token);
    // The operator paid the player another way, and marks the problem resolved.
    wallet.fault = undefined;
    wallet.balances.set("p-1", 10_700);
    const resolved = await post(server, `/v1/operator/problems/${problemId}/resolve`, { note: "paid by hand, ticket 4411" });
    expect(resolved.status).toBe(200);
    const calls = callsFor(wallet, win.transactionId);

    const retry = await postTransaction(server.url, win);
    expect([retry.status, retry.json]).toEqual([200, { status: "OK", balance: 10_700 }]);
    expect(callsFor(wallet, win.transactionId)).toBe(calls);
    // The platform never pays it either: a re-send is refused, and the settlement retry leaves it.
    const resend = await post(server, `/v1/operator/problems/${problemId}/resend`);
    expect([resend.status, resend.json.error]).toEqual([409, expect.stringMatching(/problem already resolved|resolved by hand/)]);
    await sleep(300);
    expect(callsFor(wallet, win.transactionId)).toBe(calls);
    expect(wallet.balances.get("p-1")).toBe(10_700);

    // The answer is the balance at that moment; a failing balance call is a retryable 500.
    wallet.balances.set("p-1", 10_650);
    expect((await postTransaction(server.url, win)).json).toEqual({ status: "OK", balance: 10_650 });
    wallet.balanceFault = { status: 500, body: { error: "down" } };
    const failing = await postTransaction(server.url, win);
    expect([failing.status, failing.json.code]).toEqual([500, "retryable_failure"]);
    expect(callsFor(wallet, win.transactionId)).toBe(calls);
  });

  it("as a refunding ROLLBACK lets its round close: RECONCILED once stale, no synthetic rollback, no round problem", async () => {
    const { wallet, server } = await setup({ ...FAST_HORIZON, reconciler: { staleRoundSeconds: 0, sweepIntervalSeconds: 3600 } });
    const token = await launchSession(server.url, { playerRef: "p-1" });
    const bet = betRequest(token, { roundId: "round-refunded", amount: 200 });
    expect((await postTransaction(server.url, bet)).json).toEqual({ status: "OK", balance: 9_800 });
    const rollback = betRequest(token, { roundId: "round-refunded", type: "ROLLBACK", amount: 200, originalTransactionId: bet.transactionId });
    wallet.fault = (tx) => (tx.transactionId === rollback.transactionId ? { status: 502, body: { error: "wallet down" } } : undefined);
    expect((await postTransaction(server.url, rollback)).status).toBe(500);
    const problemId = (await problemOf(server, rollback.transactionId)).id;
    // The support desk refunded the stake by hand.
    wallet.fault = undefined;
    wallet.balances.set("p-1", 10_000);
    expect((await post(server, `/v1/operator/problems/${problemId}/resolve`, { note: "refunded by hand" })).status).toBe(200);
    const calls = wallet.transactionCalls().length;

    // Before, the resolved reversal counted as one the provider still had out: the round stayed OPEN for good and each
    // sweep queued it again as an UNCLOSED_ROUND problem, however often a person resolved that.
    await server.services.reconciler.runOnce();
    expect((await get(server, "/v1/operator/rounds/starfall/round-refunded")).json).toMatchObject({ state: "RECONCILED" });
    const open = (await get(server, "/v1/operator/problems")).json.items as { roundId: string }[];
    expect(open.filter((p) => p.roundId === "round-refunded")).toEqual([]);
    // Closed like any other: a late WIN is refused, and the wallet heard nothing more of the round.
    const late = betRequest(token, { roundId: "round-refunded", type: "WIN", amount: 500, roundComplete: true });
    expect((await postTransaction(server.url, late)).json).toEqual(ROUND_CLOSED);
    expect((await postTransaction(server.url, rollback)).json).toEqual({ status: "OK", balance: 10_000 });
    expect(wallet.transactionCalls()).toHaveLength(calls);
    expect(wallet.balances.get("p-1")).toBe(10_000);
  });

  it("as the reconciler's reversal of an unsettled bet answers the bet's retry DECLINED with the wallet's balance, not 409 for good", async () => {
    const { wallet, server } = await setup({ ...FAST_HORIZON, reconciler: { staleRoundSeconds: 0, sweepIntervalSeconds: 3600 } });
    const token = await launchSession(server.url, { playerRef: "p-1" });
    const bet = betRequest(token, { roundId: "round-unsettled", amount: 200 });
    const reversalId = `stale-rollback:${String(bet.transactionId)}`;
    wallet.fault = (tx) => ([bet.transactionId, reversalId].includes(tx.transactionId) ? { status: 502, body: { error: "wallet down" } } : undefined);
    expect((await postTransaction(server.url, bet)).status).toBe(500);
    await server.services.reconciler.runOnce();
    const problemId = (await problemOf(server, reversalId)).id;
    wallet.fault = undefined;
    expect((await post(server, `/v1/operator/problems/${problemId}/resolve`, { note: "stake checked by hand" })).status).toBe(200);
    await server.services.reconciler.runOnce();
    expect((await get(server, "/v1/operator/rounds/starfall/round-unsettled")).json).toMatchObject({ state: "RECONCILED" });
    const calls = wallet.transactionCalls().length;

    // Before, the bet's retry was "being reversed; retry later" (409) for good, so a provider retried it for ever.
    wallet.balances.set("p-1", 10_040);
    const retry = await postTransaction(server.url, bet);
    expect([retry.status, retry.json]).toEqual([200, { status: "DECLINED", balance: 10_040 }]);
    wallet.balanceFault = { status: 500, body: { error: "down" } };
    const failing = await postTransaction(server.url, bet);
    expect([failing.status, failing.json.code]).toEqual([500, "retryable_failure"]);
    expect(wallet.transactionCalls()).toHaveLength(calls);
  });

  it("cannot be resolved while a re-send of it is out", async () => {
    const { wallet, server } = await setup(FAST_HORIZON);
    const token = await launchSession(server.url, { playerRef: "p-1" });
    const { win, problemId } = await unsettledWin(wallet, server, token);
    wallet.fault = (tx) => (tx.transactionId === win.transactionId ? "hold" : undefined);
    const resend = post(server, `/v1/operator/problems/${problemId}/resend`);
    await eventually(() => callsFor(wallet, win.transactionId) >= 2);
    const refused = await post(server, `/v1/operator/problems/${problemId}/resolve`, { note: "paid by hand" });
    expect([refused.status, refused.json.error]).toEqual([409, "a call for this transaction is in flight; retry later"]);
    wallet.releaseHeld();
    await resend;
    wallet.fault = undefined;
    expect((await post(server, `/v1/operator/problems/${problemId}/resolve`, { note: "paid by hand" })).status).toBe(200);
    expect(wallet.applied.filter((t) => t.transactionId === win.transactionId)).toHaveLength(0);
  });
});
