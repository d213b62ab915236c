import { setTimeout as sleep } from "node:timers/promises";
import { request } from "undici";
import { committedTransactions, type BenchDatabase } from "./bench-postgres.js";
import type { Target } from "./bench-targets.js";
import type { Workload } from "./load-generator.js";

/** PostgreSQL round trips per money-path transaction on one target, from the database's commit count. */
export interface RoundTripCount {
  target: string;
  /** Money-path transactions sent (BETs and WINs). */
  transactions: number;
  /** Commits those transactions caused, after the background rate was subtracted. */
  commits: number;
  perTransaction: number;
  /** Commits per second with no load (heartbeats, settings re-reads, job leases), subtracted. */
  backgroundPerSecond: number;
}

/** How many BET+WIN pairs the count sends. */
const PAIRS = 200;
/** Longer than PostgreSQL's longest delay before an idle backend's statistics reach `pg_stat_database` (10 s). */
const STATS_SETTLE_MS = 12_000;

/**
 * Counts commits in the target's database while it settles `PAIRS` BET+WIN pairs sent one at a time (round-robin over
 * its instances), and subtracts the commits its background work makes at the rate measured just before with no load.
 */
export async function countRoundTrips(target: Target, workload: Workload, database: BenchDatabase): Promise<RoundTripCount> {
  await sleep(STATS_SETTLE_MS);
  const idleFrom = await committedTransactions(database);
  const idleStart = performance.now();
  await sleep(STATS_SETTLE_MS);
  const before = await committedTransactions(database);
  const backgroundPerSecond = (before - idleFrom) / ((performance.now() - idleStart) / 1000);
  const loadStart = performance.now();
  let sent = 0;
  for (let seq = 0; seq < PAIRS; seq++) {
    for (let step = 0; step < workload.callsPerUnit; step++) {
      const call = workload.call(seq, step);
      const response = await request(`${target.urls[sent++ % target.urls.length]}${call.path}`, {
        method: call.method,
        headers: call.headers,
        body: call.body ?? null,
      });
      const text = await response.body.text();
      if (!workload.accept(response.statusCode, text))
        throw new Error(`${target.name}: round-trip count call refused: ${response.statusCode} ${text.slice(0, 200)}`);
    }
  }
  await sleep(STATS_SETTLE_MS);
  const after = await committedTransactions(database);
  const commits = Math.round(after - before - backgroundPerSecond * ((performance.now() - loadStart) / 1000));
  return {
    target: target.name,
    transactions: sent,
    commits,
    perTransaction: Math.round((commits / sent) * 100) / 100,
    backgroundPerSecond: Math.round(backgroundPerSecond * 10) / 10,
  };
}
