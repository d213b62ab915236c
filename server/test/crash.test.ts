import Database from "better-sqlite3";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { OPERATOR, PROVIDER, signedRequest, tempDir, testConfigJson } from "./harness.js";
import { betRequest, eventually, launchSession, postTransaction, spawnService, startTestWallet, type ServiceProcess } from "./wallet-harness.js";

const dir = tempDir();
const running: ServiceProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) await p.kill();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
afterAll(() => dir.remove());

/** Retries the provider's request the way a provider would (409 means wait; 500 means retry) until it is 200. */
async function retryUntilSettled(url: string, body: unknown) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const reply = await postTransaction(url, body);
    if (reply.status === 200 || Date.now() > deadline) return reply;
    expect([409, 500]).toContain(reply.status);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("crash safety (kill -9 of the service process)", () => {
  it("a crash while the wallet holds the callback loses nothing: after restart the retry debits exactly once", async () => {
    const wallet = await startTestWallet(10_000);
    cleanups.push(() => wallet.close());
    const json = testConfigJson({ wallet: wallet.url, sqlitePath: `${dir.path}/crash-bet.db` });
    const first = await spawnService(`${dir.path}/crash-bet.json`, json);
    running.push(first);
    const token = await launchSession(first.url);
    const bet = betRequest(token, { amount: 1234 });
    wallet.fault = () => "apply-then-hold";
    const lost = postTransaction(first.url, bet).catch(() => undefined);
    await eventually(() => wallet.applied.length === 1);
    await first.kill();
    await lost;

    wallet.fault = undefined;
    const second = await spawnService(`${dir.path}/crash-bet.json`, json);
    running.push(second);
    const reply = await retryUntilSettled(second.url, bet);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: "OK", balance: 10_000 - 1234 });
    expect(wallet.applied).toHaveLength(1);
    expect(wallet.balances.get("p-1")).toBe(10_000 - 1234);
    const sent = wallet.requests.filter((r) => r.method === "POST").map((r) => r.body);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent).size).toBe(1);
    // The record written before the crash is the one that settled: created by the first process, claimed again.
    await second.stop();
    const db = new Database(`${dir.path}/crash-bet.db`, { readonly: true });
    try {
      const row = db.prepare("SELECT state, attempts FROM transactions WHERE transaction_id = ?").get(bet.transactionId) as {
        state: string;
        attempts: number;
      };
      expect(row.state).toBe("OK");
      expect(row.attempts).toBeGreaterThanOrEqual(2);
    } finally {
      db.close();
    }
  });

  it("a crash in the middle of a reconciler sweep: the next process finishes it, one refund per bet", async () => {
    const wallet = await startTestWallet(10_000);
    cleanups.push(() => wallet.close());
    const json = testConfigJson({
      wallet: wallet.url,
      sqlitePath: `${dir.path}/crash-sweep.db`,
      reconciler: { staleRoundSeconds: 1, sweepIntervalSeconds: 0.05 },
    });
    const first = await spawnService(`${dir.path}/crash-sweep.json`, json);
    running.push(first);
    const token = await launchSession(first.url);
    const bets = [betRequest(token, { roundId: "round-crash", amount: 100 }), betRequest(token, { roundId: "round-crash", amount: 200 })];
    for (const bet of bets) expect((await postTransaction(first.url, bet)).status).toBe(200);
    // The sweep's first rollback is applied by the wallet, but the answer never comes back: then the crash.
    wallet.fault = (tx) => (tx.type === "ROLLBACK" ? "apply-then-hold" : undefined);
    await eventually(() => wallet.applied.some((t) => t.type === "ROLLBACK"), 5000);
    await first.kill();

    wallet.fault = undefined;
    const second = await spawnService(`${dir.path}/crash-sweep.json`, json);
    running.push(second);
    const roundStatus = () => {
      const db = new Database(`${dir.path}/crash-sweep.db`, { readonly: true });
      try {
        return db.prepare("SELECT status FROM rounds WHERE round_id = 'round-crash'").pluck().get();
      } finally {
        db.close();
      }
    };
    // The rollback left PENDING by the crash is resent once it is older than the callback timeout.
    await eventually(() => roundStatus() === "CLOSED", 8000, 100);
    await second.stop();

    const rollbacks = wallet.applied.filter((t) => t.type === "ROLLBACK");
    expect(rollbacks.map((t) => t.transactionId).sort()).toEqual(bets.map((b) => `stale-rollback:${String(b.transactionId)}`).sort());
    expect(wallet.balances.get("p-1")).toBe(10_000);
    const db = new Database(`${dir.path}/crash-sweep.db`, { readonly: true });
    try {
      expect(db.prepare("SELECT COUNT(*) FROM transactions WHERE type = 'ROLLBACK' AND state = 'OK'").pluck().get()).toBe(2);
    } finally {
      db.close();
    }
  });

  it("a restart keeps nonces (a replay is still refused) and portal changes (the new callback URL is used)", async () => {
    const walletA = await startTestWallet(10_000);
    const walletB = await startTestWallet(777);
    cleanups.push(
      () => walletA.close(),
      () => walletB.close(),
    );
    const json = { ...testConfigJson({ wallet: walletA.url, sqlitePath: `${dir.path}/restart.db` }), allowPrivateCallbackAddresses: true };
    const first = await spawnService(`${dir.path}/restart.json`, json);
    running.push(first);
    const token = await launchSession(first.url);
    const fixed = { nonce: "nonce-kept-across-restart", timestamp: Math.floor(Date.now() / 1000) };
    const body = { sessionToken: token };
    expect((await signedRequest(first.url, PROVIDER, "POST", "/v1/wallet/balance", body, fixed)).json).toEqual({ balance: 10_000 });
    const portal = await signedRequest(first.url, OPERATOR, "POST", "/portal/api/callback-url", { callbackUrl: walletB.url });
    expect(portal.status).toBe(200);
    await first.kill();

    const second = await spawnService(`${dir.path}/restart.json`, json);
    running.push(second);
    const replay = await signedRequest(second.url, PROVIDER, "POST", "/v1/wallet/balance", body, fixed);
    expect(replay.status).toBe(401);
    expect(replay.json).toEqual({ error: "replayed request", code: "replayed_request" });
    expect((await signedRequest(second.url, PROVIDER, "POST", "/v1/wallet/balance", body)).json).toEqual({ balance: 777 });
    const bet = await postTransaction(second.url, betRequest(token, { amount: 7 }));
    expect(bet.json).toEqual({ status: "OK", balance: 770 });
    expect(walletA.requests.filter((r) => r.method === "POST")).toHaveLength(0);
  });
});
