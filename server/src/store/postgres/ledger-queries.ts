import type { DeliveryLogEntry, TransactionKey, TransactionRecord } from "../../domain/ports/ledger.js";
import {
  PURGE_SLICE,
  type LedgerQueries,
  type ListedTransaction,
  type RoundView,
  type TransactionFilter,
  type TransactionPosition,
} from "../../domain/ports/ledger-queries.js";
import { readDeliveryLog } from "../delivery-log.js";
import { FILTER_COLUMNS } from "../transaction-filter-columns.js";
import type { PostgresPool } from "./database.js";
import { fromRow, type TransactionRow } from "../transaction-row.js";
import { TRANSACTION_COLUMNS } from "./transaction-row.js";

/**
 * PostgreSQL implementation of the ledger-queries port. Lists walk (operator_id, created_at) newest first; `seq`
 * (arrival order) breaks ties and is the cursor's `rowid`.
 */
export class PostgresLedgerQueries implements LedgerQueries {
  constructor(private readonly pool: PostgresPool) {}

  async list(operatorId: string, filter: TransactionFilter, after: TransactionPosition | undefined, limit: number): Promise<ListedTransaction[]> {
    const params: unknown[] = [operatorId];
    const clauses = ["operator_id = $1"];
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
    const { rows } = await this.pool.query<TransactionRow & { seq: number }>(
      `SELECT ${TRANSACTION_COLUMNS}, seq FROM transactions WHERE ${clauses.join(" AND ")}
       ORDER BY created_at DESC, seq DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map((row) => ({ ...fromRow(row), position: { createdAt: row.created_at, rowid: row.seq } }));
  }

  async detail(operatorId: string, key: TransactionKey): Promise<(TransactionRecord & { deliveryLog: DeliveryLogEntry[] }) | undefined> {
    const { rows } = await this.pool.query<TransactionRow & { delivery_log: string | null }>(
      `SELECT ${TRANSACTION_COLUMNS}, delivery_log::text AS delivery_log FROM transactions
       WHERE provider_id = $1 AND transaction_id = $2 AND operator_id = $3`,
      [key.providerId, key.transactionId, operatorId],
    );
    if (!rows[0]) return undefined;
    const record = fromRow(rows[0]);
    return { ...record, deliveryLog: readDeliveryLog(rows[0].delivery_log, record) };
  }

  async round(operatorId: string, gameId: string, roundId: string): Promise<RoundView | undefined> {
    const transactions = (
      await this.pool.query<TransactionRow>(
        `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE operator_id = $1 AND game_id = $2 AND round_id = $3 ORDER BY created_at, seq`,
        [operatorId, gameId, roundId],
      )
    ).rows.map(fromRow);
    // A game belongs to one provider, so the round's transactions name it. Adjustments make no round.
    const providerId = transactions[0]?.providerId;
    if (providerId === undefined) return undefined;
    const { rows } = await this.pool.query<Pick<RoundView, "playerRef" | "status" | "lastActivityAt">>(
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
