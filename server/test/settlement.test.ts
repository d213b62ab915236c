import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DATABASE_GAUGE_TTL_MS } from "../src/observability/metrics.js";
import { ADMIN_SCRIPT, OPERATOR, PROVIDER, startTestServer, tempDir, testConfigJson } from "./harness.js";
import { betRequest, eventually, launchSession, postTransaction, startTestWallet } from "./wallet-harness.js";

const dir = tempDir();
afterAll(() => dir.remove());

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(settlementRetry: { initialDelaySeconds: number; maxDelaySeconds: number; horizonSeconds: number }, sqlitePath?: string) {
  const wallet = await startTestWallet(10_000);
  const server = await startTestServer(testConfigJson({ wallet: wallet.url, settlementRetry, ...(sqlitePath ? { sqlitePath } : {}) }));
  cleanups.push(
    () => wallet.close(),
    () => server.close(),
  );
  const token = await launchSession(server.url, { playerRef: "p-1" });
  return { wallet, server, token };
}

describe("settlement retry of credits", () => {
  it("resends a failed WIN with the same id and identical body on a doubling backoff until it is applied, exactly once", async () => {
    const { wallet, server, token } = await setup({ initialDelaySeconds: 0.05, maxDelaySeconds: 0.2, horizonSeconds: 60 });
    let failures = 0;
    wallet.fault = (tx) => (tx.type === "WIN" && failures++ < 4 ? { status: 500, body: { error: "ledger locked" } } : undefined);
    const win = betRequest(token, { type: "WIN", amount: 900 });
    const key = { providerId: PROVIDER.id, transactionId: win.transactionId as string };
    const first = await postTransaction(server.url, win);
    expect(first.status).toBe(500);
    const failed = await server.services.transactions.find(key);
    expect(failed?.state).toBe("FAILED");
    expect((failed?.nextRetryAt ?? 0) - (failed?.updatedAt ?? 0)).toBe(50);

    await eventually(async () => (await server.services.transactions.find(key))?.state === "OK");
    const calls = wallet.requests.filter((r) => r.method === "POST" && r.body.includes(win.transactionId as string));
    expect(calls).toHaveLength(5);
    expect(new Set(calls.map((c) => c.body)).size).toBe(1);
    expect(wallet.applied.filter((t) => t.transactionId === win.transactionId)).toHaveLength(1);
    expect(wallet.balances.get("p-1")).toBe(10_900);

    // The provider's own retry now gets the stored answer without another call.
    const retry = await postTransaction(server.url, win);
    expect(retry.json).toEqual({ status: "OK", balance: 10_900 });
    expect(wallet.requests.filter((r) => r.method === "POST" && r.body.includes(win.transactionId as string))).toHaveLength(5);
  });

  it("resends a timed-out ROLLBACK; the wallet's cached answer settles it without a second refund", async () => {
    const { wallet, server, token } = await setup({ initialDelaySeconds: 0.05, maxDelaySeconds: 0.1, horizonSeconds: 60 });
    const bet = betRequest(token, { amount: 400 });
    await postTransaction(server.url, bet);
    const rollback = betRequest(token, { type: "ROLLBACK", amount: 400, originalTransactionId: bet.transactionId, roundId: bet.roundId });
    wallet.fault = (tx) => (tx.type === "ROLLBACK" ? "apply-then-hold" : undefined);
    expect((await postTransaction(server.url, rollback)).status).toBe(500);
    wallet.fault = undefined;
    await eventually(
      async () =>
        (await server.services.transactions.find({ providerId: PROVIDER.id, transactionId: rollback.transactionId as string }))?.state === "OK",
    );
    expect(wallet.applied.filter((t) => t.type === "ROLLBACK")).toHaveLength(1);
    expect(wallet.balances.get("p-1")).toBe(10_000);
  });

  it("never resends a BET: its unknown outcome is the reconciler's to resolve", async () => {
    const { wallet, server, token } = await setup({ initialDelaySeconds: 0.02, maxDelaySeconds: 0.02, horizonSeconds: 60 });
    wallet.fault = () => ({ status: 500, body: {} });
    const bet = betRequest(token);
    expect((await postTransaction(server.url, bet)).status).toBe(500);
    await new Promise((r) => setTimeout(r, 200));
    expect(wallet.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });

  it("flags a credit the operator never applies as a problem after the horizon, stops resending it, and `admin problems` lists it", async () => {
    const sqlitePath = `${dir.path}/problems.db`;
    const { wallet, server, token } = await setup({ initialDelaySeconds: 0.02, maxDelaySeconds: 0.05, horizonSeconds: 0.3 }, sqlitePath);
    wallet.fault = () => ({ status: 502, body: { error: "never" } });
    const win = betRequest(token, { type: "WIN", amount: 5 });
    expect((await postTransaction(server.url, win)).status).toBe(500);
    await eventually(async () => (await server.services.transactions.problems()).some((p) => p.transactionId === win.transactionId));
    const problem = (await server.services.transactions.problems()).find((p) => p.transactionId === win.transactionId);
    expect(problem).toMatchObject({ type: "WIN", amount: 5, state: "FAILED", problem: true });
    expect(problem?.attempts).toBeGreaterThan(2);
    const calls = wallet.requests.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(wallet.requests.length).toBe(calls);

    const configFile = `${dir.path}/problems.json`;
    writeFileSync(configFile, JSON.stringify(testConfigJson({ wallet: wallet.url, sqlitePath })));
    const listed = spawnSync(process.execPath, [ADMIN_SCRIPT, "problems", "--config", configFile], { encoding: "utf8" });
    expect(listed.status).toBe(0);
    const lines = listed.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([expect.objectContaining({ transactionId: win.transactionId, type: "WIN", amount: 5, providerId: PROVIDER.id })]);

    // The problems queue is the one source: once a person resolves the problem, neither the metric nor the tool counts it.
    const problemsGauge = async () => /^croupier_transactions_problems\{[^}]*\} (\d+)$/m.exec((await server.services.metrics.scrape()).body)?.[1];
    expect(await problemsGauge()).toBe("1");
    const [queued] = (await server.services.problems.list(OPERATOR.id, {})).items;
    await server.services.problems.resolve({ operatorId: OPERATOR.id, actor: "test" }, String(queued!.id), "paid by hand");
    // The gauge is read from the database at most every DATABASE_GAUGE_TTL_MS (metrics.ts), so the resolution shows at the next read.
    await eventually(async () => (await problemsGauge()) === "0", DATABASE_GAUGE_TTL_MS + 3_000, 250);
    const after = spawnSync(process.execPath, [ADMIN_SCRIPT, "problems", "--config", configFile], { encoding: "utf8" });
    expect([after.status, after.stdout]).toEqual([0, ""]);
  });
});
