#!/usr/bin/env node
import { writeFileSync } from "node:fs";
import { parseCommand, UsageError, USAGE } from "./cli-options.js";
import type { ProgressListener } from "./check.js";
import { runProviderChecks } from "./provider/run-provider-checks.js";
import { formatJunitReport } from "./report/junit.js";
import { exitCodeOf } from "./report/report.js";
import { formatTerminalReport } from "./report/terminal.js";
import { runWalletChecks } from "./wallet/run-wallet-checks.js";

/** `croupier-conformance`: runs the checks, prints the report, writes the files asked for, exits 0, 1, 2 or 3. */
async function main(argv: string[]): Promise<number> {
  let command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`croupier-conformance: ${error.message}\nRun croupier-conformance --help for the options.\n`);
    return 2;
  }
  if (command.kind === "help") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const onProgress = progressLine();
  const report =
    command.kind === "wallet"
      ? await runWalletChecks({ ...command.options, onProgress })
      : await runProviderChecks({ ...command.options, onProgress });
  process.stdout.write(formatTerminalReport(report));
  try {
    if (command.junit) writeFileSync(command.junit, formatJunitReport(report));
    if (command.json) writeFileSync(command.json, `${JSON.stringify(report, null, 2)}\n`);
  } catch (error) {
    process.stderr.write(`croupier-conformance: cannot write the report: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  return exitCodeOf(report.verdict);
}

/** A one-line progress display on a terminal (stderr), rewritten in place; nothing when stderr is not a terminal. */
function progressLine(): ProgressListener {
  if (!process.stderr.isTTY) return () => {};
  return (done, total, check) => {
    const line = done === total ? "" : `[${String(done + 1).padStart(2)}/${total}] ${check.id} ${check.title}`;
    process.stderr.write(`\r\u001b[2K${line.slice(0, (process.stderr.columns ?? 100) - 1)}`);
  };
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`croupier-conformance: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
