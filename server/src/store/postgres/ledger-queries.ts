import type { DeliveryLogEntry, TransactionKey, TransactionRecord } from "../../domain/ports/ledger.js";
import {
  PURGE_SLICE,
  type LedgerQueries,
  type LedgerScope,
  type ListedTransaction,
  type RoundView,
  type TransactionFilter,
  type TransactionPosition,
} from "../../domain/ports/ledger-queries.js";
import { readDeliveryLog } from "../delivery-log.js";
import { FILTER_COLUMNS, scopeColumn } from "../transaction-filter-columns.js";
import type { PostgresPool, Queries } from "./database.js";
import { fromShownRow, OPEN_PROBLEM_COLUMN, type TransactionRow } from "../transaction-row.js";
import { TRANSACTION_COLUMNS } from "./transaction-row.js";

/**
 * The statement and positional parameters of one page of a transaction list. Exported for the plan test, which holds
 * every filter to an index scan (issue 30 item 1).
 */
export function transactionListSql(
  scope: LedgerScope,
  filter: TransactionFilter,
  after: TransactionPosition | undefined,
  limit: number,
): { sql: string; params: unknown[] } {
  const [column, id] = scopeColumn(scope);
  const params: unknown[] = [id];
  const clauses = [`${column} = $1`];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  for (const [key, column] of Object.entries(FILTER_COLUMNS)) {
    const value = filter[key as keyof typeof FILTER_COLUMNS];
    if (value !== undefined) add((n) => `${column} = ${n}`, value);
  }
  if (filter.from !== undefined) add((n) => `created_at >= ${n}`, filter.from);
  if (filter.to !== undefined) add((n) => `created_at < ${n}`, filter.to);
  if (after) add((n) => `(created_at, seq) < (${n}::bigint, $${params.length + 1}::bigint)`, after.createdAt);
  if (after) params.push(after.rowid);
  params.push(limit);
  const select = `SELECT ${TRANSACTION_COLUMNS}, ${OPEN_PROBLEM_COLUMN}, seq FROM transactions WHERE ${clauses.join(" AND ")}`;
  const order = `ORDER BY created_at DESC, seq DESC LIMIT $${params.length}`;
  const skip = skipScan(scope, filter);
  if (!skip) return { sql: `${select} ${order}`, params };
  // The page of each key, then of all: the inner LIMIT also keeps PostgreSQL from flattening the look-up into a join.
  return {
    sql: `WITH RECURSIVE keys AS (${skip.keys}) SELECT t.* FROM keys CROSS JOIN LATERAL (${select} AND ${skip.match} ${order}) t ${order}`,
    params,
  };
}

/**
 * A transaction id without its provider, or a round without its game, is in the middle of the index that finds it
 * (the table's key leads with the provider, the round index with the operator and the game): without this, PostgreSQL
 * walks that whole index or the window. Instead the distinct providers (or operator and game pairs) are found one
 * index descent each, and each looked up by the full key: a skip scan over the existing indexes, no new index on the
 * money path. Every `$1` below is the scope's id.
 */
function skipScan(scope: LedgerScope, filter: TransactionFilter): { keys: string; match: string } | undefined {
  if (filter.transactionId !== undefined && filter.providerId === undefined && "operatorId" in scope) {
    const next = (after: string) => `SELECT provider_id FROM transactions ${after} ORDER BY provider_id LIMIT 1`;
    return {
      keys: `(${next("")}) UNION ALL SELECT (${next("WHERE provider_id > keys.provider_id")}) FROM keys WHERE keys.provider_id IS NOT NULL`,
      match: "provider_id = keys.provider_id",
    };
  }
  if (filter.roundId !== undefined && filter.gameId === undefined) {
    // In an operator's scope its games; in a studio's every (operator, game) pair.
    const [columns, next] =
      "operatorId" in scope
        ? ["game_id", "operator_id = $1 AND game_id > keys.game_id"]
        : ["operator_id, game_id", "(operator_id, game_id) > (keys.operator_id, keys.game_id)"];
    const first = (where: string) => `SELECT ${columns} FROM transactions ${where} ORDER BY ${columns} LIMIT 1`;
    return {
      keys: `(${first("operatorId" in scope ? "WHERE operator_id = $1" : "")}) UNION ALL SELECT n.* FROM keys CROSS JOIN LATERAL (${first(`WHERE ${next}`)}) n`,
      match: "operatorId" in scope ? "game_id = keys.game_id" : "operator_id = keys.operator_id AND game_id = keys.game_id",
    };
  }
  return undefined;
}

/** A transaction as the reconciliation API reads it: its row and whether a problem about it is open. */
type ShownRow = TransactionRow & { open_problem: boolean };

/**
 * PostgreSQL implementation of the ledger-queries port. Lists walk (operator_id, created_at) newest first; `seq`
 * (arrival order) breaks ties and is the cursor's `rowid`. The reads go to the back office's read pool (`reads`), the
 * sweeper's purge to the main one.
 */
export class PostgresLedgerQueries implements LedgerQueries {
  constructor(
    private readonly pool: PostgresPool,
    private readonly reads: Queries,
  ) {}

  async list(scope: LedgerScope, filter: TransactionFilter, after: TransactionPosition | undefined, limit: number): Promise<ListedTransaction[]> {
    const { sql, params } = transactionListSql(scope, filter, after, limit);
    const { rows } = await this.reads.query<ShownRow & { seq: number }>(sql, params);
    return rows.map((row) => ({ ...fromShownRow(row), position: { createdAt: row.created_at, rowid: row.seq } }));
  }

  async detail(scope: LedgerScope, key: TransactionKey): Promise<(TransactionRecord & { deliveryLog: DeliveryLogEntry[] }) | undefined> {
    // A provider's transactionIds are its own at every operator: (providerId, transactionId) is the table's key.
    if ("providerId" in scope && scope.providerId !== key.providerId) return undefined;
    const [column, id] = scopeColumn(scope);
    const { rows } = await this.reads.query<ShownRow & { delivery_log: string | null }>(
      `SELECT ${TRANSACTION_COLUMNS}, ${OPEN_PROBLEM_COLUMN}, delivery_log::text AS delivery_log FROM transactions
       WHERE provider_id = $1 AND transaction_id = $2 AND ${column} = $3`,
      [key.providerId, key.transactionId, id],
    );
    if (!rows[0]) return undefined;
    const record = fromShownRow(rows[0]);
    return { ...record, deliveryLog: readDeliveryLog(rows[0].delivery_log, record) };
  }

  async round(operatorId: string, gameId: string, roundId: string, ofProvider?: string): Promise<RoundView | undefined> {
    const transactions = (
      await this.reads.query<ShownRow>(
        `SELECT ${TRANSACTION_COLUMNS}, ${OPEN_PROBLEM_COLUMN} FROM transactions WHERE operator_id = $1 AND game_id = $2 AND round_id = $3 ORDER BY created_at, seq`,
        [operatorId, gameId, roundId],
      )
    ).rows.map(fromShownRow);
    // A game belongs to one provider, so the round's transactions name it. Adjustments make no round.
    const providerId = ofProvider ?? transactions[0]?.providerId;
    if (providerId === undefined) return undefined;
    const { rows } = await this.reads.query<Pick<RoundView, "playerRef" | "status" | "lastActivityAt">>(
      `SELECT player_ref AS "playerRef", status, last_activity_at AS "lastActivityAt" FROM rounds
       WHERE provider_id = $1 AND operator_id = $2 AND game_id = $3 AND round_id = $4`,
      [providerId, operatorId, gameId, roundId],
    );
    if (!rows[0]) return undefined;
    return { providerId, gameId, roundId, ...rows[0], transactions: transactions.filter((t) => t.providerId === providerId) };
  }

  async purgeDeliveryLogs(operatorId: string, from: number, before: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      `UPDATE transactions SET delivery_log = NULL WHERE (provider_id, transaction_id) IN (SELECT provider_id, transaction_id FROM transactions
         WHERE operator_id = $1 AND created_at >= $2 AND created_at < $3 AND delivery_log IS NOT NULL LIMIT ${PURGE_SLICE} FOR UPDATE SKIP LOCKED)`,
      [operatorId, from, before],
    );
    return rowCount ?? 0;
  }
}
