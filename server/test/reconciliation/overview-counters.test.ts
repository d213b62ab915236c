import Database from "better-sqlite3";
import { join } from "node:path";
import pg from "pg";
import { afterEach, expect, it } from "vitest";
import { LATENCY_BUCKET_BOUNDS_MS } from "../../src/domain/ports/monitoring.js";
import { describeEachStore } from "../each-store.js";
import { OPERATOR, tempDir } from "../harness.js";
import { betRequest, eventually, postTransaction } from "../wallet-harness.js";
import { get, startReconciliationSetup } from "./reconciliation-harness.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type StoreConfig = { sqlitePath: string } | { url: string };
type Row = Record<string, unknown>;

/** Runs SQL straight on the service's database, beside the service: the ground truth the counters are held to. */
async function query(store: StoreConfig, sqlite: string, postgres: string, params: unknown[]): Promise<Row[]> {
  if ("sqlitePath" in store) {
    const db = new Database(store.sqlitePath);
    try {
      const statement = db.prepare(sqlite);
      return statement.reader ? (statement.all(...params) as Row[]) : (statement.run(...params), []);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: store.url });
  await client.connect();
  try {
    return (await client.query(postgres, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** What the overview said before the counters existed: a scan of the operator's transactions and their delivery logs. */
async function scan(store: StoreConfig, operatorId: string) {
  const counts = await query(
    store,
    "SELECT state, type, count(*) AS n FROM transactions WHERE operator_id = ? GROUP BY state, type",
    "SELECT state, type, count(*)::int AS n FROM transactions WHERE operator_id = $1 GROUP BY state, type",
    [operatorId],
  );
  const calls = await query(
    store,
    `SELECT c.value ->> 'outcome' AS outcome, (c.value ->> 'end') - (c.value ->> 'at') AS ms
     FROM transactions t, json_each(t.delivery_log) c WHERE t.operator_id = ?`,
    `SELECT c ->> 'outcome' AS outcome, ((c ->> 'end')::bigint - (c ->> 'at')::bigint)::int AS ms
     FROM transactions t, jsonb_array_elements(t.delivery_log) c WHERE t.operator_id = $1`,
    [operatorId],
  );
  const transactions: Record<string, number> = {
    total: 0,
    PENDING: 0,
    OK: 0,
    DECLINED: 0,
    FAILED: 0,
    TIMED_OUT: 0,
    BET: 0,
    WIN: 0,
    ROLLBACK: 0,
    ADJUSTMENT: 0,
  };
  for (const { state, type, n } of counts as { state: string; type: string; n: number }[]) {
    transactions.total! += n;
    transactions[state]! += n;
    transactions[type]! += n;
  }
  const walletCalls: Record<string, number> = { total: calls.length, OK: 0, DECLINED: 0, FAILED: 0, TIMED_OUT: 0, UNFINISHED: 0 };
  const durations: number[] = [];
  for (const { outcome, ms } of calls as { outcome: string | null; ms: number | null }[]) {
    walletCalls[outcome ?? "UNFINISHED"]! += 1;
    if (outcome !== null) durations.push(Math.max(0, ms!));
  }
  return { transactions, walletCalls, durations: durations.sort((a, b) => a - b) };
}

describeEachStore("the overview's per-minute counters", (database, storeName) => {
  it("equal a scan after settled, declined, failed, timed-out, resent and reversed calls, and need no transaction row", async () => {
    const dir = tempDir();
    cleanups.push(() => dir.remove());
    const store: StoreConfig = storeName === "SQLite" ? { sqlitePath: join(dir.path, "counters.db") } : (database() as { url: string });
    const { wallet, server, p1, p2, beta } = await startReconciliationSetup(
      { database: store, settlementRetry: { initialDelaySeconds: 0.05, maxDelaySeconds: 0.1, horizonSeconds: 60 } },
      cleanups,
      300,
    );
    const send = async (body: Record<string, unknown>) => (await postTransaction(server.url, body)).status;

    const bet = betRequest(p1, { roundId: "r-1", amount: 100 });
    expect(await send(bet)).toBe(200);
    expect(await send(betRequest(p1, { roundId: "r-1", type: "WIN", amount: 250, roundComplete: true }))).toBe(200);
    expect(await send(betRequest(p2, { roundId: "r-2", amount: 1_000_000, gameId: "nebula", playerRef: "p-2" }))).toBe(200); // declined
    const rolledBack = betRequest(p1, { roundId: "r-3", amount: 40 });
    expect(await send(rolledBack)).toBe(200);
    expect(await send(betRequest(p1, { roundId: "r-3", type: "ROLLBACK", amount: 40, originalTransactionId: rolledBack.transactionId }))).toBe(200);
    // A WIN the wallet fails twice, then the settlement retry settles: FAILED, PENDING, FAILED, PENDING, OK.
    const failing = betRequest(p1, { roundId: "r-4", type: "WIN", amount: 5 });
    let failures = 0;
    wallet.fault = (tx) => (tx.transactionId === failing.transactionId && failures++ < 2 ? { status: 502, body: { error: "down" } } : undefined);
    expect(await send(failing)).toBe(500);
    // A BET the wallet never answers: TIMED_OUT after the operator's 300 ms callback timeout.
    const held = betRequest(p2, { roundId: "r-5", amount: 10, gameId: "nebula", playerRef: "p-2" });
    const before = wallet.fault;
    wallet.fault = (tx) => (tx.transactionId === held.transactionId ? "hold" : before(tx));
    expect(await send(held)).toBeGreaterThanOrEqual(500);
    // Another operator's money never counts.
    expect(await send(betRequest(beta, { playerRef: "p-9", amount: 10 }))).toBe(200);
    await eventually(() => wallet.transactionCalls().filter((tx) => tx.transactionId === failing.transactionId).length === 3, 10_000);

    let expected: Awaited<ReturnType<typeof scan>> | undefined;
    let overview: Record<string, any> = {};
    // The retry and the service's own work settle in the background: compare once two scans around a read agree.
    await eventually(async () => {
      const first = await scan(store, OPERATOR.id);
      overview = (await get(server, "/v1/operator/overview")).json;
      expected = await scan(store, OPERATOR.id);
      return JSON.stringify(first) === JSON.stringify(expected) && expected.walletCalls.UNFINISHED === 0;
    }, 10_000);
    expect(expected!.transactions).toMatchObject({ total: 7, OK: 5, DECLINED: 1, TIMED_OUT: 1, BET: 4, WIN: 2, ROLLBACK: 1 });
    expect(expected!.walletCalls).toMatchObject({ OK: 5, DECLINED: 1, FAILED: 2, TIMED_OUT: 1 });
    expect(overview.transactions).toEqual(expected!.transactions);
    const { latencyP50Ms, latencyP99Ms, ...calls } = overview.walletCalls;
    expect(calls).toEqual(expected!.walletCalls);
    // Percentiles come from latency buckets: each in the bucket of the true one (nearest rank), the p99 at least the p50.
    const durations = expected!.durations;
    const bucketOf = (ms: number) => LATENCY_BUCKET_BOUNDS_MS.findIndex((bound) => ms <= bound);
    const rank = (p: number) => durations[Math.ceil(p * durations.length) - 1]!;
    expect(bucketOf(latencyP50Ms)).toBe(bucketOf(rank(0.5)));
    expect(bucketOf(latencyP99Ms)).toBe(bucketOf(rank(0.99)));
    expect(latencyP99Ms).toBeGreaterThanOrEqual(latencyP50Ms);
    // Minute by minute: the hour's 60 minutes, adding up to the window's figures.
    const minutes = overview.minutes as Record<string, number>[];
    expect(minutes).toHaveLength(60);
    const sum = (key: string) => minutes.reduce((total, minute) => total + minute[key]!, 0);
    expect(sum("transactions")).toBe(expected!.transactions.total);
    for (const outcome of ["OK", "DECLINED", "FAILED", "TIMED_OUT", "UNFINISHED"]) expect(sum(outcome)).toBe(expected!.walletCalls[outcome]);
    expect(Date.parse(overview.to) - Date.parse(overview.from)).toBeGreaterThan(59 * 60_000);
    expect(Date.parse(overview.to) - Date.parse(overview.from)).toBeLessThanOrEqual(3_600_000);

    // The overview reads the counters only: with every transaction row gone it still says the same.
    await query(store, "DELETE FROM transactions", "DELETE FROM transactions", []);
    const after = (await get(server, "/v1/operator/overview")).json;
    expect(after.transactions).toEqual(overview.transactions);
    expect(after.walletCalls).toEqual(overview.walletCalls);
    expect((await get(server, "/v1/operator/overview", { id: "op-beta", secret: "op-secret-2" })).json.transactions).toMatchObject({
      total: 1,
      OK: 1,
    });
  });
});
