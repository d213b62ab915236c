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
  TransactionStore,
} from "../../domain/ports/ledger.js";
import type { DeferredNonce } from "../../domain/ports/nonces.js";
import { callEnd } from "../delivery-log.js";
import { OPEN_UNSETTLED_CREDITS, SYSTEM_RESOLVER } from "../problem-statements.js";
import type { PostgresPool } from "./database.js";
import type { ExpiredNonceSweep } from "./nonce-store.js";
import { fromRow, type TransactionRow } from "../transaction-row.js";
import { TRANSACTION_COLUMNS } from "./transaction-row.js";

/** An UPDATE of problems resolved by the platform itself, for the CTEs below: `$why` and `$now` are the caller's. */
const RESOLVE_PROBLEMS = (why: string, now: string) =>
  `UPDATE problems SET resolved_at = ${now}, resolved_by = '${SYSTEM_RESOLVER}', resolution = ${why}`;

/** The outcome write of a call: state, answer, retry time and the end of the attempt's delivery log entry. */
const WRITE_OUTCOME = `UPDATE transactions SET state = $3, response_balance = $4, last_error = $5, next_retry_at = $6, updated_at = $7,
    delivery_log = CASE WHEN (delivery_log -> -1 ->> 'n')::int = $8 THEN jsonb_set(delivery_log, '{-1}', (delivery_log -> -1) || $9::jsonb)
      ELSE delivery_log END
  WHERE provider_id = $1 AND transaction_id = $2 AND state = 'PENDING' AND attempts = $8`;

/** Opens a problem about the transaction row `o` of a CTE, once while open (the unique partial index ignores a repeat). */
const OPEN_PROBLEM = (kind: string, from: string, where: string) =>
  `INSERT INTO problems (operator_id, kind, provider_id, transaction_id, game_id, round_id, player_ref, detail, created_at)
   SELECT operator_id, '${kind}', provider_id, transaction_id, game_id, round_id, player_ref, last_error, updated_at FROM ${from} ${where}
   ON CONFLICT DO NOTHING`;

/**
 * PostgreSQL implementation of the ledger port, shared by every instance. The claim is one call of `croupier_claim`
 * (migrations.ts): decision and PENDING write in one transaction, the row claimed by this instance until its lease (the
 * operator's callback timeout) runs out. Every write is one statement, data-modifying CTEs where a write has
 * consequences (a round completed, problems resolved), so a transaction costs two round trips: claim and outcome. A
 * provider's new transaction is claimed by `croupier_claim_first`, which also records the call's nonce and checks its
 * session, so these two are all its round trips (issue 20).
 * The outcome is fenced on the attempt it belongs to: once the lease ran out and another instance claimed again, a late
 * outcome of the old attempt changes nothing.
 */
export class PostgresTransactionStore implements TransactionStore {
  constructor(
    private readonly pool: PostgresPool,
    private readonly instanceId: string,
    private readonly nonceSweep: ExpiredNonceSweep,
  ) {}

  async find(key: TransactionKey): Promise<TransactionRecord | undefined> {
    const { rows } = await this.pool.query<TransactionRow>(
      `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE provider_id = $1 AND transaction_id = $2`,
      [key.providerId, key.transactionId],
    );
    return rows[0] ? fromRow(rows[0]) : undefined;
  }

  async claim(transaction: NewTransaction, now: number, pendingStaleBefore: number, touchRound: boolean, request: CallRequest): Promise<ClaimResult> {
    const { rows } = await this.pool.query<{ result: { kind: ClaimResult["kind"]; row?: TransactionRow } }>(
      "SELECT croupier_claim($1, $2, $3, $4, $5, $6) AS result",
      [JSON.stringify(transaction), now, pendingStaleBefore, touchRound, JSON.stringify(callStartOf(request, now)), this.instanceId],
    );
    const { kind, row } = rows[0]!.result;
    if (kind === "id-of-another-provider" || kind === "original-of-another-provider") return { kind };
    return { kind, record: fromRow(row!) };
  }

  async claimFirst(transaction: NewTransaction, now: number, request: CallRequest, nonce: DeferredNonce | undefined): Promise<FirstClaimResult> {
    const { rows } = await this.pool.query<{ result: { kind: FirstClaimResult["kind"]; row?: TransactionRow } }>(
      "SELECT croupier_claim_first($1, $2, $3, $4, $5) AS result",
      [
        JSON.stringify(transaction),
        now,
        JSON.stringify(callStartOf(request, now)),
        this.instanceId,
        nonce === undefined ? null : JSON.stringify({ tenantId: nonce.tenantId, nonce: nonce.nonce, expiresAt: nonce.expiresAtSeconds }),
      ],
    );
    const { kind, row } = rows[0]!.result;
    if (nonce !== undefined) {
      nonce.recordedWith(kind !== "replayed");
      this.nonceSweep.nowAndThen(Math.floor(now / 1000));
    }
    return kind === "claimed" ? { kind, record: fromRow(row!) } : { kind };
  }

  async claimForResend(key: TransactionKey, now: number, pendingStaleBefore: number, request: CallRequest): Promise<TransactionRecord | undefined> {
    const { rows } = await this.pool.query<TransactionRow>(
      `UPDATE transactions SET state = 'PENDING', attempts = attempts + 1, next_retry_at = NULL, updated_at = $3, claimed_by = $5,
         delivery_log = COALESCE(delivery_log, '[]'::jsonb) || jsonb_build_array($6::jsonb || jsonb_build_object('n', attempts + 1))
       WHERE provider_id = $1 AND transaction_id = $2 AND state NOT IN ('OK', 'DECLINED') AND NOT (state = 'PENDING' AND updated_at >= $4)
       RETURNING ${TRANSACTION_COLUMNS}`,
      [key.providerId, key.transactionId, now, pendingStaleBefore, this.instanceId, JSON.stringify(callStartOf(request, now))],
    );
    return rows[0] ? fromRow(rows[0]) : undefined;
  }

  async recordOutcome(claimed: TransactionRecord, outcome: RecordedOutcome, now: number): Promise<TransactionRecord> {
    const settles = outcome.state === "OK" || outcome.state === "DECLINED";
    const { rows } = await this.pool.query<TransactionRow>(
      `WITH o AS (${WRITE_OUTCOME} RETURNING ${TRANSACTION_COLUMNS}),
       completed AS (UPDATE rounds r SET status = 'COMPLETED' FROM o
         WHERE $10::boolean AND o.round_complete AND o.type IN ('BET', 'WIN') AND r.provider_id = o.provider_id AND r.operator_id = o.operator_id
           AND r.game_id = o.game_id AND r.round_id = o.round_id),
       settled AS (${RESOLVE_PROBLEMS("'settled'", "$7")} FROM o
         WHERE $10::boolean AND o.attempts > 1 AND problems.provider_id = o.provider_id AND problems.transaction_id = o.transaction_id
           AND problems.resolved_at IS NULL),
       reversed AS (${RESOLVE_PROBLEMS("'reversed by ' || o.transaction_id", "$7")} FROM o
         WHERE o.state = 'OK' AND o.type = 'ROLLBACK' AND problems.provider_id = o.provider_id
           AND problems.transaction_id = o.original_transaction_id AND problems.resolved_at IS NULL)
       SELECT * FROM o`,
      [...this.outcomeParams(claimed, outcome, now), settles],
    );
    if (rows[0]) return fromRow(rows[0]);
    // Fenced: this attempt's lease ran out and another took the record over. What stands is theirs.
    return (await this.find(claimed))!;
  }

  async recordOrphanOutcome(orphan: TransactionRecord, outcome: RecordedOutcome, now: number): Promise<boolean> {
    const { rows } = await this.pool.query<{ written: number }>(
      `WITH o AS (${WRITE_OUTCOME} AND updated_at = $10 RETURNING *),
       problem AS (${OPEN_PROBLEM("UNKNOWN_OUTCOME", "o", "WHERE o.type IN ('BET', 'ADJUSTMENT')")})
       SELECT count(*) AS written FROM o`,
      [...this.outcomeParams(orphan, outcome, now), orphan.updatedAt],
    );
    return rows[0]!.written === 1;
  }

  private outcomeParams(record: TransactionRecord, outcome: RecordedOutcome, now: number): unknown[] {
    return [
      record.providerId,
      record.transactionId,
      outcome.state,
      outcome.balance,
      outcome.error,
      outcome.nextRetryAt,
      now,
      record.attempts,
      callEnd(outcome.call, outcome.state, now),
    ];
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

  async markProblem(record: TransactionRecord, now: number): Promise<void> {
    await this.pool.query(
      `WITH o AS (UPDATE transactions SET problem = TRUE, next_retry_at = NULL, updated_at = $1 WHERE provider_id = $2 AND transaction_id = $3
         RETURNING *)
       ${OPEN_PROBLEM("UNSETTLED_CREDIT", "o", "")}`,
      [now, record.providerId, record.transactionId],
    );
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

  async staleRounds(before: number, limit: number): Promise<RoundRef[]> {
    const { rows } = await this.pool.query<RoundRef>(
      `SELECT provider_id AS "providerId", operator_id AS "operatorId", game_id AS "gameId", round_id AS "roundId",
         player_ref AS "playerRef", last_activity_at AS "lastActivityAt"
       FROM rounds WHERE status = 'OPEN' AND last_activity_at <= $1 ORDER BY last_activity_at LIMIT $2`,
      [before, limit],
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

  async closeRound(round: RoundRef): Promise<boolean> {
    const { rows } = await this.pool.query<{ closed: number }>(
      `WITH c AS (UPDATE rounds SET status = 'CLOSED'
         WHERE provider_id = $1 AND operator_id = $2 AND game_id = $3 AND round_id = $4 AND status = 'OPEN' AND last_activity_at = $5
         RETURNING *),
       resolved AS (${RESOLVE_PROBLEMS("'closed by the reconciler'", "$6")} FROM c
         WHERE problems.kind = 'UNCLOSED_ROUND' AND problems.provider_id = c.provider_id AND problems.game_id = c.game_id
           AND problems.round_id = c.round_id AND problems.operator_id = c.operator_id AND problems.resolved_at IS NULL)
       SELECT count(*) AS closed FROM c`,
      [round.providerId, round.operatorId, round.gameId, round.roundId, round.lastActivityAt, Date.now()],
    );
    return rows[0]!.closed === 1;
  }

  async flagUnclosedRound(round: RoundRef, detail: string, now: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO problems (operator_id, kind, provider_id, transaction_id, game_id, round_id, player_ref, detail, created_at)
       VALUES ($1, 'UNCLOSED_ROUND', $2, NULL, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [round.operatorId, round.providerId, round.gameId, round.roundId, round.playerRef, detail, now],
    );
  }

  async roundStatus(round: Omit<RoundRef, "playerRef" | "lastActivityAt">): Promise<RoundStatus | undefined> {
    const { rows } = await this.pool.query<{ status: RoundStatus }>(
      "SELECT status FROM rounds WHERE provider_id = $1 AND operator_id = $2 AND game_id = $3 AND round_id = $4",
      [round.providerId, round.operatorId, round.gameId, round.roundId],
    );
    return rows[0]?.status;
  }

  async reversalOf(bet: TransactionKey): Promise<TransactionRecord | undefined> {
    const rows = await this.rows(
      `SELECT ${TRANSACTION_COLUMNS} FROM transactions
       WHERE provider_id = $1 AND original_transaction_id = $2 AND type = 'ROLLBACK' AND state = 'OK' LIMIT 1`,
      [bet.providerId, bet.transactionId],
    );
    return rows[0];
  }

  private async rows(sql: string, params: unknown[]): Promise<TransactionRecord[]> {
    return (await this.pool.query<TransactionRow>(sql, params)).rows.map(fromRow);
  }
}

/** The start of a call in the delivery log, without its attempt number (the SQL adds it, as it counts the attempts). */
function callStartOf(request: CallRequest, now: number): { by: string; actor: string | null; at: number } {
  return { by: request.by, actor: request.actor, at: now };
}
