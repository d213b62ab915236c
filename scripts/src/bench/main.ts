#!/usr/bin/env node
// `npm run bench -- --help`: the benchmark of docs/benchmarks.md.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BENCH_USAGE, BenchUsageError, parseBenchOptions } from "./bench-options.js";
import { formatSummary, summarize } from "./bench-report.js";
import { runBench } from "./bench-run.js";

/** The commit measured, so pasted figures can be traced; absent outside a git checkout. */
function currentCommit(): string | undefined {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], {
      cwd: fileURLToPath(new URL("../../../", import.meta.url)),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return undefined;
  }
}

async function main(argv: string[]): Promise<number> {
  const options = parseBenchOptions(argv);
  if (options === null) {
    process.stdout.write(BENCH_USAGE);
    return 0;
  }
  const startedAt = new Date();
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const loadBefore = loadavg();
  const measurements = await runBench(options, log);
  const summary = summarize(measurements, options.rounds, options.openRates);
  const results = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    options,
    commit: currentCommit() ?? null,
    machine: {
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "",
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg(),
    },
    summary,
    peakRssMb: measurements.peakRssMb,
    records: measurements.records,
  };
  mkdirSync(options.outDir, { recursive: true });
  const file = join(options.outDir, `results-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  log("");
  log(formatSummary(summary, options.openRates));
  log("");
  if (options.quick) log("(quick mode: a smoke test; these timings are not meaningful)");
  log(`results written to ${file}`);
  if (summary.totalErrors > 0) {
    log(`${summary.totalErrors} failed calls:\n  ${summary.phasesWithErrors.join("\n  ")}`);
    return 1;
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const usage =
      error instanceof BenchUsageError || (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"));
    if (usage) process.stderr.write(`bench: ${error.message}\n\n${BENCH_USAGE}`);
    else process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(usage ? 2 : 1);
  },
);
