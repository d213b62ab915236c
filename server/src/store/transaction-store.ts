import type {
  CallRequest,
  ClaimResult,
  FirstClaimResult,
  NewTransaction,
  RecordedOutcome,
  RoundRef,
  RoundStatus,
  TransactionKey,
  TransactionRecord,
  TransactionState,
  TransactionStore,
} from "../domain/ports/ledger.js";
import type { DeferredNonce } from "../domain/ports/nonces.js";
import type { SqliteDatabase } from "./database.js";
import { APPEND_CALL_SQL, callEnd, callStart, END_CALL_SQL } from "./delivery-log.js";
import { GroupCommit } from "./group-commit.js";
import { OPEN_UNSETTLED_CREDITS, ProblemStatements } from "./problem-statements.js";
import { fromRow, type TransactionRow as Row } from "./transaction-row.js";

const isSettled = (state: TransactionState) => state === "OK" || state === "DECLINED";

/** SQLite implementation of {@link TransactionStore}. */
export class SqliteTransactionStore implements TransactionStore {
  private readonly select;
  private readonly selectLiveSession;
  private readonly insert;
  private readonly reclaim;
  private readonly outcome;
  private readonly touchRound;
  private readonly orphanOutcome;
  private readonly completeRound;
  private readonly selectPending;
  private readonly selectDue;
  private readonly setProblem;
  private readonly selectProblems;
  private readonly selectCounts;
  private readonly selectStale;
  private readonly selectRound;
  private readonly setClosed;
  private readonly selectRoundStatus;
  private readonly selectReversal;
  private readonly selectForeignId;
  private readonly selectForeignBet;
  private readonly problemWrites;

  /** `commits` must run on `db`; by default a group commit of its own. */
  constructor(
    db: SqliteDatabase,
    private readonly commits: GroupCommit = new GroupCommit(db),
  ) {
    this.problemWrites = new ProblemStatements(db);
    this.select = db.prepare("SELECT * FROM transactions WHERE provider_id = ? AND transaction_id = ?");
    this.selectLiveSession = db.prepare("SELECT 1 FROM sessions WHERE token_hash = ? AND expires_at > ?").pluck();
    this.insert = db.prepare(
      `INSERT INTO transactions (provider_id, transaction_id, operator_id, player_ref, game_id, round_id, type, amount, currency,
         original_transaction_id, round_complete, request_hash, session_token_hash, callback_body, state, attempts, created_at, updated_at,
         delivery_log)
       VALUES (@providerId, @transactionId, @operatorId, @playerRef, @gameId, @roundId, @type, @amount, @currency,
         @originalTransactionId, @roundComplete, @requestHash, @sessionTokenHash, @callbackBody, 'PENDING', 1, @now, @now, json_array(json(@call)))`,
    );
    this.reclaim = db.prepare(
      `UPDATE transactions SET state = 'PENDING', attempts = attempts + 1, next_retry_at = NULL, updated_at = @now,
         delivery_log = ${APPEND_CALL_SQL}
       WHERE provider_id = @providerId AND transaction_id = @transactionId`,
    );
    const writeOutcome = `UPDATE transactions SET state = @state, response_balance = @balance, last_error = @error,
         next_retry_at = @nextRetryAt, updated_at = @now, delivery_log = ${END_CALL_SQL}
       WHERE provider_id = @providerId AND transaction_id = @transactionId`;
    this.outcome = db.prepare(writeOutcome);
    // The same write, only onto a row still exactly as crash recovery read it.
    this.orphanOutcome = db.prepare(`${writeOutcome} AND state = 'PENDING' AND updated_at = @readAt AND attempts = @attempt`);
    // A CLOSED round that sees new activity opens again, so the reconciler looks at it once more. The activity
    // time always moves forward, even within one millisecond, so closeRound can tell that activity happened.
    this.touchRound = db.prepare(
      `INSERT INTO rounds (provider_id, operator_id, game_id, round_id, player_ref, status, last_activity_at)
       VALUES (@providerId, @operatorId, @gameId, @roundId, @playerRef, 'OPEN', @now)
       ON CONFLICT (provider_id, operator_id, game_id, round_id) DO UPDATE
       SET last_activity_at = MAX(excluded.last_activity_at, rounds.last_activity_at + 1),
         status = CASE WHEN rounds.status = 'CLOSED' THEN 'OPEN' ELSE rounds.status END`,
    );
    this.completeRound = db.prepare(
      `UPDATE rounds SET status = 'COMPLETED' WHERE provider_id = ? AND operator_id = ? AND game_id = ? AND round_id = ?`,
    );
    this.selectPending = db.prepare("SELECT * FROM transactions WHERE state = 'PENDING'");
    this.selectDue = db.prepare(
      `SELECT * FROM transactions WHERE state IN ('FAILED', 'TIMED_OUT') AND type IN ('WIN', 'ROLLBACK') AND problem = 0
         AND (next_retry_at IS NULL OR next_retry_at <= ?) ORDER BY next_retry_at LIMIT ?`,
    );
    this.setProblem = db.prepare(
      "UPDATE transactions SET problem = 1, next_retry_at = NULL, updated_at = ? WHERE provider_id = ? AND transaction_id = ?",
    );
    // Read from the problems queue, the one source the reconciliation API reads too: a resolved problem is gone from both.
    this.selectProblems = db.prepare(
      `SELECT * FROM transactions WHERE (provider_id, transaction_id) IN (${OPEN_UNSETTLED_CREDITS}) ORDER BY created_at`,
    );
    this.selectCounts = db.prepare(
      `SELECT (SELECT count(*) FROM transactions WHERE state = 'PENDING') AS pending, (SELECT count(*) FROM (${OPEN_UNSETTLED_CREDITS})) AS problems`,
    );
    this.selectStale = db.prepare(
      `SELECT provider_id AS providerId, operator_id AS operatorId, game_id AS gameId, round_id AS roundId, player_ref AS playerRef,
         last_activity_at AS lastActivityAt
       FROM rounds WHERE status = 'OPEN' AND last_activity_at <= ? ORDER BY last_activity_at LIMIT ?`,
    );
    this.selectRound = db.prepare(
      `SELECT * FROM transactions WHERE operator_id = ? AND game_id = ? AND round_id = ? AND provider_id = ? ORDER BY created_at, rowid`,
    );
    this.setClosed = db.prepare(
      `UPDATE rounds SET status = 'CLOSED'
       WHERE provider_id = ? AND operator_id = ? AND game_id = ? AND round_id = ? AND status = 'OPEN' AND last_activity_at = ?`,
    );
    this.selectRoundStatus = db
      .prepare("SELECT status FROM rounds WHERE provider_id = ? AND operator_id = ? AND game_id = ? AND round_id = ?")
      .pluck();
    this.selectReversal = db.prepare(
      `SELECT * FROM transactions WHERE provider_id = ? AND original_transaction_id = ? AND type = 'ROLLBACK' AND state = 'OK' LIMIT 1`,
    );
    // Both by the transactions_wallet_id index (operator, player, transactionId): the key the operator's wallet uses.
    this.selectForeignId = db
      .prepare("SELECT 1 FROM transactions WHERE operator_id = ? AND player_ref = ? AND transaction_id = ? AND provider_id <> ? LIMIT 1")
      .pluck();
    this.selectForeignBet = db
      .prepare(
        "SELECT 1 FROM transactions WHERE operator_id = ? AND player_ref = ? AND transaction_id = ? AND type = 'BET' AND provider_id <> ? LIMIT 1",
      )
      .pluck();
  }

  /** Whether the operator's wallet already saw this transactionId for this player from another provider (any type). */
  private usedByAnotherProvider(t: NewTransaction): boolean {
    return this.selectForeignId.get(t.operatorId, t.playerRef, t.transactionId, t.providerId) !== undefined;
  }

  /** Whether a ROLLBACK names a BET the operator's wallet got from another provider for this player. */
  private reversesAnotherProvidersBet(t: NewTransaction): boolean {
    return (
      t.type === "ROLLBACK" &&
      t.originalTransactionId !== null &&
      this.selectForeignBet.get(t.operatorId, t.playerRef, t.originalTransactionId, t.providerId) !== undefined
    );
  }

  find(key: TransactionKey): Promise<TransactionRecord | undefined> {
    return Promise.resolve(this.findNow(key));
  }

  /** The record as it stands, read inside a unit of work. */
  private findNow(key: TransactionKey): TransactionRecord | undefined {
    const row = this.select.get(key.providerId, key.transactionId) as Row | undefined;
    return row ? fromRow(row) : undefined;
  }

  claim(transaction: NewTransaction, now: number, pendingStaleBefore: number, touchRound: boolean, request: CallRequest): Promise<ClaimResult> {
    return this.commits.run((): ClaimResult => {
      const existing = this.findNow(transaction);
      if (!existing) return this.inserted(transaction, now, touchRound, request);
      if (existing.requestHash !== transaction.requestHash) return { kind: "different-body", record: existing };
      if (isSettled(existing.state)) return { kind: "settled", record: existing };
      if (existing.state === "PENDING" && existing.updatedAt >= pendingStaleBefore) return { kind: "in-flight", record: existing };
      const record = this.reclaimed(existing, now, request);
      if (touchRound) this.touchRound.run({ ...transaction, now });
      return { kind: "claimed", record };
    });
  }

  async claimFirst(transaction: NewTransaction, now: number, request: CallRequest, nonce: DeferredNonce | undefined): Promise<FirstClaimResult> {
    // The nonce log answers from memory and commits with the same group commit (sqlite-nonce-store.ts).
    if (nonce !== undefined && !(await nonce.settle())) return { kind: "replayed" };
    return this.commits.run((): FirstClaimResult => {
      if (this.selectLiveSession.get(transaction.sessionTokenHash, now) === undefined) return { kind: "session-ended" };
      if (this.findNow(transaction)) return { kind: "exists" };
      return this.inserted(transaction, now, true, request);
    });
  }

  /** A new id claimed, unless another provider's transaction stands in the way (the checks of {@link claim}). */
  private inserted(
    transaction: NewTransaction,
    now: number,
    touchRound: boolean,
    request: CallRequest,
  ): Extract<ClaimResult, { kind: "claimed" | "id-of-another-provider" | "original-of-another-provider" }> {
    if (this.usedByAnotherProvider(transaction)) return { kind: "id-of-another-provider" };
    if (this.reversesAnotherProvidersBet(transaction)) return { kind: "original-of-another-provider" };
    this.insert.run({ ...transaction, roundComplete: transaction.roundComplete ? 1 : 0, now, call: callStart(1, request, now) });
    if (touchRound) this.touchRound.run({ ...transaction, now });
    const record: TransactionRecord = {
      ...transaction,
      state: "PENDING",
      responseBalance: null,
      attempts: 1,
      lastError: null,
      nextRetryAt: null,
      problem: false,
      createdAt: now,
      updatedAt: now,
    };
    return { kind: "claimed", record };
  }

  claimForResend(key: TransactionKey, now: number, pendingStaleBefore: number, request: CallRequest): Promise<TransactionRecord | undefined> {
    return this.commits.run(() => {
      const existing = this.findNow(key);
      if (!existing || isSettled(existing.state)) return undefined;
      if (existing.state === "PENDING" && existing.updatedAt >= pendingStaleBefore) return undefined;
      return this.reclaimed(existing, now, request);
    });
  }

  /** Sets an unsettled record back to PENDING for one more attempt (the caller checked it may), as the SQL does. */
  private reclaimed(existing: TransactionRecord, now: number, request: CallRequest): TransactionRecord {
    const call = callStart(existing.attempts + 1, request, now);
    this.reclaim.run({ now, providerId: existing.providerId, transactionId: existing.transactionId, call });
    return { ...existing, state: "PENDING", attempts: existing.attempts + 1, nextRetryAt: null, updatedAt: now };
  }

  recordOutcome(claimed: TransactionRecord, outcome: RecordedOutcome, now: number): Promise<TransactionRecord> {
    return this.commits.run(() => {
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

  markProblem(record: TransactionRecord, now: number): Promise<void> {
    return this.commits.run(() => {
      this.setProblem.run(now, record.providerId, record.transactionId);
      this.problemWrites.open("UNSETTLED_CREDIT", record, record.lastError, now);
    });
  }

  problems(): Promise<TransactionRecord[]> {
    return Promise.resolve((this.selectProblems.all() as Row[]).map(fromRow));
  }

  transactionCounts(): Promise<{ pending: number; problems: number }> {
    return Promise.resolve(this.selectCounts.get() as { pending: number; problems: number });
  }

  staleRounds(before: number, limit: number): Promise<RoundRef[]> {
    return Promise.resolve(this.selectStale.all(before, limit) as RoundRef[]);
  }

  transactionsOfRound(round: RoundRef): Promise<TransactionRecord[]> {
    return Promise.resolve((this.selectRound.all(round.operatorId, round.gameId, round.roundId, round.providerId) as Row[]).map(fromRow));
  }

  closeRound(round: RoundRef): Promise<boolean> {
    return this.commits.run(() => {
      const closed = this.setClosed.run(round.providerId, round.operatorId, round.gameId, round.roundId, round.lastActivityAt).changes === 1;
      if (closed) this.problemWrites.resolveForRound(round, "closed by the reconciler", Date.now());
      return closed;
    });
  }

  flagUnclosedRound(round: RoundRef, detail: string, now: number): Promise<void> {
    return this.commits.run(() => this.problemWrites.open("UNCLOSED_ROUND", { ...round, transactionId: null }, detail, now));
  }

  roundStatus(round: Omit<RoundRef, "playerRef" | "lastActivityAt">): Promise<RoundStatus | undefined> {
    return Promise.resolve(this.selectRoundStatus.get(round.providerId, round.operatorId, round.gameId, round.roundId) as RoundStatus | undefined);
  }

  reversalOf(bet: TransactionKey): Promise<TransactionRecord | undefined> {
    const row = this.selectReversal.get(bet.providerId, bet.transactionId) as Row | undefined;
    return Promise.resolve(row ? fromRow(row) : undefined);
  }
}
