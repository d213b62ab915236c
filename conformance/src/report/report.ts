import type { CheckResult } from "../check.js";
import type { LedgerLine, PlayerBalanceRecord } from "../wallet/wallet-context.js";

/** What a run found: every check's result, the totals, and for wallet runs the ledger of what the kit moved. */
export interface ConformanceReport {
  kind: "wallet" | "provider";
  /** The base address checked. */
  url: string;
  tenantId: string;
  startedAt: string;
  durationMs: number;
  results: CheckResult[];
  summary: { total: number; passed: number; failed: number; skipped: number };
  /** True when no check failed (skipped checks do not fail a run). */
  ok: boolean;
  /** Wallet runs: every transaction the kit sent, in order, with the wallet's answer. */
  ledger: LedgerLine[];
  /** Wallet runs: each player's balance before and after the run. */
  balances: PlayerBalanceRecord[];
  /** The slowest answer, milliseconds. */
  slowestMs: number;
}

/** Builds the report from the results of a run that began at `startedAt` and ends now. */
export function buildReport(parts: Omit<ConformanceReport, "summary" | "ok" | "startedAt" | "durationMs"> & { startedAt: Date }): ConformanceReport {
  const count = (status: CheckResult["status"]) => parts.results.filter((result) => result.status === status).length;
  const summary = { total: parts.results.length, passed: count("pass"), failed: count("fail"), skipped: count("skip") };
  const { kind, url, tenantId, startedAt, ...rest } = parts;
  // The report's own field order (a JSON file people read): the run's identity and timing first.
  const timed = { kind, url, tenantId, startedAt: startedAt.toISOString(), durationMs: Date.now() - startedAt.getTime() };
  return { ...timed, ...rest, summary, ok: summary.failed === 0 };
}
