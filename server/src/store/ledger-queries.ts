import type { DeliveryLogEntry, TransactionKey, TransactionRecord } from "../domain/ports/ledger.js";
import {
  PURGE_SLICE,
  type LedgerQueries,
  type ListedTransaction,
  type RoundView,
  type TransactionFilter,
  type TransactionPosition,
} from "../domain/ports/ledger-queries.js";
import type { SqliteDatabase } from "./database.js";
import type { GroupCommit } from "./group-commit.js";
import { StatementCache } from "./statement-cache.js";
import { readDeliveryLog } from "./delivery-log.js";
import { FILTER_COLUMNS } from "./transaction-filter-columns.js";
import { fromRow, type TransactionRow } from "./transaction-row.js";

/**
 * SQLite implementation of {@link LedgerQueries}. Lists walk the (operator_id, created_at) index newest first; its implicit rowid
 * breaks ties, so (createdAt, rowid) is a total order that rows inserted later can only precede.
 */
export class SqliteLedgerQueries implements LedgerQueries {
  private readonly lists;
  private readonly selectOne;
  private readonly selectRoundTransactions;
  private readonly selectRound;
  private readonly purge;

  constructor(
    db: SqliteDatabase,
    private readonly commits: GroupCommit,
  ) {
    this.lists = new StatementCache(db);
    this.selectOne = db.prepare("SELECT * FROM transactions WHERE provider_id = ? AND transaction_id = ? AND operator_id = ?");
    this.selectRoundTransactions = db.prepare(
      "SELECT * FROM transactions WHERE operator_id = ? AND game_id = ? AND round_id = ? ORDER BY created_at, rowid",
    );
    this.selectRound = db.prepare(
      `SELECT player_ref AS playerRef, status, last_activity_at AS lastActivityAt FROM rounds
       WHERE provider_id = ? AND operator_id = ? AND game_id = ? AND round_id = ?`,
    );
    this.purge = db.prepare(
      `UPDATE transactions SET delivery_log = NULL WHERE rowid IN (SELECT rowid FROM transactions
         WHERE operator_id = ? AND created_at >= ? AND created_at < ? AND delivery_log IS NOT NULL LIMIT ${PURGE_SLICE})`,
    );
  }

  list(operatorId: string, filter: TransactionFilter, after: TransactionPosition | undefined, limit: number): Promise<ListedTransaction[]> {
    const clauses = ["operator_id = @operatorId"];
    const params: Record<string, unknown> = { operatorId, limit };
    for (const [key, column] of Object.entries(FILTER_COLUMNS)) {
      const value = filter[key as keyof typeof FILTER_COLUMNS];
      if (value === undefined) continue;
      clauses.push(`${column} = @${key}`);
      params[key] = value;
    }
    if (filter.from !== undefined) {
      clauses.push("created_at >= @from");
      params.from = filter.from;
    }
    if (filter.to !== undefined) {
      clauses.push("created_at < @to");
      params.to = filter.to;
    }
    if (after) {
      clauses.push("(created_at < @afterAt OR (created_at = @afterAt AND rowid < @afterRowid))");
      Object.assign(params, { afterAt: after.createdAt, afterRowid: after.rowid });
    }
    const sql = `SELECT rowid AS position_rowid, * FROM transactions WHERE ${clauses.join(" AND ")}
      ORDER BY created_at DESC, rowid DESC LIMIT @limit`;
    const statement = this.lists.get(sql);
    return Promise.resolve(
      (statement.all(params) as (TransactionRow & { position_rowid: number })[]).map((row) => ({
        ...fromRow(row),
        position: { createdAt: row.created_at, rowid: row.position_rowid },
      })),
    );
  }

  detail(operatorId: string, key: TransactionKey): Promise<(TransactionRecord & { deliveryLog: DeliveryLogEntry[] }) | undefined> {
    const row = this.selectOne.get(key.providerId, key.transactionId, operatorId) as (TransactionRow & { delivery_log: string | null }) | undefined;
    if (!row) return Promise.resolve(undefined);
    const record = fromRow(row);
    return Promise.resolve({ ...record, deliveryLog: readDeliveryLog(row.delivery_log, record) });
  }

  round(operatorId: string, gameId: string, roundId: string): Promise<RoundView | undefined> {
    return Promise.resolve(this.roundNow(operatorId, gameId, roundId));
  }

  private roundNow(operatorId: string, gameId: string, roundId: string): RoundView | undefined {
    const transactions = (this.selectRoundTransactions.all(operatorId, gameId, roundId) as TransactionRow[]).map(fromRow);
    // A game belongs to one provider, so the round's transactions name it. Adjustments make no round.
    const providerId = transactions[0]?.providerId;
    if (providerId === undefined) return undefined;
    const round = this.selectRound.get(providerId, operatorId, gameId, roundId) as
      | { playerRef: string; status: RoundView["status"]; lastActivityAt: number }
      | undefined;
    if (!round) return undefined;
    return { providerId, gameId, roundId, ...round, transactions: transactions.filter((t) => t.providerId === providerId) };
  }

  /**
   * Clears the delivery log of up to one slice of the operator's transactions created in [from, before); resolves with
   * how many. Volatile: a purge lost in a power cut is simply made again.
   */
  purgeDeliveryLogs(operatorId: string, from: number, before: number): Promise<number> {
    return this.commits.runVolatile(() => this.purge.run(operatorId, from, before).changes);
  }
}
