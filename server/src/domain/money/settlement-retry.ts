import type { Logger } from "pino";
import { PeriodicJob } from "../jobs/periodic-job.js";
import type { TransactionRecord, TransactionStore } from "../ports/ledger.js";
import type { ReachableOperator } from "../ports/tenants.js";
import type { TenantDirectory } from "../tenants/tenant-directory.js";
import type { SettlementPolicy, TransactionRelay } from "./transaction-relay.js";

/** What one pass did. */
export interface SettlementReport {
  resent: number;
  settled: number;
  problems: number;
}

/**
 * Re-sends WIN and ROLLBACK records left FAILED or TIMED_OUT, same id and body, when their retry time comes
 * (decisions.md §3); past the horizon a record becomes a problem for a person. Each pass also marks PENDING records a
 * stopped process left behind.
 */
export class SettlementRetry extends PeriodicJob<SettlementReport> {
  constructor(
    private readonly deps: { store: TransactionStore; relay: TransactionRelay; tenants: TenantDirectory },
    private readonly policy: SettlementPolicy,
    logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    // Look as often as the shortest delay, but at least once a second.
    super("settlement-retry", Math.max(10, Math.min(policy.initialDelaySeconds * 1000, 1000)), logger);
  }

  /** One pass: orphans recovered, then every credit whose retry time has come resent, until `signal` aborts. */
  protected async work(signal: AbortSignal): Promise<SettlementReport> {
    const report: SettlementReport = { resent: 0, settled: 0, problems: 0 };
    await this.deps.relay.recoverOrphans();
    for (const record of await this.deps.store.dueCredits(this.now(), 200)) {
      if (signal.aborted) break;
      if (record.createdAt + this.policy.horizonSeconds * 1000 <= this.now()) {
        if (await this.flagProblem(record)) report.problems += 1;
        continue;
      }
      const operator = this.deps.tenants.operator(record.operatorId);
      if (!operator?.callbackUrl) continue;
      const outcome = await this.deps.relay.submit({ by: "SETTLEMENT_RETRY", resend: record, actor: null, operator: operator as ReachableOperator });
      if (outcome.kind !== "recorded") continue;
      report.resent += 1;
      if (outcome.record.state === "OK") report.settled += 1;
    }
    return report;
  }

  /** Flags the credit as a problem unless a retry settled it since it was read; true when flagged. */
  private async flagProblem(record: TransactionRecord): Promise<boolean> {
    if (!(await this.deps.store.markProblem(record, this.now()))) return false;
    this.logger.error(
      {
        provider: record.providerId,
        operator: record.operatorId,
        transactionId: record.transactionId,
        type: record.type,
        amount: record.amount,
        currency: record.currency,
        playerRef: record.playerRef,
        attempts: record.attempts,
        lastError: record.lastError,
      },
      "credit not applied by the operator within the settlement horizon: needs a person (see `npm run admin -- problems`)",
    );
    return true;
  }
}
