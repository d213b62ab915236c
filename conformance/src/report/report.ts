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

/** Builds the report from the results. */
export function buildReport(parts: Omit<ConformanceReport, "summary" | "ok">): ConformanceReport {
  const count = (status: CheckResult["status"]) => parts.results.filter((result) => result.status === status).length;
  const summary = { total: parts.results.length, passed: count("pass"), failed: count("fail"), skipped: count("skip") };
  return { ...parts, summary, ok: summary.failed === 0 };
}
