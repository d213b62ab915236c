import { afterEach, describe, expect, it } from "vitest";
import { OPERATOR, PROVIDER, startTestServer, testConfigJson } from "./harness.js";
import { betRequest, eventually, launchSession, postTransaction, startTestWallet, type TestWallet } from "./wallet-harness.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(reconciler: { staleRoundSeconds: number; sweepIntervalSeconds: number } = { staleRoundSeconds: 0, sweepIntervalSeconds: 3600 }) {
  const wallet = await startTestWallet(10_000);
  const server = await startTestServer(testConfigJson({ wallet: wallet.url, reconciler }));
  cleanups.push(
    () => wallet.close(),
    () => server.close(),
  );
  const token = await launchSession(server.url, { playerRef: "p-1" });
  return { wallet, server, token };
}

const roundStatus = (server: Awaited<ReturnType<typeof startTestServer>>, roundId: unknown) =>
  server.services.transactions.roundStatus({ providerId: PROVIDER.id, operatorId: OPERATOR.id, gameId: "starfall", roundId: String(roundId) });
const rollbacksSent = (wallet: TestWallet) => wallet.transactionCalls().filter((t) => t.transactionId.startsWith("stale-rollback:"));

describe("stale-round reconciler", () => {
  it("sends exactly one synthetic ROLLBACK per outstanding bet, with the literal ids, and closes the round", async () => {
    const { wallet, server, token } = await setup();
    const roundId = "round-stale-1";
    const b1 = betRequest(token, { roundId, amount: 100 });
    const b2 = betRequest(token, { roundId, amount: 200 });
    const declined = betRequest(token, { roundId, amount: 1_000_000 });
    const unknown = betRequest(token, { roundId, amount: 300 });
    expect((await postTransaction(server.url, b1)).status).toBe(200);
    expect((await postTransaction(server.url, b2)).status).toBe(200);
    expect((await postTransaction(server.url, declined)).json.status).toBe("DECLINED");
    wallet.fault = (tx) => (tx.transactionId === unknown.transactionId ? "apply-then-hold" : undefined);
    expect((await postTransaction(server.url, unknown)).status).toBe(500);
    wallet.fault = undefined;
    expect(wallet.balances.get("p-1")).toBe(10_000 - 600);

    // Neither a completed round nor a bet the provider rolled back itself is touched.
    const done = betRequest(token, { roundId: "round-done", amount: 10, roundComplete: true });
    await postTransaction(server.url, done);
    const reversed = betRequest(token, { roundId: "round-reversed", amount: 10 });
    await postTransaction(server.url, reversed);
    await postTransaction(
      server.url,
      betRequest(token, { roundId: "round-reversed", type: "ROLLBACK", amount: 10, originalTransactionId: reversed.transactionId }),
    );

    const report = await server.services.reconciler.runOnce();
    expect(report.rollbacksSent).toBe(3);
    const sent = rollbacksSent(wallet);
    expect(sent.map((t) => t.transactionId).sort()).toEqual([b1, b2, unknown].map((b) => `stale-rollback:${String(b.transactionId)}`).sort());
    for (const tx of sent) {
      const bet = [b1, b2, unknown].find((b) => b.transactionId === tx.originalTransactionId);
      expect(tx).toMatchObject({
        type: "ROLLBACK",
        sessionToken: "system:stale-round-reconciler",
        roundId,
        playerRef: "p-1",
        amount: bet?.amount,
        currency: "EUR",
        gameId: "starfall",
      });
    }
    expect(wallet.balances.get("p-1")).toBe(10_000 - 10);
    expect(await roundStatus(server, roundId)).toBe("CLOSED");
    expect(await roundStatus(server, "round-done")).toBe("COMPLETED");
    expect(await roundStatus(server, "round-reversed")).toBe("CLOSED");

    // Re-running sends nothing more; a late retry of the reversed bet is reported as not taken and never resent.
    await server.services.reconciler.runOnce();
    expect(rollbacksSent(wallet)).toHaveLength(3);
    const late = await postTransaction(server.url, unknown);
    expect(late.json).toEqual({ status: "DECLINED", balance: expect.any(Number) });
    expect(wallet.transactionCalls().filter((t) => t.transactionId === unknown.transactionId)).toHaveLength(1);
  });

  it("keeps a round closing while a rollback fails and replays the same transactionId next sweep", async () => {
    const { wallet, server, token } = await setup();
    const bet = betRequest(token, { roundId: "round-retry", amount: 500 });
    await postTransaction(server.url, bet);
    wallet.fault = (tx) => (tx.type === "ROLLBACK" ? { status: 500, body: { error: "busy" } } : undefined);
    await server.services.reconciler.runOnce();
    expect(await roundStatus(server, "round-retry")).toBe("CLOSING");
    wallet.fault = undefined;
    await server.services.reconciler.runOnce();
    expect(await roundStatus(server, "round-retry")).toBe("CLOSED");
    expect(rollbacksSent(wallet).map((t) => t.transactionId)).toEqual([
      `stale-rollback:${String(bet.transactionId)}`,
      `stale-rollback:${String(bet.transactionId)}`,
    ]);
    expect(wallet.applied.filter((t) => t.type === "ROLLBACK")).toHaveLength(1);
    expect(wallet.balances.get("p-1")).toBe(10_000);
  });

  it("leaves the bets of a round the provider ended with a WIN that failed or timed out: the WIN is settled, never the bets reversed", async () => {
    const { wallet, server, token } = await setup();
    for (const [roundId, fault] of [
      ["round-win-failed", { status: 500, body: { error: "down" } }],
      ["round-win-lost", "apply-then-hold"],
    ] as const) {
      const bet = betRequest(token, { roundId, amount: 100 });
      expect((await postTransaction(server.url, bet)).status).toBe(200);
      const win = betRequest(token, { roundId, type: "WIN", amount: 30, roundComplete: true });
      wallet.fault = (tx) => (tx.transactionId === win.transactionId ? fault : undefined);
      expect((await postTransaction(server.url, win)).status).toBe(500);
      wallet.fault = undefined;
      wallet.releaseHeld();
      await server.services.reconciler.runOnce();
      expect(rollbacksSent(wallet), roundId).toHaveLength(0);
      // The provider's retry (or the platform's) settles the WIN; the round ends COMPLETED.
      expect((await postTransaction(server.url, win)).json.status).toBe("OK");
      expect(await roundStatus(server, roundId)).toBe("COMPLETED");
    }
    // Both rounds: -100 + 30, each applied once.
    expect(wallet.balances.get("p-1")).toBe(10_000 - 2 * 70);
  });

  it("tolerates a failing balance callback: the rollback goes out anyway", async () => {
    const { wallet, server, token } = await setup();
    const bet = betRequest(token, { roundId: "round-nobalance", amount: 50 });
    await postTransaction(server.url, bet);
    wallet.balanceFault = { status: 404, body: { error: "no balance endpoint" } };
    await server.services.reconciler.runOnce();
    expect(wallet.requests.some((r) => r.method === "GET")).toBe(true);
    expect(rollbacksSent(wallet)).toHaveLength(1);
    expect(await roundStatus(server, "round-nobalance")).toBe("CLOSED");
  });

  it("never sends a rollback twice when sweeps overlap (manual runs beside the timer)", async () => {
    // The round turns stale a second after its last bet, so the timer cannot close it between the two bets.
    const { wallet, server, token } = await setup({ staleRoundSeconds: 1, sweepIntervalSeconds: 0.05 });
    const originalHandle = wallet.handle;
    // A slow wallet makes every sweep long, so timer and manual runs pile up.
    wallet.handle = async (req, res) => {
      if (req.body.includes("stale-rollback:")) await new Promise((r) => setTimeout(r, 150));
      return originalHandle(req, res);
    };
    const bets = [betRequest(token, { roundId: "round-overlap", amount: 1 }), betRequest(token, { roundId: "round-overlap", amount: 2 })];
    for (const bet of bets) expect((await postTransaction(server.url, bet)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_050));
    await Promise.all([server.services.reconciler.runOnce(), server.services.reconciler.runOnce(), server.services.reconciler.runOnce()]);
    await eventually(async () => (await roundStatus(server, "round-overlap")) === "CLOSED");
    await new Promise((r) => setTimeout(r, 200));
    expect(
      rollbacksSent(wallet)
        .map((t) => t.transactionId)
        .sort(),
    ).toEqual(bets.map((b) => `stale-rollback:${String(b.transactionId)}`).sort());
  });

  it("leaves a bet whose own ROLLBACK failed to the settlement retry, and holds a bet retry while its reversal is unsettled", async () => {
    const { wallet, server, token } = await setup();
    const bet = betRequest(token, { roundId: "round-own-rollback", amount: 60 });
    await postTransaction(server.url, bet);
    wallet.fault = (tx) => (tx.type === "ROLLBACK" ? { status: 500, body: {} } : undefined);
    const own = betRequest(token, { roundId: "round-own-rollback", type: "ROLLBACK", amount: 60, originalTransactionId: bet.transactionId });
    expect((await postTransaction(server.url, own)).status).toBe(500);
    await server.services.reconciler.runOnce();
    expect(rollbacksSent(wallet)).toHaveLength(0);
    expect(await roundStatus(server, "round-own-rollback")).toBe("OPEN");

    // A timed-out bet whose synthetic reversal failed: the bet's retry must not race the reversal.
    const unknown = betRequest(token, { roundId: "round-unknown", amount: 70 });
    wallet.fault = (tx) => (tx.type === "BET" ? { status: 500, body: {} } : tx.type === "ROLLBACK" ? { status: 500, body: {} } : undefined);
    expect((await postTransaction(server.url, unknown)).status).toBe(500);
    await server.services.reconciler.runOnce();
    expect(rollbacksSent(wallet).map((t) => t.transactionId)).toEqual([`stale-rollback:${String(unknown.transactionId)}`]);
    wallet.fault = undefined;
    const held = await postTransaction(server.url, unknown);
    expect(held.status).toBe(409);
    expect(held.json.error).toMatch(/reconciler/);
    await server.services.reconciler.runOnce();
    expect(await roundStatus(server, "round-unknown")).toBe("CLOSED");
    expect((await postTransaction(server.url, unknown)).json.status).toBe("DECLINED");
    expect(wallet.applied.filter((t) => t.transactionId === unknown.transactionId)).toHaveLength(0);
  });

  it("waits for staleRoundSeconds of inactivity before touching a round", async () => {
    const { wallet, server, token } = await setup({ staleRoundSeconds: 3600, sweepIntervalSeconds: 3600 });
    await postTransaction(server.url, betRequest(token, { roundId: "round-fresh" }));
    const report = await server.services.reconciler.runOnce();
    expect(report.roundsExamined).toBe(0);
    expect(rollbacksSent(wallet)).toHaveLength(0);
    expect(await roundStatus(server, "round-fresh")).toBe("OPEN");
  });
});
