import type { CheckResult } from "../check.js";
import type { CredentialsResult } from "../credentials.js";
import type { LedgerLine, PlayerBalanceRecord } from "../wallet/wallet-context.js";

/**
 * What a run comes to: every check ran and passed; one failed; none failed but some were skipped (not a pass); or
 * the receiver refused the kit's credentials, so no check ran.
 */
export type Verdict = "pass" | "fail" | "incomplete" | "credentials-refused";

/** What a run found: every check's result, the totals, and for wallet runs the ledger of what the kit moved. */
export interface ConformanceReport {
  kind: "wallet" | "provider";
  /** The base address checked. */
  url: string;
  tenantId: string;
  startedAt: string;
  durationMs: number;
  /** The run's first call, signed with the tenant id and secret given: refused, it stops the run before any check. */
  credentials: CredentialsResult;
  results: CheckResult[];
  summary: { total: number; passed: number; failed: number; skipped: number };
  verdict: Verdict;
  /** True only for the verdict `pass`: every check ran and none failed. */
  ok: boolean;
  /** Wallet runs: every transaction the kit sent, in order, with the wallet's answer. */
  ledger: LedgerLine[];
  /** Wallet runs: each player's balance before and after the run. */
  balances: PlayerBalanceRecord[];
  /** The slowest answer, milliseconds. */
  slowestMs: number;
}

/** Builds the report from the results of a run that began at `startedAt` and ends now. */
export function buildReport(
  parts: Omit<ConformanceReport, "summary" | "verdict" | "ok" | "startedAt" | "durationMs"> & { startedAt: Date },
): ConformanceReport {
  const count = (status: CheckResult["status"]) => parts.results.filter((result) => result.status === status).length;
  const summary = { total: parts.results.length, passed: count("pass"), failed: count("fail"), skipped: count("skip") };
  const verdict: Verdict = !parts.credentials.accepted
    ? "credentials-refused"
    : summary.failed > 0
      ? "fail"
      : summary.skipped > 0
        ? "incomplete"
        : "pass";
  const { kind, url, tenantId, startedAt, ...rest } = parts;
  // The report's own field order (a JSON file people read): the run's identity and timing first.
  const timed = { kind, url, tenantId, startedAt: startedAt.toISOString(), durationMs: Date.now() - startedAt.getTime() };
  return { ...timed, ...rest, summary, verdict, ok: verdict === "pass" };
}

/** The CLI's exit code for a verdict: 0 pass, 1 a check failed, 2 credentials refused (as a usage mistake), 3 incomplete. */
export function exitCodeOf(verdict: Verdict): number {
  return { pass: 0, fail: 1, "credentials-refused": 2, incomplete: 3 }[verdict];
}

/** Why an incomplete run is not a pass: a headline, then the skipped checks' ids by the reason they were skipped. */
export function incompleteExplanation(report: ConformanceReport): string[] {
  const groups = new Map<string, string[]>();
  for (const result of report.results) {
    if (result.status === "skip") groups.set(result.reason ?? "skipped", [...(groups.get(result.reason ?? "skipped") ?? []), result.id]);
  }
  const { skipped, total } = report.summary;
  return [
    `${skipped} of ${total} checks were skipped, so this run is not a pass; run them before go-live:`,
    ...[...groups].map(([reason, ids]) => `  ${ids.join(", ")}: ${reason}`),
  ];
}
