import type { ServiceSchemas } from "@croupier/contract";
import { LATENCY_BUCKET_BOUNDS_MS, type OperatorMinute } from "../ports/monitoring.js";

type Overview = ServiceSchemas["OverviewStats"];
const MINUTE_MS = 60_000;

/**
 * The overview's figures from the counters of the minutes `fromMinute` to `toMinute`. A transaction received before
 * the counters existed (the upgrade that added them) and settled since takes a count from a state that never had it,
 * and a call started before ends without a start: every figure is floored so that hour never shows a negative count.
 */
export function overviewFigures(
  fromMinute: number,
  toMinute: number,
  rows: OperatorMinute[],
): Pick<Overview, "transactions" | "walletCalls" | "minutes"> {
  const inWindow = rows.filter((row) => row.minute >= fromMinute && row.minute <= toMinute);
  const byMinute = new Map(inWindow.map((row) => [row.minute, row]));
  const minutes: Overview["minutes"] = [];
  for (let minute = fromMinute; minute <= toMinute; minute += 1) {
    const row = byMinute.get(minute);
    const calls = callFigures(row === undefined ? [] : [row]);
    minutes.push({
      at: new Date(minute * MINUTE_MS).toISOString(),
      transactions: Math.max(0, row?.received ?? 0),
      OK: calls.OK,
      DECLINED: calls.DECLINED,
      FAILED: calls.FAILED,
      TIMED_OUT: calls.TIMED_OUT,
      UNFINISHED: calls.UNFINISHED,
      latencyAvgMs: calls.ended === 0 ? null : Math.round(calls.latencyMsSum / calls.ended),
      latencyP95Ms: percentile(calls.buckets, 0.95),
    });
  }
  const sum = (count: (row: OperatorMinute) => number) =>
    Math.max(
      0,
      inWindow.reduce((total, row) => total + count(row), 0),
    );
  const window = callFigures(inWindow);
  return {
    transactions: {
      total: sum((r) => r.received),
      PENDING: sum((r) => r.pending),
      OK: sum((r) => r.ok),
      DECLINED: sum((r) => r.declined),
      FAILED: sum((r) => r.failed),
      TIMED_OUT: sum((r) => r.timedOut),
      BET: sum((r) => r.bet),
      WIN: sum((r) => r.win),
      ROLLBACK: sum((r) => r.rollback),
      ADJUSTMENT: sum((r) => r.adjustment),
    },
    walletCalls: {
      total: window.started,
      OK: window.OK,
      DECLINED: window.DECLINED,
      FAILED: window.FAILED,
      TIMED_OUT: window.TIMED_OUT,
      UNFINISHED: window.UNFINISHED,
      latencyP50Ms: percentile(window.buckets, 0.5),
      latencyP99Ms: percentile(window.buckets, 0.99),
    },
    minutes,
  };
}

/** The calls of some minutes: per outcome, their summed durations and their latency buckets added up. */
function callFigures(rows: OperatorMinute[]) {
  const add = (count: (row: OperatorMinute) => number) => rows.reduce((total, row) => total + count(row), 0);
  const OK = add((r) => r.callsOk);
  const DECLINED = add((r) => r.callsDeclined);
  const FAILED = add((r) => r.callsFailed);
  const TIMED_OUT = add((r) => r.callsTimedOut);
  const ended = OK + DECLINED + FAILED + TIMED_OUT;
  // Never fewer started than ended (a call started before the counters existed).
  const started = Math.max(
    ended,
    add((r) => r.callsStarted),
  );
  const buckets = LATENCY_BUCKET_BOUNDS_MS.map((_, i) => add((r) => r.latencyBuckets[i]!));
  buckets.push(add((r) => r.latencyBuckets[LATENCY_BUCKET_BOUNDS_MS.length]!));
  return { started, OK, DECLINED, FAILED, TIMED_OUT, UNFINISHED: started - ended, ended, latencyMsSum: add((r) => r.latencyMsSum), buckets };
}

/**
 * The nearest-rank percentile `p` of the bucketed durations, placed linearly within the bucket holding that rank (as
 * Prometheus' histogram_quantile does); the bucket beyond the last bound reads as that bound.
 */
function percentile(buckets: number[], p: number): number | null {
  const total = buckets.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.ceil(p * total);
  let seen = 0;
  for (const [i, n] of buckets.entries()) {
    if (seen + n >= rank) {
      const upper = LATENCY_BUCKET_BOUNDS_MS[i] ?? LATENCY_BUCKET_BOUNDS_MS.at(-1)!;
      const lower = i === 0 ? 0 : LATENCY_BUCKET_BOUNDS_MS[i - 1]!;
      // Rounded up: a bucket holds the durations above its lower bound, and a figure rounded down to it would read as the
      // bucket below.
      return Math.ceil(lower + ((upper - lower) * (rank - seen)) / n);
    }
    seen += n;
  }
  return null;
}
