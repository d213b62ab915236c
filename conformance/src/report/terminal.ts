import { incompleteExplanation, type ConformanceReport } from "./report.js";

/**
 * The readable report: one line per check, the expected and actual answer and the rule under each failure, and the
 * result: PASS, FAIL, INCOMPLETE (naming the skipped checks and why) or CREDENTIALS REFUSED (no check ran).
 */
export function formatTerminalReport(report: ConformanceReport): string {
  const lines = [`Croupier conformance: ${report.kind} checks against ${report.url} (tenant ${report.tenantId})`, ""];
  if (report.verdict === "credentials-refused") return `${[...lines, ...credentialsRefused(report), "", "Result: CREDENTIALS REFUSED"].join("\n")}\n`;
  let group = "";
  for (const result of report.results) {
    if (result.group !== group) {
      group = result.group;
      lines.push(group);
    }
    const mark = result.status === "pass" ? "PASS" : result.status === "fail" ? "FAIL" : "SKIP";
    lines.push(`  ${mark}  ${result.id.padEnd(3)} ${result.title}`);
    if (result.status === "fail") {
      lines.push(`        expected: ${result.expected}`, `        got:      ${result.got}`, `        rule:     ${result.rule}`);
    }
    if (result.status === "skip") lines.push(`        skipped: ${result.reason}`);
  }
  if (report.kind === "wallet") lines.push("", ...formatLedger(report));
  const { passed, failed, skipped, total } = report.summary;
  lines.push(
    "",
    `${passed} passed, ${failed} failed, ${skipped} skipped of ${total} checks in ${(report.durationMs / 1000).toFixed(1)} s (slowest answer ${report.slowestMs} ms)`,
    ...result(report),
  );
  return `${lines.join("\n")}\n`;
}

function result(report: ConformanceReport): string[] {
  if (report.verdict !== "incomplete") return [report.verdict === "pass" ? "Result: PASS" : "Result: FAIL"];
  const [headline, ...reasons] = incompleteExplanation(report);
  return [`Result: INCOMPLETE: ${headline}`, ...reasons];
}

/** Why a refused run checked nothing, and what to look at. */
export function credentialsRefused(report: ConformanceReport): string[] {
  const tenant = report.kind === "wallet" ? "operator id (--operator-id)" : "provider id (--provider-id)";
  return [
    `The run stopped: your credentials were refused: ${report.credentials.call}, signed as ${report.tenantId} with the secret given, was answered ${report.credentials.got}.`,
    `Check the ${tenant} and the secret (--secret): they must be the ones your ${report.kind === "wallet" ? "wallet" : "webhook receiver"} verifies`,
    "Croupier's calls with (or its signature check refuses a correctly signed call). No check was run.",
  ];
}

function formatLedger(report: ConformanceReport): string[] {
  if (report.ledger.length === 0) return ["Ledger: the kit sent no transaction."];
  const lines = [`Ledger: the ${report.ledger.length} transactions the kit sent, with the wallet's answers`];
  for (const line of report.ledger) {
    const kind = line.direction ? `${line.type} ${line.direction}` : line.type;
    lines.push(
      `  ${line.check.padEnd(7)} ${kind.padEnd(17)} ${String(line.amount).padStart(16)}  ${line.playerRef}  ${line.transactionId}  -> ${line.answer}`,
    );
  }
  for (const balance of report.balances) {
    const after = balance.after === undefined ? "not read" : String(balance.after);
    const note = balance.restored ? " (corrected by the kit's closing ADJUSTMENT)" : balance.after === balance.before ? " (left as found)" : "";
    lines.push(`  ${balance.playerRef}: balance ${balance.before} before, ${after} after${note}`);
  }
  return lines;
}
