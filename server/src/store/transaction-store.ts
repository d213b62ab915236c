import type {
  CallRequest,
  ClaimIntent,
  ClaimResult,
  FirstRollback,
  RecordedOutcome,
  RoundClosing,
  RoundKey,
  RoundRef,
  RoundStatus,
  TransactionKey,
  TransactionRecord,
  TransactionState,
  TransactionStore,
} from "../domain/ports/ledger.js";
import type { SqliteDatabase } from "./database.js";
import { callEnd, END_CALL_SQL } from "./delivery-log.js";
import type { GroupCommit } from "./group-commit.js";
import { OPEN_UNSETTLED_CREDITS, ProblemStatements } from "./problem-statements.js";
import { SqliteClaim } from "./sqlite-claim.js";
import type { SqliteNonceStore } from "./sqlite-nonce-store.js";
import { fromRow, type TransactionRow as Row } from "./transaction-row.js";

const isSettled = (state: TransactionState) => state === "OK" || state === "DECLINED";

/** SQLite implementation of {@link TransactionStore}; the claim's decision is {@link SqliteClaim}'s. */
export class SqliteTransactionStore implements TransactionStore {
  private readonly claims;
  private readonly outcome;
  private readonly orphanOutcome;
  private readonly completeRound;
  private readonly selectPending;
  private readonly selectDue;
  private readonly setProblem;
  private readonly selectProblems;
  private readonly selectCounts;
  private readonly selectToReconcile;
  private readonly selectRound;
  private readonly selectRoundForClose;
  private readonly selectCompletingWin;
  private readonly setRoundStatus;
  private readonly setReconciled;
  private readonly selectRoundStatus;
  private readonly problemWrites;

  /** `commits` must run on `db`; `nonces` records a provider's nonce before its claim (from memory: sqlite-nonce-store.ts). */
  constructor(
    db: SqliteDatabase,
    private readonly commits: GroupCommit,
    private readonly nonces: SqliteNonceStore,
  ) {
    this.claims = new SqliteClaim(db);
    this.problemWrites = new ProblemStatements(db);
    const writeOutcome = `UPDATE transactions SET state = @state, response_balance = @balance, last_error = @error,
         next_retry_at = @nextRetryAt, updated_at = @now, delivery_log = ${END_CALL_SQL}
       WHERE provider_id = @providerId AND transaction_id = @transactionId`;
    this.outcome = db.prepare(writeOutcome);
    // The same write, only onto a row still exactly as crash recovery read it.
    this.orphanOutcome = db.prepare(`${writeOutcome} AND state = 'PENDING' AND updated_at = @readAt AND attempts = @attempt`);
    this.completeRound = db.prepare(
      `UPDATE rounds SET status = 'COMPLETED' WHERE provider_id = ? AND operator_id = ? AND game_id = ? AND round_id = ? AND status = 'OPEN'`,
    );
    this.selectPending = db.prepare("SELECT * FROM transactions WHERE state = 'PENDING'");
    this.selectDue = db.prepare(
      `SELECT * FROM transactions WHERE state IN ('FAILED', 'TIMED_OUT') AND type IN ('WIN', 'ROLLBACK') AND problem = 0
         AND (next_retry_at IS NULL OR next_retry_at <= ?) ORDER BY next_retry_at LIMIT ?`,
    );
    this.setProblem = db.prepare(
      `UPDATE transactions SET problem = 1, next_retry_at = NULL, updated_at = ?
       WHERE provider_id = ? AND transaction_id = ? AND state IN ('FAILED', 'TIMED_OUT')`,
    );
    // Read from the problems queue, the one source the reconciliation API reads too: a resolved problem is gone from both.
    this.selectProblems = db.prepare(
      `SELECT * FROM transactions WHERE (provider_id, transaction_id) IN (${OPEN_UNSETTLED_CREDITS}) ORDER BY created_at`,
    );
    this.selectCounts = db.prepare(
      `SELECT (SELECT count(*) FROM transactions WHERE state = 'PENDING') AS pending, (SELECT count(*) FROM (${OPEN_UNSETTLED_CREDITS})) AS problems`,
    );
    const roundRef = `SELECT provider_id AS providerId, operator_id AS operatorId, game_id AS gameId, round_id AS roundId,
         player_ref AS playerRef, status, last_activity_at AS lastActivityAt FROM rounds`;
    this.selectToReconcile = db.prepare(
      `SELECT * FROM (${roundRef} WHERE status = 'OPEN' AND last_activity_at <= @before ORDER BY last_activity_at LIMIT @limit)
       UNION ALL SELECT * FROM (${roundRef} WHERE status = 'CLOSING' ORDER BY last_activity_at LIMIT @limit)`,
    );
    this.selectRound = db.prepare(
      `SELECT * FROM transactions WHERE operator_id = ? AND game_id = ? AND round_id = ? AND provider_id = ? ORDER BY created_at, rowid`,
    );
    const roundKey = "provider_id = @providerId AND operator_id = @operatorId AND game_id = @gameId AND round_id = @roundId";
    this.selectRoundForClose = db.prepare(`SELECT status, last_activity_at AS lastActivityAt FROM rounds WHERE ${roundKey}`);
    this.selectCompletingWin = db
      .prepare(
        `SELECT 1 FROM transactions WHERE operator_id = @operatorId AND game_id = @gameId AND round_id = @roundId
           AND provider_id = @providerId AND type = 'WIN' AND round_complete = 1 LIMIT 1`,
      )
      .pluck();
    this.setRoundStatus = db.prepare(`UPDATE rounds SET status = @status WHERE ${roundKey}`);
    this.setReconciled = db.prepare(`UPDATE rounds SET status = 'CLOSED' WHERE ${roundKey} AND status = 'CLOSING'`);
    this.selectRoundStatus = db
      .prepare("SELECT status FROM rounds WHERE provider_id = ? AND operator_id = ? AND game_id = ? AND round_id = ?")
      .pluck();
  }

  find(key: TransactionKey): Promise<TransactionRecord | undefined> {
    return Promise.resolve(this.claims.find(key));
  }

  claim(intent: ClaimIntent, now: number, pendingStaleBefore: number, request: CallRequest): Promise<ClaimResult> {
    const nonce = intent.kind === "provider" || intent.kind === "look" ? intent.nonce : undefined;
    // The nonce log answers from memory and commits with the same group commit (sqlite-nonce-store.ts): its answer is
    // taken at once, not awaited (an await and an async function's return are three promise jobs doing nothing).
    if (nonce !== undefined && !this.nonces.rememberNow(nonce.tenantId, nonce.nonce, nonce.expiresAtSeconds))
      return Promise.resolve({ kind: "replayed" });
    return this.commits.run(() => this.claims.decide(intent, now, pendingStaleBefore, request));
  }

  recordOutcome(claimed: TransactionRecord, outcome: RecordedOutcome, now: number): Promise<TransactionRecord> {
    // Settled at its commit, on the disk with the next fsync (docs/benchmarks.md, Durability): a power cut before it leaves
    // the record PENDING, recovered as TIMED_OUT and re-sent (credits) or reported (bets); the claim is always synced first.
    return this.commits.runSyncedAfter(() => {
      this.outcome.run(this.outcomeParams(claimed, outcome, now));
      const record: TransactionRecord = {
        ...claimed,
        state: outcome.state,
        responseBalance: outcome.balance,
        lastError: outcome.error,
        nextRetryAt: outcome.nextRetryAt,
        updatedAt: now,
      };
      if (isSettled(outcome.state) && record.roundComplete && (record.type === "BET" || record.type === "WIN")) {
        this.completeRound.run(record.providerId, record.operatorId, record.gameId, record.roundId);
      }
      // Only a record claimed again can have a problem open; a first attempt's settlement skips the lookup.
      if (isSettled(outcome.state) && record.attempts > 1) this.problemWrites.resolveForTransaction(record, "settled", now);
      if (outcome.state === "OK" && record.type === "ROLLBACK" && record.originalTransactionId !== null) {
        this.problemWrites.resolveForTransaction(
          { providerId: record.providerId, transactionId: record.originalTransactionId },
          `reversed by ${record.transactionId}`,
          now,
        );
      }
      return record;
    });
  }

  recordOrphanOutcome(orphan: TransactionRecord, outcome: RecordedOutcome, now: number): Promise<boolean> {
    return this.commits.run(() => {
      const written = this.orphanOutcome.run({ ...this.outcomeParams(orphan, outcome, now), readAt: orphan.updatedAt }).changes === 1;
      if (written && (orphan.type === "BET" || orphan.type === "ADJUSTMENT")) this.problemWrites.open("UNKNOWN_OUTCOME", orphan, outcome.error, now);
      return written;
    });
  }

  /** The parameters of the outcome write: the record's key, the outcome, and the end of the attempt's logged call. */
  private outcomeParams(record: TransactionRecord, outcome: RecordedOutcome, now: number) {
    return {
      state: outcome.state,
      balance: outcome.balance,
      error: outcome.error,
      nextRetryAt: outcome.nextRetryAt,
      now,
      providerId: record.providerId,
      transactionId: record.transactionId,
      attempt: record.attempts,
      callEnd: callEnd(outcome.call, outcome.state, now),
    };
  }

  pending(): Promise<TransactionRecord[]> {
    return Promise.resolve((this.selectPending.all() as Row[]).map(fromRow));
  }

  dueCredits(now: number, limit: number): Promise<TransactionRecord[]> {
    return Promise.resolve((this.selectDue.all(now, limit) as Row[]).map(fromRow));
  }

  markProblem(record: TransactionRecord, now: number): Promise<boolean> {
    return this.commits.run(() => {
      if (this.setProblem.run(now, record.providerId, record.transactionId).changes === 0) return false;
      this.problemWrites.open("UNSETTLED_CREDIT", record, record.lastError, now);
      return true;
    });
  }

  problems(): Promise<TransactionRecord[]> {
    return Promise.resolve((this.selectProblems.all() as Row[]).map(fromRow));
  }

  transactionCounts(): Promise<{ pending: number; problems: number }> {
    return Promise.resolve(this.selectCounts.get() as { pending: number; problems: number });
  }

  roundsToReconcile(staleBefore: number, limit: number): Promise<RoundRef[]> {
    return Promise.resolve(this.selectToReconcile.all({ before: staleBefore, limit }) as RoundRef[]);
  }

  transactionsOfRound(round: RoundRef): Promise<TransactionRecord[]> {
    return Promise.resolve((this.selectRound.all(round.operatorId, round.gameId, round.roundId, round.providerId) as Row[]).map(fromRow));
  }

  closeRound(round: RoundRef, firstRollback: FirstRollback | undefined, now: number): Promise<RoundClosing> {
    return this.commits.run((): RoundClosing => {
      const key = { providerId: round.providerId, operatorId: round.operatorId, gameId: round.gameId, roundId: round.roundId };
      const current = this.selectRoundForClose.get(key) as { status: RoundStatus; lastActivityAt: number } | undefined;
      if (current?.status !== "OPEN" || current.lastActivityAt !== round.lastActivityAt) return { kind: "changed" };
      if (this.selectCompletingWin.get(key) !== undefined) {
        this.setRoundStatus.run({ ...key, status: "COMPLETED" });
        return { kind: "completed" };
      }
      if (firstRollback === undefined) {
        this.setRoundStatus.run({ ...key, status: "CLOSED" });
        this.problemWrites.resolveForRound(round, "closed by the reconciler", now);
        return { kind: "closed" };
      }
      this.setRoundStatus.run({ ...key, status: "CLOSING" });
      const { transaction, pendingStaleBefore, request } = firstRollback;
      return { kind: "closing", claim: this.claims.decide({ kind: "platform", transaction }, now, pendingStaleBefore, request) };
    });
  }

  markReconciled(round: RoundRef, now: number): Promise<void> {
    return this.commits.run(() => {
      const key = { providerId: round.providerId, operatorId: round.operatorId, gameId: round.gameId, roundId: round.roundId };
      if (this.setReconciled.run(key).changes === 1) this.problemWrites.resolveForRound(round, "closed by the reconciler", now);
    });
  }

  flagUnclosedRound(round: RoundRef, detail: string, now: number): Promise<void> {
    return this.commits.run(() => this.problemWrites.open("UNCLOSED_ROUND", { ...round, transactionId: null }, detail, now));
  }

  roundStatus(round: RoundKey): Promise<RoundStatus | undefined> {
    return Promise.resolve(this.selectRoundStatus.get(round.providerId, round.operatorId, round.gameId, round.roundId) as RoundStatus | undefined);
  }
}
