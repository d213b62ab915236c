import type { Logger } from "pino";
import { ApiError } from "../errors.js";
import { PeriodicJob } from "../jobs/periodic-job.js";
import type { RoundRef, TransactionRecord, TransactionStore } from "../ports/ledger.js";
import type { OperatorWallet } from "../ports/operator-wallet.js";
import type { ReachableOperator } from "../ports/tenants.js";
import type { TenantDirectory } from "../tenants/tenant-directory.js";
import type { TransactionRelay } from "./transaction-relay.js";
import { staleRollbackId } from "./relay-order.js";

/** What one sweep did. */
export interface SweepReport {
  roundsExamined: number;
  rollbacksSent: number;
  roundsClosed: number;
}

/**
 * The stale-round reconciler (spec C.4; decisions.md §5): a round idle for `staleRoundSeconds` is closed with its first
 * synthetic ROLLBACK claimed ({@link TransactionRelay.closeRound}), then each sweep relays its outstanding rollbacks, each
 * with a fixed id, until all are applied and it is CLOSED.
 */
export class StaleRoundReconciler extends PeriodicJob<SweepReport> {
  constructor(
    private readonly deps: { store: TransactionStore; relay: TransactionRelay; tenants: TenantDirectory; operatorWallet: OperatorWallet },
    /** `problemAfterSeconds`: how long past stale a round may stay unclosed before it joins the problems queue. */
    private readonly settings: { staleRoundSeconds: number; sweepIntervalSeconds: number; problemAfterSeconds: number },
    logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    // Not the previous release's job name: its lease is retired by PostgreSQL schema 6, so only this release closes rounds.
    super("round-reconciler", settings.sweepIntervalSeconds * 1000, logger);
  }

  /**
   * One sweep: stale rounds closed and their outstanding bets reversed, closing rounds finished. Once `signal` aborts it
   * sends nothing more; a round left half done is finished by the next sweep, wherever it runs.
   */
  protected async work(signal: AbortSignal): Promise<SweepReport> {
    const report: SweepReport = { roundsExamined: 0, rollbacksSent: 0, roundsClosed: 0 };
    const rounds = await this.deps.store.roundsToReconcile(this.now() - this.settings.staleRoundSeconds * 1000, 500);
    for (const round of rounds) {
      if (signal.aborted) break;
      report.roundsExamined += 1;
      const operator = this.deps.tenants.operator(round.operatorId);
      if (!operator?.callbackUrl) continue;
      const plan = await this.outstandingBets(round, operator.callbackTimeoutMs);
      if (plan.blocked) {
        await this.flagIfOverdue(round, "a bet of the round is still in flight or being reversed by the provider");
        continue;
      }
      const applied = await this.reverse(round, plan.bets, operator as ReachableOperator, report, signal);
      if (applied === undefined) continue;
      if (applied) report.roundsClosed += 1;
      else await this.flagIfOverdue(round, "the wallet has not applied the reconciler's rollbacks");
    }
    return report;
  }

  /**
   * Closes an OPEN round (with its first reversal, when it has bets to reverse) and sends the reversals still to send.
   * True once the round is CLOSED, false while a reversal is not applied; undefined when the round changed since it was
   * read, the provider completed it, or the sweep was stopped.
   */
  private async reverse(
    round: RoundRef,
    bets: TransactionRecord[],
    operator: ReachableOperator,
    report: SweepReport,
    signal: AbortSignal,
  ): Promise<boolean | undefined> {
    let applied = true;
    let rest = bets;
    if (round.status === "OPEN") {
      if (bets.length === 0) return (await this.deps.store.closeRound(round, undefined, this.now())).kind === "closed" ? true : undefined;
      await this.checkBalance(operator, round);
      if (signal.aborted) return undefined;
      report.rollbacksSent += 1;
      const closing = await this.deps.relay.closeRound(round, bets[0]!, operator);
      if (closing.kind !== "closing") return undefined;
      applied = closing.applied;
      rest = bets.slice(1);
    }
    for (const bet of rest) {
      if (signal.aborted) return undefined;
      report.rollbacksSent += 1;
      if (!(await this.rollBack(bet, operator))) applied = false;
    }
    if (applied) await this.deps.store.markReconciled(round, this.now());
    return applied;
  }

  /** Queues a round the reconciler could not close within `problemAfterSeconds` past stale as a problem. */
  private async flagIfOverdue(round: RoundRef, detail: string): Promise<void> {
    if (round.lastActivityAt > this.now() - (this.settings.staleRoundSeconds + this.settings.problemAfterSeconds) * 1000) return;
    await this.deps.store.flagUnclosedRound(round, detail, this.now());
  }

  /**
   * Bets of the round still to reverse (none once the provider sent the round's final WIN): applied or in an unknown state (FAILED, TIMED_OUT, PENDING left by a
   * stopped process) and without an OK rollback or one resolved by hand. A bet in flight, or one whose reversal the provider sent and
   * the settlement retry owns, blocks closing the round this time.
   */
  private async outstandingBets(round: RoundRef, callbackTimeoutMs: number): Promise<{ bets: TransactionRecord[]; blocked: boolean }> {
    const transactions = await this.deps.store.transactionsOfRound(round);
    // The provider ended the round with a WIN not settled yet (failed, timed out): the round is over, its bets stand,
    // and the settlement retry pays the WIN. Reversing them would pay the player twice; closing it marks it COMPLETED.
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
      // A reversal a person resolved by hand refunded the bet another way and is never sent again (decisions.md §5).
      if (reversals.some((r) => r.state === "OK" || r.resolvedByHand)) continue;
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
        { operator: operator.id, roundId: round.roundId, error: outcome.error },
        "reconciler balance check failed; rolling back anyway",
      );
  }

  /** Sends the bet's synthetic rollback; true once it is applied (or a person resolved it). */
  private async rollBack(bet: TransactionRecord, operator: ReachableOperator): Promise<boolean> {
    try {
      const sent = await this.deps.relay.submit({ by: "RECONCILER", bet, operator });
      return sent.kind === "resolved-by-hand" || sent.record.state === "OK";
    } catch (error) {
      if (error instanceof ApiError && error.code === "conflict") return false;
      throw error;
    }
  }
}
