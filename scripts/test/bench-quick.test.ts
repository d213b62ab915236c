import { describe, expect, it } from "vitest";
import { runQuickBench } from "./quick-bench.js";

// A correctness check of the harness, not a timing test: every target answers every call it is sent.
describe("npm run bench -- --quick", () => {
  it("drives every target through every phase with zero failed calls and writes the result JSON", async () => {
    const targets = ["direct", "bare-proxy", "ledger-proxy", "croupier", "croupier-normal", "croupier-info"];
    const { stdout, results } = await runQuickBench(targets, { timeoutMs: 50_000 });
    expect(stdout).toContain("| Croupier / bare proxy, saturated throughput |");
    expect(results.options.targets).toEqual(targets);
    for (const target of targets) {
      const phases = results.records.filter((r) => r.target === target && r.call === "transaction").map((r) => r.result.mode);
      expect(phases, target).toEqual(["closed", "open"]);
    }
    for (const call of ["balance", "verify", "launch"])
      expect(
        results.records.some((r) => r.call === call),
        call,
      ).toBe(true);
    for (const record of results.records) expect(record.result.errors, `${record.target} ${record.call} ${record.result.mode}`).toBe(0);
    // Per target rather than per phase: on a loaded machine one short window may see no call both start and end.
    for (const target of targets) {
      const answered = results.records.filter((r) => r.target === target).reduce((sum, r) => sum + r.result.completed, 0);
      expect(answered, target).toBeGreaterThan(0);
    }
    expect(results.summary.totalErrors).toBe(0);
    // Computed, whatever its value: on a loaded machine one half-second window may answer no call.
    const headline = results.summary.figures.find((f) => f.name === "Croupier / bare proxy, saturated throughput");
    expect(headline?.median).toEqual(expect.any(Number));
    expect(results.peakRssMb.croupier).toBeGreaterThan(0);
    // The machine was busy during every window: at least the loader ran.
    for (const record of results.records) {
      expect(record.machineBusyShare, `${record.target} ${record.call}`).toBeGreaterThan(0);
      expect(record.machineBusyShare, `${record.target} ${record.call}`).toBeLessThanOrEqual(1);
    }
  }, 60_000);
});
