import { expect, it } from "vitest";
import { LATENCY_BUCKET_BOUNDS_MS, type OperatorMinute } from "../ports/monitoring.js";
import { overviewFigures } from "./overview-figures.js";

/** One minute of calls that all ended OK, `counts[i]` of them in latency bucket `i`. */
function minuteWithCalls(counts: number[]): OperatorMinute {
  const calls = counts.reduce((sum, n) => sum + n, 0);
  const latencyBuckets = Array.from({ length: LATENCY_BUCKET_BOUNDS_MS.length + 1 }, (_, i) => counts[i] ?? 0);
  return {
    minute: 100,
    ...{ received: calls, bet: calls, win: 0, rollback: 0, adjustment: 0, pending: 0, ok: calls, declined: 0, failed: 0, timedOut: 0 },
    ...{ callsStarted: calls, callsOk: calls, callsDeclined: 0, callsFailed: 0, callsTimedOut: 0, latencyMsSum: 0, latencyBuckets },
  };
}

/** The bucket holding the nearest-rank percentile `p` of `counts`. */
function bucketOfRank(counts: number[], p: number): number {
  const rank = Math.ceil(p * counts.reduce((sum, n) => sum + n, 0));
  let seen = 0;
  return counts.findIndex((n) => (seen += n) >= rank);
}

it("places each percentile inside the bucket that holds its rank, whole milliseconds included", () => {
  // A bucket holds the durations above the bound before it, up to its own: a p50 interpolated to 1.33 ms and written as
  // 1 would read as the bucket below. Calls in a bucket and the one before it, in several proportions.
  for (let bucket = 1; bucket < LATENCY_BUCKET_BOUNDS_MS.length; bucket++) {
    for (const [below, within] of [
      [1, 3],
      [2, 5],
      [49, 100],
      [3, 1],
      [98, 3],
    ]) {
      const counts = Array.from({ length: bucket + 1 }, (_, i) => (i === bucket ? within! : i === bucket - 1 ? below! : 0));
      const { walletCalls, minutes } = overviewFigures(100, 100, [minuteWithCalls(counts)]);
      const figures: [number, number | null][] = [
        [0.5, walletCalls.latencyP50Ms],
        [0.99, walletCalls.latencyP99Ms],
        [0.95, minutes[0]!.latencyP95Ms],
      ];
      for (const [p, figure] of figures) {
        const holding = bucketOfRank(counts, p);
        const label = `p${p * 100} of ${below} calls in bucket ${bucket - 1} and ${within} in bucket ${bucket}: ${figure} ms`;
        expect(figure, label).toBeGreaterThan(holding === 0 ? 0 : LATENCY_BUCKET_BOUNDS_MS[holding - 1]!);
        expect(figure, label).toBeLessThanOrEqual(LATENCY_BUCKET_BOUNDS_MS[holding]!);
      }
    }
  }
});
