import { describe, expect, it } from "vitest";
import type { CallKind } from "../src/bench/bench-options.js";
import type { BenchMeasurements, PhaseRecord } from "../src/bench/bench-run.js";
import type { TargetName } from "../src/bench/bench-targets.js";
import { nearestRank } from "../src/bench/latency-recorder.js";
import { formatSummary, summarize } from "../src/bench/bench-report.js";
import { busyShareBetween, machineCpuTicks } from "../src/bench/proc-stats.js";

function record(round: number, target: TargetName, call: CallKind, throughput: number, p50Ms = 0, rate?: number, cpuSeconds = 0): PhaseRecord {
  return {
    round,
    target,
    call,
    cpuSeconds: { [target === "direct" ? "wallet" : target]: cpuSeconds },
    targetRssMb: 50,
    result: {
      mode: rate === undefined ? "closed" : "open",
      ...(rate === undefined ? {} : { offeredRate: rate }),
      connections: 4,
      durationMs: 1000,
      completed: throughput,
      errors: 0,
      errorSamples: [],
      throughput,
      latency: { samples: throughput, meanMs: p50Ms, p50Ms, p90Ms: p50Ms, p99Ms: p50Ms * 2, p999Ms: p50Ms * 3, maxMs: p50Ms * 4 },
    },
  };
}

describe("nearestRank", () => {
  it("picks the smallest sample with the quantile at or below it", () => {
    const sorted = Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(nearestRank(sorted, 0.5)).toBe(500);
    expect(nearestRank(sorted, 0.99)).toBe(990);
    expect(nearestRank(sorted, 0.999)).toBe(999);
    expect(nearestRank([7], 0.999)).toBe(7);
    expect(nearestRank([], 0.5)).toBe(0);
  });
});

describe("summarize", () => {
  // Three rounds whose absolute speed drifts 2x, while the ratio stays near 0.8 except in one outlier round.
  const records = [
    ...[1, 2, 3].flatMap((round) => {
      const scale = [1, 2, 0.5][round - 1]!;
      const croupierShare = [0.8, 0.2, 0.9][round - 1]!;
      return [
        record(round, "bare-proxy", "transaction", 1000 * scale, 0, undefined, scale),
        record(round, "croupier", "transaction", 1000 * scale * croupierShare, 0, undefined, scale * croupierShare * 3),
        record(round, "bare-proxy", "transaction", 500, 1.5, 500),
        record(round, "croupier", "transaction", 500, 1.5 + round, 500),
      ];
    }),
  ];
  const measurements: BenchMeasurements = { records, peakRssMb: { croupier: 120, "bare-proxy": 60, wallet: 80 }, postgresRoundTrips: [] };
  const summary = summarize(measurements, 3, [500]);
  const figure = (name: string) => summary.figures.find((f) => f.name === name)!;

  it("reports the median of the per-round ratios, not the ratio of medians", () => {
    const headline = figure("Croupier / bare proxy, saturated throughput");
    expect(headline.perRound).toEqual([0.8, 0.2, 0.9]);
    expect(headline.median).toBe(0.8);
    expect(headline.met).toBe(true);
  });

  it("subtracts the bare proxy's percentiles from Croupier's at the same rate, and checks the targets at 500 tx/s", () => {
    expect(figure("Croupier added p50 over bare proxy at 500 tx/s")).toMatchObject({ perRound: [1, 2, 3], median: 2, met: false });
    expect(figure("Croupier added p99 over bare proxy at 500 tx/s")).toMatchObject({ perRound: [2, 4, 6], median: 4, met: true });
  });

  it("divides each process's CPU by the calls it answered", () => {
    expect(figure("Croupier CPU per transaction / bare proxy CPU per transaction").median).toBe(3);
  });

  it("leaves a figure empty when its targets were not run, and checks peak RSS", () => {
    expect(figure("synchronous NORMAL / FULL, saturated throughput")).toMatchObject({ perRound: [], median: null });
    expect(figure("Croupier peak RSS over the run")).toMatchObject({ median: 120, met: true });
    expect(summary.totalErrors).toBe(0);
  });

  it("prints markdown rows for docs/benchmarks.md", () => {
    const text = formatSummary(summary, [500]);
    expect(text).toContain("| Croupier / bare proxy, saturated throughput | 0.8 | 0.8, 0.2, 0.9 | ratio | ≥ 0.75 | yes |");
    expect(text).toContain("| Croupier added p50 over bare proxy at 500 tx/s | 2 | 1, 2, 3 | ms | ≤ 1 | NO |");
    expect(text).toMatch(/\| croupier \| 450 \| 3\.5 \| 7 \| 10\.5 \|/); // medians of 800, 400, 450 tx/s and of p50 2.5, 3.5, 4.5 ms
  });
});

describe("machine busy", () => {
  // user nice system idle iowait irq softirq steal guest guest_nice, summed over the cores, then one line per core.
  const at = (user: number, idle: number, iowait: number) =>
    `cpu  ${user} 10 ${user / 2} ${idle} ${iowait} 5 5 0 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\nintr 99\n`;

  it("counts interrupts and stolen time as busy, waiting on I/O as idle", () => {
    expect(machineCpuTicks(at(100, 300, 40))).toEqual({ busy: 170, total: 510 });
  });

  it("gives the busy share of the ticks between two readings, and none when no tick passed", () => {
    expect(busyShareBetween(machineCpuTicks(at(100, 300, 40)), machineCpuTicks(at(500, 400, 40)))).toBe(600 / 700);
    expect(busyShareBetween(machineCpuTicks(at(100, 300, 40)), machineCpuTicks(at(100, 300, 40)))).toBeUndefined();
  });

  it("reads this machine's /proc/stat, whose ticks only grow", () => {
    const first = machineCpuTicks();
    expect(first.total).toBeGreaterThan(0);
    expect(first.busy).toBeLessThanOrEqual(first.total);
    let spin = 0;
    const until = Date.now() + 60; // 60 ms busy on this core: six ticks at the kernel's 100 a second
    while (Date.now() < until) spin++;
    const second = machineCpuTicks();
    expect(spin).toBeGreaterThan(0);
    expect(second.total).toBeGreaterThan(first.total);
    expect(second.busy).toBeGreaterThan(first.busy);
  });

  it("reports the median share of each target's closed loops", () => {
    const records = [0.5, 0.99, 0.97].map((share, i) => ({ ...record(i + 1, "croupier", "transaction", 1000), machineBusyShare: share }));
    const summary = summarize({ records, peakRssMb: {}, postgresRoundTrips: [] }, 3, [500]);
    expect(summary.targets[0]).toMatchObject({ target: "croupier", machineBusyShare: 0.97 });
    expect(formatSummary(summary, [500])).toMatch(/\| croupier \| 1000 \|.*\| 0\.97 \| – \|$/m);
  });
});

describe("summarize with the ledger proxy", () => {
  const records = [
    record(1, "bare-proxy", "transaction", 1000),
    record(1, "ledger-proxy", "transaction", 700),
    record(1, "croupier", "transaction", 560),
    record(1, "bare-proxy", "transaction", 500, 1.5, 500),
    record(1, "ledger-proxy", "transaction", 500, 2.25, 500),
  ];
  const summary = summarize({ records, peakRssMb: {}, postgresRoundTrips: [] }, 1, [500]);
  const figure = (name: string) => summary.figures.find((f) => f.name === name)!;

  it("puts the two durable writes alone against the bare proxy, and Croupier against them", () => {
    expect(figure("ledger proxy / bare proxy, saturated throughput").median).toBe(0.7);
    expect(figure("Croupier / ledger proxy, saturated throughput").median).toBe(0.8);
    expect(figure("ledger proxy added p50 over bare proxy at 500 tx/s").median).toBe(0.75);
  });
});

describe("summarize with a baseline build", () => {
  const records = [1, 2, 3].flatMap((round) => [
    record(round, "croupier", "transaction", 900 + round, 0, undefined, 0.9),
    record(round, "croupier-baseline", "transaction", 1000, 0, undefined, 1.2),
    record(round, "croupier", "balance", 1100, 0, undefined, 1.1),
    record(round, "croupier-baseline", "balance", 1000, 0, undefined, 1.2),
    record(round, "croupier", "verify", 2000),
    record(round, "croupier-baseline", "verify", 2500),
  ]);
  const summary = summarize({ records, peakRssMb: {}, postgresRoundTrips: [] }, 3, [500]);
  const figure = (name: string) => summary.figures.find((f) => f.name === name)!;

  it("compares the whole wallet path and the service's own CPU per transaction, round by round", () => {
    expect(figure("croupier / croupier-baseline, saturated throughput").median).toBe(0.902);
    expect(figure("balance: croupier / croupier-baseline throughput").median).toBe(1.1);
    expect(figure("session verify: croupier / croupier-baseline throughput").median).toBe(0.8);
    // 0.9 s over 901-903 calls against 1.2 s over 1,000: 0.832, 0.831, 0.830.
    expect(figure("transaction: croupier / croupier-baseline CPU per call").median).toBe(0.831);
    // 1 ms a call against 1.2; verify had no CPU reading, so no figure.
    expect(figure("balance: croupier / croupier-baseline CPU per call").median).toBe(0.833);
    expect(figure("session verify: croupier / croupier-baseline CPU per call")).toMatchObject({ perRound: [], median: null });
  });
});

describe("summarize with a baseline build on PostgreSQL", () => {
  const records = [1, 2, 3].flatMap((round) => [
    record(round, "croupier", "transaction", 2000),
    record(round, "croupier-pg", "transaction", 1200 + round),
    record(round, "croupier-pg-baseline", "transaction", 600),
  ]);
  const summary = summarize({ records, peakRssMb: {}, postgresRoundTrips: [] }, 3, [500]);
  const figure = (name: string) => summary.figures.find((f) => f.name === name)!;

  it("puts PostgreSQL before and after the change side by side, and each against SQLite", () => {
    expect(figure("croupier-pg / croupier-pg-baseline, saturated throughput").median).toBe(2.003);
    expect(figure("croupier-pg-baseline / croupier, saturated throughput").median).toBe(0.3);
    expect(figure("croupier-pg / croupier, saturated throughput").median).toBe(0.601);
  });
});

describe("PostgreSQL CPU per transaction", () => {
  it("is its backends' CPU over the calls the closed loop answered, in each target row and against its 0.5 ms target", () => {
    const pg = (round: number, seconds: number): PhaseRecord => ({
      ...record(round, "croupier-pg", "transaction", 1000),
      postgresCpuSeconds: seconds,
    });
    const summary = summarize({ records: [pg(1, 0.4), pg(2, 0.6), pg(3, 0.9)], peakRssMb: {}, postgresRoundTrips: [] }, 3, []);
    expect(summary.targets.find((t) => t.target === "croupier-pg")?.postgresCpuMsPerTx).toBe(0.6);
    const figure = summary.figures.find((f) => f.name === "croupier-pg: PostgreSQL CPU per transaction")!;
    expect(figure).toMatchObject({ perRound: [0.4, 0.6, 0.9], median: 0.6, target: { atMost: 0.5 }, met: false });
  });
});
