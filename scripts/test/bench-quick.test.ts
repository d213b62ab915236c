import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const benchMain = fileURLToPath(new URL("../dist/bench/main.js", import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), "croupier-bench-test-"));

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

interface Results {
  options: { targets: string[] };
  records: { target: string; call: string; result: { mode: string; completed: number; errors: number; unfinished?: number } }[];
  summary: { totalErrors: number; figures: { name: string; median: number | null }[] };
  peakRssMb: Record<string, number>;
}

// A correctness check of the harness, not a timing test: every target answers every call it is sent.
describe("npm run bench -- --quick", () => {
  it("drives every target through every phase with zero failed calls and writes the result JSON", async () => {
    const { stdout } = await run(
      process.execPath,
      [
        benchMain,
        "--quick",
        "--duration-ms",
        "500",
        "--warmup-ms",
        "100",
        "--rates",
        "100",
        "--connections",
        "4",
        "--players",
        "4",
        "--out-dir",
        outDir,
        "--targets",
        "direct,bare-proxy,ledger-proxy,croupier,croupier-normal,croupier-info",
      ],
      { timeout: 50_000 },
    );
    expect(stdout).toContain("| Croupier / bare proxy, saturated throughput |");
    const files = readdirSync(outDir).filter((name) => /^results-.*\.json$/.test(name));
    expect(files).toHaveLength(1);
    const results = JSON.parse(readFileSync(join(outDir, files[0]!), "utf8")) as Results;

    const targets = ["direct", "bare-proxy", "ledger-proxy", "croupier", "croupier-normal", "croupier-info"];
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
    const headline = results.summary.figures.find((f) => f.name === "Croupier / bare proxy, saturated throughput");
    expect(headline?.median).toBeGreaterThan(0);
    expect(results.peakRssMb.croupier).toBeGreaterThan(0);
  }, 60_000);
});
