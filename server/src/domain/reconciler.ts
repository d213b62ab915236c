import type { Logger } from "pino";
import { ApiError } from "./errors.js";
import { PeriodicJob } from "./periodic-job.js";
import type { RoundRef, TransactionRecord, TransactionStore } from "./ports/ledger.js";
import type { OperatorWallet } from "./ports/operator-wallet.js";
import type { ReachableOperator } from "./ports/tenants.js";
import type { TenantDirectory } from "./tenant-directory.js";
import type { TransactionRelay } from "./transaction-relay.js";
import { staleRollbackId } from "./relay-order.js";

/** What one sweep did. */
export interface SweepReport {
  roundsExamined: number;
  rollbacksSent: number;
  roundsClosed: number;
}

/**
 * The stale-round reconciler (spec: Session, C.4): a round neither completed nor closed, idle for
 * `staleRoundSeconds`, gets one synthetic ROLLBACK per outstanding BET, relayed like any other transaction
 * (PENDING before the call). The round is CLOSED only once every bet is reversed, so a sweep interrupted
 * anywhere simply continues next time with the same transactionIds.
 */
export class StaleRoundReconciler extends PeriodicJob<SweepReport> {
  constructor(
    private readonly deps: { store: TransactionStore; relay: TransactionRelay; tenants: TenantDirectory; operatorWallet: OperatorWallet },
    /** `problemAfterSeconds`: how long past stale a round may stay unclosed before it joins the problems queue. */
    private readonly settings: { staleRoundSeconds: number; sweepIntervalSeconds: number; problemAfterSeconds: number },
    logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    super("stale-round-reconciler", settings.sweepIntervalSeconds * 1000, logger);
  }

  /**
   * One sweep: every stale round's outstanding bets reversed, the round closed once they all are. Once `signal` aborts
   * it sends nothing more; a round left half done is finished by the next sweep, wherever it runs.
   */
  protected async work(signal: AbortSignal): Promise<SweepReport> {
    const report: SweepReport = { roundsExamined: 0, rollbacksSent: 0, roundsClosed: 0 };
    const rounds = await this.deps.store.staleRounds(this.now() - this.settings.staleRoundSeconds * 1000, 500);
    for (const round of rounds) {
      if (signal.aborted) break;
      report.roundsExamined += 1;
      const operator = this.deps.tenants.operator(round.operatorId);
      if (!operator?.callbackUrl) continue;
      const plan = await this.outstandingBets(round, operator.callbackTimeoutMs);
      if (plan.bets.length > 0) await this.checkBalance(operator as ReachableOperator, round);
      let done = !plan.blocked;
      for (const bet of plan.bets) {
        if (signal.aborted) return report;
        report.rollbacksSent += 1;
        if (!(await this.rollBack(bet, operator as ReachableOperator))) done = false;
      }
      if (done && (await this.deps.store.closeRound(round))) report.roundsClosed += 1;
      else if (round.lastActivityAt <= this.now() - (this.settings.staleRoundSeconds + this.settings.problemAfterSeconds) * 1000) {
        await this.deps.store.flagUnclosedRound(
          round,
          plan.blocked
            ? "a bet of the round is still in flight or being reversed by the provider"
            : "the wallet has not applied the reconciler's rollbacks",
          this.now(),
        );
      }
    }
    return report;
  }

  /**
   * Bets of the round still to reverse (none once the provider sent the round's final WIN): applied or in an unknown state (FAILED, TIMED_OUT, PENDING left by a
   * stopped process) and without an OK rollback. A bet in flight, or one whose reversal the provider sent and
   * the settlement retry owns, blocks closing the round this time.
   */
  private async outstandingBets(round: RoundRef, callbackTimeoutMs: number): Promise<{ bets: TransactionRecord[]; blocked: boolean }> {
    const transactions = await this.deps.store.transactionsOfRound(round);
    // The provider ended the round with a WIN not settled yet (failed, timed out, in flight): the round is over, its
    // bets stand, and the settlement retry pays the WIN. Reversing them would pay the player twice.
    if (transactions.some((t) => t.type === "WIN" && t.roundComplete)) return { bets: [], blocked: false };
    const bets: TransactionRecord[] = [];
    let blocked = false;
    for (const bet of transactions) {
      if (bet.type !== "BET" || bet.state === "DECLINED") continue;
      if (this.deps.relay.isInFlight(bet) || (bet.state === "PENDING" && bet.updatedAt + callbackTimeoutMs > this.now())) {
        blocked = true;
        continue;
      }
      const reversals = transactions.filter((t) => t.type === "ROLLBACK" && t.originalTransactionId === bet.transactionId);
      if (reversals.some((r) => r.state === "OK")) continue;
      if (reversals.some((r) => r.transactionId !== staleRollbackId(bet.transactionId))) {
        blocked = true;
        continue;
      }
      bets.push(bet);
    }
    return { bets, blocked };
  }

  /** Best effort (spec C.5): a failing, slow or odd balance callback is logged and never blocks the rollback. */
  private async checkBalance(operator: ReachableOperator, round: RoundRef): Promise<void> {
    const outcome = await this.deps.operatorWallet
      .balance(operator, round.playerRef)
      .catch((error: unknown) => ({ ok: false as const, error: String(error) }));
    if (!outcome.ok)
      this.logger.info(
        { operator: operator.config.id, roundId: round.roundId, error: outcome.error },
        "reconciler balance check failed; rolling back anyway",
      );
  }

  /** Sends the bet's synthetic rollback; true once it is applied. */
  private async rollBack(bet: TransactionRecord, operator: ReachableOperator): Promise<boolean> {
    try {
      const { record } = await this.deps.relay.submit({ by: "RECONCILER", bet, operator });
      return record.state === "OK";
    } catch (error) {
      if (error instanceof ApiError && error.code === "conflict") return false;
      throw error;
    }
  }
}
