/** Percentiles of one measurement, in milliseconds. */
export interface LatencySummary {
  samples: number;
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
}

/**
 * Collects every latency sample of one measurement. Runs are seconds long at a few thousand calls a second,
 * so keeping the raw samples is cheap and gives exact percentiles rather than bucketed ones.
 */
export class LatencyRecorder {
  private readonly samples: number[] = [];

  /** Adds one sample, in milliseconds. */
  record(ms: number): void {
    this.samples.push(ms);
  }

  /** Percentiles by nearest rank; all zero when nothing was recorded. */
  summary(): LatencySummary {
    const sorted = Float64Array.from(this.samples).sort();
    const total = sorted.reduce((sum, value) => sum + value, 0);
    return {
      samples: sorted.length,
      meanMs: round(sorted.length === 0 ? 0 : total / sorted.length),
      p50Ms: round(nearestRank(sorted, 0.5)),
      p90Ms: round(nearestRank(sorted, 0.9)),
      p99Ms: round(nearestRank(sorted, 0.99)),
      p999Ms: round(nearestRank(sorted, 0.999)),
      maxMs: round(sorted.length === 0 ? 0 : (sorted[sorted.length - 1] ?? 0)),
    };
  }
}

/** The smallest sample with at least `quantile` of all samples at or below it. */
export function nearestRank(sorted: Float64Array | readonly number[], quantile: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(quantile * sorted.length) - 1));
  return sorted[index] ?? 0;
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
