import type { CallRequest, ClaimIntent, ClaimResult, NewTransaction, TransactionKey, TransactionRecord } from "../domain/ports/ledger.js";
import type { SqliteDatabase } from "./database.js";
import { APPEND_CALL_SQL, callStart } from "./delivery-log.js";
import { fromRow, type TransactionRow as Row } from "./transaction-row.js";

const isSettled = (record: TransactionRecord) => record.state === "OK" || record.state === "DECLINED";

/**
 * The ledger's claim on SQLite (`TransactionStore.claim`): its decision and PENDING write, run synchronously inside one
 * unit of work of the group commit, so no other write interleaves. The nonce is the caller's to record first.
 */
export class SqliteClaim {
  private readonly select;
  private readonly selectLiveSession;
  private readonly selectReversal;
  private readonly selectForeignId;
  private readonly selectForeignBet;
  private readonly insert;
  private readonly reclaim;
  private readonly enterRound;
  private readonly selectStaleRollback;

  constructor(db: SqliteDatabase) {
    this.select = db.prepare("SELECT * FROM transactions WHERE provider_id = ? AND transaction_id = ?");
    this.selectLiveSession = db.prepare("SELECT 1 FROM sessions WHERE token_hash = ? AND expires_at > ?").pluck();
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
    // OR FAIL: the statement keeps no journal of its own (its unit's savepoint undoes it if it fails), and the log is
    // bound as the array's text ("[call]", what json_array(json()) made) since a JSON function may abort it too.
    this.insert = db.prepare(
      `INSERT OR FAIL INTO transactions (provider_id, transaction_id, operator_id, player_ref, game_id, round_id, type, amount, currency,
         original_transaction_id, round_complete, request_hash, session_token_hash, callback_body, state, attempts, created_at, updated_at,
         delivery_log)
       VALUES (@providerId, @transactionId, @operatorId, @playerRef, @gameId, @roundId, @type, @amount, @currency,
         @originalTransactionId, @roundComplete, @requestHash, @sessionTokenHash, @callbackBody, 'PENDING', 1, @now, @now, @log)`,
    );
    this.reclaim = db.prepare(
      `UPDATE transactions SET state = 'PENDING', attempts = attempts + 1, next_retry_at = NULL, updated_at = @now,
         delivery_log = ${APPEND_CALL_SQL}
       WHERE provider_id = @providerId AND transaction_id = @transactionId`,
    );
    // A provider's activity in its round; nothing changes (0 rows) once the reconciler closed it. The activity time
    // always moves forward, even within one millisecond, so the reconciler's close can tell that activity happened.
    this.enterRound = db.prepare(
      `INSERT INTO rounds (provider_id, operator_id, game_id, round_id, player_ref, status, last_activity_at)
       VALUES (@providerId, @operatorId, @gameId, @roundId, @playerRef, 'OPEN', @now)
       ON CONFLICT (provider_id, operator_id, game_id, round_id) DO UPDATE
       SET last_activity_at = MAX(excluded.last_activity_at, rounds.last_activity_at + 1)
       WHERE rounds.status NOT IN ('CLOSING', 'CLOSED')`,
    );
    // The reconciler's rollback of a bet is stored as `stale-rollback:<the bet's id>` (domain/money/relay-order.ts).
    this.selectStaleRollback = db.prepare("SELECT 1 FROM transactions WHERE provider_id = ? AND transaction_id = 'stale-rollback:' || ?").pluck();
  }

  /** The record stored under a key, read inside a unit of work. */
  find(key: TransactionKey): TransactionRecord | undefined {
    const row = this.select.get(key.providerId, key.transactionId) as Row | undefined;
    return row ? fromRow(row) : undefined;
  }

  /** The claim's decision and write (rules and order: docs/architecture.md, The claim), its nonce already recorded. */
  decide(intent: ClaimIntent, now: number, pendingStaleBefore: number, request: CallRequest): ClaimResult {
    switch (intent.kind) {
      case "look": {
        const stored = this.find(intent.key);
        if (stored === undefined) return { kind: "absent" };
        if (stored.requestHash !== intent.requestHash) return { kind: "different-body", record: stored };
        if (isSettled(stored)) return { kind: "settled", record: stored };
        return stored.resolvedByHand ? { kind: "resolved-by-hand", record: stored } : { kind: "unsettled", record: stored };
      }
      case "resend": {
        const stored = this.find(intent.key);
        return stored === undefined ? { kind: "absent" } : this.again(stored, now, pendingStaleBefore, request);
      }
      case "platform": {
        const { transaction } = intent;
        const stored = this.find(transaction);
        if (stored === undefined) return this.inserted(transaction, now, request, false);
        if (stored.requestHash !== transaction.requestHash) return { kind: "different-body", record: stored };
        return this.again(stored, now, pendingStaleBefore, request);
      }
      case "provider":
        return this.provider(intent.transaction, now, pendingStaleBefore, request);
    }
  }

  /** A provider's transaction through a usable session, checked in the claim's order. */
  private provider(transaction: NewTransaction, now: number, pendingStaleBefore: number, request: CallRequest): ClaimResult {
    const stored = this.find(transaction);
    const live = () => this.selectLiveSession.get(transaction.sessionTokenHash, now) !== undefined;
    if (stored === undefined) return live() ? this.inserted(transaction, now, request, true) : { kind: "session-ended" };
    if (stored.requestHash !== transaction.requestHash) return { kind: "different-body", record: stored };
    const closed = isSettled(stored) || stored.resolvedByHand;
    // Answered through the session it was made in even once that session ended: the provider still learns the outcome.
    if (!closed || stored.sessionTokenHash !== transaction.sessionTokenHash) {
      if (!live()) return { kind: "session-ended" };
      if (stored.operatorId !== transaction.operatorId) return { kind: "other-operator", record: stored };
    }
    if (closed) return this.again(stored, now, pendingStaleBefore, request);
    // The round is entered before deciding: no close of it can come between (PostgreSQL locks its row here too).
    const entered = this.enterRound.run(roundParams(transaction, now)).changes === 1;
    if (stored.type === "BET") {
      const reversal = this.selectReversal.get(stored.providerId, stored.transactionId) as Row | undefined;
      if (reversal !== undefined) return { kind: "reversed", reversal: fromRow(reversal) };
      // A credit recorded before its round closed is still sent; a bet is the reconciler's to reverse.
      if (!entered || this.selectStaleRollback.get(stored.providerId, stored.transactionId) !== undefined) {
        return { kind: "being-reversed", record: stored };
      }
    }
    return this.again(stored, now, pendingStaleBefore, request);
  }

  /** A stored record's answer, or its claim for one more attempt. */
  private again(stored: TransactionRecord, now: number, pendingStaleBefore: number, request: CallRequest): ClaimResult {
    if (isSettled(stored)) return { kind: "settled", record: stored };
    if (stored.resolvedByHand) return { kind: "resolved-by-hand", record: stored };
    if (stored.state === "PENDING" && stored.updatedAt >= pendingStaleBefore) return { kind: "in-flight", record: stored };
    const call = callStart(stored.attempts + 1, request, now);
    this.reclaim.run({ now, providerId: stored.providerId, transactionId: stored.transactionId, call });
    return { kind: "claimed", record: { ...stored, state: "PENDING", attempts: stored.attempts + 1, nextRetryAt: null, updatedAt: now } };
  }

  /** A new id claimed, unless another provider's transaction stands in the way or (`provider`) its round is closed. */
  private inserted(transaction: NewTransaction, now: number, request: CallRequest, provider: boolean): ClaimResult {
    const { operatorId, playerRef, transactionId, providerId, originalTransactionId } = transaction;
    if (this.selectForeignId.get(operatorId, playerRef, transactionId, providerId) !== undefined) return { kind: "id-of-another-provider" };
    if (
      transaction.type === "ROLLBACK" &&
      originalTransactionId !== null &&
      this.selectForeignBet.get(operatorId, playerRef, originalTransactionId, providerId) !== undefined
    ) {
      return { kind: "original-of-another-provider" };
    }
    if (provider && this.enterRound.run(roundParams(transaction, now)).changes === 0) return { kind: "round-closed" };
    this.insert.run(insertParams(transaction, now, callStart(1, request, now)));
    // Every field written out, as in the two objects above: a spread that adds keys to a copy of this many takes V8's
    // slow path (a map transition per key added), which cost several KiB and microseconds per claim.
    const record: TransactionRecord = {
      providerId,
      transactionId,
      operatorId,
      playerRef,
      gameId: transaction.gameId,
      roundId: transaction.roundId,
      type: transaction.type,
      amount: transaction.amount,
      currency: transaction.currency,
      originalTransactionId,
      roundComplete: transaction.roundComplete,
      requestHash: transaction.requestHash,
      sessionTokenHash: transaction.sessionTokenHash,
      callbackBody: transaction.callbackBody,
      state: "PENDING",
      responseBalance: null,
      attempts: 1,
      lastError: null,
      nextRetryAt: null,
      problem: false,
      resolvedByHand: false,
      createdAt: now,
      updatedAt: now,
    };
    return { kind: "claimed", record };
  }
}

/** The round statement's parameters: only the names it binds. */
function roundParams(t: NewTransaction, now: number) {
  return { providerId: t.providerId, operatorId: t.operatorId, gameId: t.gameId, roundId: t.roundId, playerRef: t.playerRef, now };
}

/** The INSERT's parameters, each named: not a spread of the transaction with keys added (see `inserted`). */
function insertParams(t: NewTransaction, now: number, call: string) {
  return {
    providerId: t.providerId,
    transactionId: t.transactionId,
    operatorId: t.operatorId,
    playerRef: t.playerRef,
    gameId: t.gameId,
    roundId: t.roundId,
    type: t.type,
    amount: t.amount,
    currency: t.currency,
    originalTransactionId: t.originalTransactionId,
    roundComplete: t.roundComplete ? 1 : 0,
    requestHash: t.requestHash,
    sessionTokenHash: t.sessionTokenHash,
    callbackBody: t.callbackBody,
    now,
    log: `[${call}]`,
  };
}
