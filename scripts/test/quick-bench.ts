import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { tempDir } from "./process-harness.js";

const run = promisify(execFile);
const benchMain = fileURLToPath(new URL("../dist/bench/main.js", import.meta.url));

/** The parts of the bench's result JSON the tests read. */
export interface QuickBenchResults {
  options: { targets: string[] };
  records: {
    target: string;
    call: string;
    result: { mode: string; completed: number; throughput: number; errors: number; errorSamples: string[]; unfinished?: number };
    viewer?: { reads: number; limited: number; failed: number; failures: string[] };
    cpuSeconds: Record<string, number>;
    targetMainThreadCpuSeconds?: number;
    machineBusyShare?: number;
  }[];
  summary: { totalErrors: number; figures: { name: string; median: number | null }[] };
  peakRssMb: Record<string, number>;
}

/**
 * Runs the built bench in its shortest form (half-second phases, a few players) against `targets`, into a temp directory
 * it removes afterwards: a correctness check of the harness and its targets, not a timing run.
 */
export async function runQuickBench(
  targets: string[],
  options: { timeoutMs: number; env?: Record<string, string>; extraArgs?: string[] },
): Promise<{ stdout: string; results: QuickBenchResults }> {
  const outDir = tempDir();
  try {
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
        outDir.path,
        "--targets",
        targets.join(","),
        ...(options.extraArgs ?? []),
      ],
      { timeout: options.timeoutMs, env: { ...process.env, ...options.env } },
    );
    const files = readdirSync(outDir.path).filter((name) => /^results-.*\.json$/.test(name));
    if (files.length !== 1) throw new Error(`the bench wrote ${files.length} result files, not one: ${files.join(", ")}`);
    return { stdout, results: JSON.parse(readFileSync(join(outDir.path, files[0]!), "utf8")) as QuickBenchResults };
  } finally {
    outDir.remove();
  }
}
