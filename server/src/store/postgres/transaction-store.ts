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
  TransactionStore,
} from "../../domain/ports/ledger.js";
import { callEnd } from "../delivery-log.js";
import { OPEN_UNSETTLED_CREDITS, SYSTEM_RESOLVER } from "../problem-statements.js";
import { claimBatcher, type ClaimCall, type RawClaim } from "./claim-batcher.js";
import type { PostgresPool } from "./database.js";
import type { ExpiredNonceSweep } from "./nonce-store.js";
import { outcomeBatcher, outcomeParams, type OutcomeCall, type RawOutcome } from "./outcome-batcher.js";
import type { StatementBatcher } from "./statement-batcher.js";
import { fromRow, type TransactionRow } from "../transaction-row.js";
import { TRANSACTION_COLUMNS } from "./transaction-row.js";

/** An UPDATE of problems resolved by the platform itself, for the CTEs below: `$why` and `$now` are the caller's. */
const RESOLVE_PROBLEMS = (why: string, now: string) =>
  `UPDATE problems SET resolved_at = ${now}, resolved_by = '${SYSTEM_RESOLVER}', resolution = ${why}`;

/**
 * The outcome write of a call: state, answer, retry time and the end of the attempt's delivery log entry. The row is
 * found by its primary key alone: `state` is compared as an expression so that no plan combines the key with
 * `transactions_state`, whose entries for 'PENDING' pile up dead with every settled transaction until a vacuum.
 */
const WRITE_OUTCOME = `UPDATE transactions SET state = $3, response_balance = $4, last_error = $5, next_retry_at = $6, updated_at = $7,
    delivery_log = CASE WHEN (delivery_log -> -1 ->> 'n')::int = $8 THEN jsonb_set(delivery_log, '{-1}', (delivery_log -> -1) || $9::jsonb)
      ELSE delivery_log END
  WHERE provider_id = $1 AND transaction_id = $2 AND state || '' = 'PENDING' AND attempts = $8`;

/** Opens a problem about the transaction row `o` of a CTE, once while open (the unique partial index ignores a repeat). */
const OPEN_PROBLEM = (kind: string, from: string, where: string) =>
  `INSERT INTO problems (operator_id, kind, provider_id, transaction_id, game_id, round_id, player_ref, detail, created_at)
   SELECT operator_id, '${kind}', provider_id, transaction_id, game_id, round_id, player_ref, last_error, updated_at FROM ${from} ${where}
   ON CONFLICT DO NOTHING`;

/**
 * The ledger port on PostgreSQL, shared by every instance: a claim is one call of `croupier_claim_v2` (migrations.ts), or
 * under load one share of a `croupier_claim_batch` (claim-batcher.ts), its outcome one call of `croupier_record_outcome`
 * or under load one share of a `croupier_record_outcome_batch` (outcome-batcher.ts), every other write one statement, so
 * a transaction takes two round trips at most. An outcome is fenced on its attempt: once another
 * instance claimed again after the lease ran out, a late outcome of the old attempt changes nothing.
 */
export class PostgresTransactionStore implements TransactionStore {
  private readonly claims: StatementBatcher<ClaimCall, RawClaim>;
  private readonly outcomes: StatementBatcher<OutcomeCall, RawOutcome>;

  constructor(
    private readonly pool: PostgresPool,
    private readonly instanceId: string,
    private readonly nonceSweep: ExpiredNonceSweep,
    /** How many instances share the database, this one included, as its heartbeat last counted them: the batchers' share. */
    liveInstances: () => number = () => 1,
  ) {
    this.claims = claimBatcher(pool, instanceId, liveInstances);
    this.outcomes = outcomeBatcher(pool, liveInstances);
  }

  async find(key: TransactionKey): Promise<TransactionRecord | undefined> {
    const { rows } = await this.pool.query<TransactionRow>(
      `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE provider_id = $1 AND transaction_id = $2`,
      [key.providerId, key.transactionId],
    );
    return rows[0] ? fromRow(rows[0]) : undefined;
  }

  async claim(intent: ClaimIntent, now: number, pendingStaleBefore: number, request: CallRequest): Promise<ClaimResult> {
    const result = await this.claims.send({ intent, now, staleBefore: pendingStaleBefore, call: callStartOf(request, now) });
    if ((intent.kind === "provider" || intent.kind === "look") && intent.nonce !== undefined) this.nonceSweep.nowAndThen(Math.floor(now / 1000));
    return claimResultOf(result);
  }

  async recordOutcome(claimed: TransactionRecord, outcome: RecordedOutcome, now: number): Promise<TransactionRecord> {
    const row = await this.outcomes.send(outcomeCall(claimed, outcome, now));
    if (row) return fromRow(row);
    // Fenced: this attempt's lease ran out and another took the record over. What stands is theirs.
    return (await this.find(claimed))!;
  }

  async recordOrphanOutcome(orphan: TransactionRecord, outcome: RecordedOutcome, now: number): Promise<boolean> {
    const { rows } = await this.pool.query<{ written: number }>(
      `WITH o AS (${WRITE_OUTCOME} AND updated_at = $10 RETURNING *),
       problem AS (${OPEN_PROBLEM("UNKNOWN_OUTCOME", "o", "WHERE o.type IN ('BET', 'ADJUSTMENT')")})
       SELECT count(*) AS written FROM o`,
      [...outcomeParams(outcomeCall(orphan, outcome, now)), orphan.updatedAt],
    );
    return rows[0]!.written === 1;
  }

  async pending(): Promise<TransactionRecord[]> {
    return this.rows(`SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE state = 'PENDING'`, []);
  }

  async dueCredits(now: number, limit: number): Promise<TransactionRecord[]> {
    return this.rows(
      `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE state IN ('FAILED', 'TIMED_OUT') AND type IN ('WIN', 'ROLLBACK') AND NOT problem
         AND (next_retry_at IS NULL OR next_retry_at <= $1) ORDER BY next_retry_at NULLS FIRST LIMIT $2`,
      [now, limit],
    );
  }

  async markProblem(record: TransactionRecord, now: number): Promise<boolean> {
    const { rows } = await this.pool.query<{ flagged: number }>(
      `WITH o AS (UPDATE transactions SET problem = TRUE, next_retry_at = NULL, updated_at = $1
         WHERE provider_id = $2 AND transaction_id = $3 AND state IN ('FAILED', 'TIMED_OUT') RETURNING *),
       problem AS (${OPEN_PROBLEM("UNSETTLED_CREDIT", "o", "")})
       SELECT count(*) AS flagged FROM o`,
      [now, record.providerId, record.transactionId],
    );
    return rows[0]!.flagged === 1;
  }

  async problems(): Promise<TransactionRecord[]> {
    return this.rows(
      `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE (provider_id, transaction_id) IN (${OPEN_UNSETTLED_CREDITS})
      ORDER BY created_at`,
      [],
    );
  }

  async transactionCounts(): Promise<{ pending: number; problems: number }> {
    const { rows } = await this.pool.query<{ pending: number; problems: number }>(
      `SELECT (SELECT count(*) FROM transactions WHERE state = 'PENDING') AS pending,
              (SELECT count(*) FROM (${OPEN_UNSETTLED_CREDITS}) AS open) AS problems`,
    );
    return rows[0]!;
  }

  async roundsToReconcile(staleBefore: number, limit: number): Promise<RoundRef[]> {
    const roundRef = `SELECT provider_id AS "providerId", operator_id AS "operatorId", game_id AS "gameId", round_id AS "roundId",
         player_ref AS "playerRef", status, last_activity_at AS "lastActivityAt" FROM rounds`;
    const { rows } = await this.pool.query<RoundRef>(
      `(${roundRef} WHERE status = 'OPEN' AND last_activity_at <= $1 ORDER BY last_activity_at LIMIT $2)
       UNION ALL (${roundRef} WHERE status = 'CLOSING' ORDER BY last_activity_at LIMIT $2)`,
      [staleBefore, limit],
    );
    return rows;
  }

  async transactionsOfRound(round: RoundRef): Promise<TransactionRecord[]> {
    return this.rows(
      `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE operator_id = $1 AND game_id = $2 AND round_id = $3 AND provider_id = $4
       ORDER BY created_at, seq`,
      [round.operatorId, round.gameId, round.roundId, round.providerId],
    );
  }

  async closeRound(round: RoundRef, firstRollback: FirstRollback | undefined, now: number): Promise<RoundClosing> {
    const { rows } = await this.pool.query<{ result: { kind: RoundClosing["kind"]; claim?: RawClaim } }>(
      "SELECT croupier_close_round($1, $2, $3, $4, $5, $6, $7) AS result",
      [
        JSON.stringify(round),
        round.lastActivityAt,
        firstRollback === undefined ? null : JSON.stringify(firstRollback.transaction),
        now,
        firstRollback?.pendingStaleBefore ?? now,
        firstRollback === undefined ? null : JSON.stringify(callStartOf(firstRollback.request, now)),
        this.instanceId,
      ],
    );
    const { kind, claim } = rows[0]!.result;
    return kind === "closing" ? { kind, claim: claimResultOf(claim!) } : { kind };
  }

  async markReconciled(round: RoundRef, now: number): Promise<void> {
    await this.pool.query(
      `WITH c AS (UPDATE rounds SET status = 'CLOSED'
         WHERE provider_id = $1 AND operator_id = $2 AND game_id = $3 AND round_id = $4 AND status = 'CLOSING' RETURNING *)
       ${RESOLVE_PROBLEMS("'closed by the reconciler'", "$5")} FROM c
         WHERE problems.kind = 'UNCLOSED_ROUND' AND problems.provider_id = c.provider_id AND problems.game_id = c.game_id
           AND problems.round_id = c.round_id AND problems.operator_id = c.operator_id AND problems.resolved_at IS NULL`,
      [round.providerId, round.operatorId, round.gameId, round.roundId, now],
    );
  }

  async flagUnclosedRound(round: RoundRef, detail: string, now: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO problems (operator_id, kind, provider_id, transaction_id, game_id, round_id, player_ref, detail, created_at)
       VALUES ($1, 'UNCLOSED_ROUND', $2, NULL, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [round.operatorId, round.providerId, round.gameId, round.roundId, round.playerRef, detail, now],
    );
  }

  async roundStatus(round: RoundKey): Promise<RoundStatus | undefined> {
    const { rows } = await this.pool.query<{ status: RoundStatus }>(
      "SELECT status FROM rounds WHERE provider_id = $1 AND operator_id = $2 AND game_id = $3 AND round_id = $4",
      [round.providerId, round.operatorId, round.gameId, round.roundId],
    );
    return rows[0]?.status;
  }

  private async rows(sql: string, params: unknown[]): Promise<TransactionRecord[]> {
    return (await this.pool.query<TransactionRow>(sql, params)).rows.map(fromRow);
  }
}

function claimResultOf({ kind, row, reversal }: RawClaim): ClaimResult {
  switch (kind) {
    case "replayed":
    case "absent":
    case "round-closed":
    case "session-ended":
    case "id-of-another-provider":
    case "original-of-another-provider":
      return { kind };
    case "reversed":
      return { kind, reversal: fromRow(reversal!) };
    case "claimed":
    case "different-body":
    case "settled":
    case "resolved-by-hand":
    case "unsettled":
    case "in-flight":
    case "other-operator":
    case "being-reversed":
      return { kind, record: fromRow(row!) };
  }
}

/** An outcome's arguments: the attempt it ends is the record's, as claimed. */
function outcomeCall(record: TransactionRecord, outcome: RecordedOutcome, now: number): OutcomeCall {
  return {
    providerId: record.providerId,
    transactionId: record.transactionId,
    operatorId: record.operatorId,
    playerRef: record.playerRef,
    state: outcome.state,
    balance: outcome.balance,
    error: outcome.error,
    nextRetryAt: outcome.nextRetryAt,
    now,
    attempt: record.attempts,
    callEnd: callEnd(outcome.call, outcome.state, now),
  };
}

/** The start of a call in the delivery log, without its attempt number (the SQL adds it, as it counts the attempts). */
function callStartOf(request: CallRequest, now: number): { by: string; actor: string | null; at: number } {
  return { by: request.by, actor: request.actor, at: now };
}
