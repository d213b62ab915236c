import type { DeliveryLogEntry, TransactionKey, TransactionRecord } from "../domain/ports/ledger.js";
import {
  PURGE_SLICE,
  type LedgerQueries,
  type LedgerScope,
  type ListedTransaction,
  type RoundView,
  type TransactionFilter,
  type TransactionPosition,
} from "../domain/ports/ledger-queries.js";
import { ReadTimedOut } from "../domain/ports/read-timeout.js";
import type { SqliteDatabase } from "./database.js";
import type { GroupCommit } from "./group-commit.js";
import type { SqliteReadWorker } from "./sqlite-read-worker.js";
import { StatementCache } from "./statement-cache.js";
import { readDeliveryLog } from "./delivery-log.js";
import { FILTER_COLUMNS, scopeColumn } from "./transaction-filter-columns.js";
import { LOOKUP_CAP, lookups, timeIndex, type Lookup } from "./transaction-list-lookups.js";
import { fromShownRow, OPEN_PROBLEM_COLUMN, type TransactionRow } from "./transaction-row.js";

/** The time one SQLite statement of a transaction list covers at most: an hour of the window. */
const LIST_SLICE_MS = 60 * 60 * 1000;
/** How long a SQLite transaction list may walk its window before it answers "narrow it" (PostgreSQL's default timeout). */
const LIST_BUDGET_MS = 5000;

/**
 * The statement and named parameters of one page of a transaction list, read by `access`: a look-up's index, or by
 * default the index the scope's window is walked by in time order. Exported for the plan test, which holds every filter
 * to an index walk (issue 30 item 1).
 */
export function transactionListSql(
  scope: LedgerScope,
  filter: TransactionFilter,
  after: TransactionPosition | undefined,
  limit: number,
  access: Access = timeIndex(scope, filter),
): { sql: string; params: Record<string, unknown> } {
  const [column, id] = scopeColumn(scope);
  const clauses = [`${column} = @scope`];
  const params: Record<string, unknown> = { scope: id, limit };
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
    clauses.push("(created_at < @afterAt OR (created_at = @afterAt AND transactions.rowid < @afterRowid))");
    Object.assign(params, { afterAt: after.createdAt, afterRowid: after.rowid });
  }
  clauses.push(...access.terms);
  const sql = `${withKeys(access)}SELECT transactions.rowid AS position_rowid, transactions.*, ${OPEN_PROBLEM_COLUMN} FROM ${from(access)}
    WHERE ${clauses.join(" AND ")} ORDER BY created_at DESC, transactions.rowid DESC LIMIT @limit`;
  return { sql, params };
}

/**
 * How many rows (up to {@link LOOKUP_CAP}) a look-up's index holds for the list's values, reading the index alone.
 * Exported for the plan test.
 */
export function lookupCountSql(scope: LedgerScope, filter: TransactionFilter, lookup: Lookup): { sql: string; params: Record<string, unknown> } {
  const { params } = transactionListSql(scope, filter, undefined, 0, lookup);
  const sql = `${withKeys(lookup)}SELECT count(*) AS n FROM (SELECT 1 FROM ${from(lookup)} WHERE ${lookup.terms.join(" AND ")} LIMIT ${LOOKUP_CAP})`;
  return { sql, params: Object.fromEntries(Object.entries(params).filter(([name]) => sql.includes(`@${name}`))) };
}

/**
 * The statement of the scope's newest row in [from, before) that the list's time walk would read (a rare type's own
 * index names its type, so the look-up is one descent). Exported for the plan test.
 */
export function newestBeforeSql(
  scope: LedgerScope,
  filter: TransactionFilter,
  from: number,
  before: number,
): { sql: string; params: Record<string, unknown> } {
  const [column, id] = scopeColumn(scope);
  const { index, terms } = timeIndex(scope, filter);
  const typed = terms.length > 0 ? ["type = @type", ...terms] : [];
  const sql = `SELECT created_at FROM transactions INDEXED BY ${index}
    WHERE ${[`${column} = @scope`, ...typed, "created_at >= @from", "created_at < @before"].join(" AND ")} ORDER BY created_at DESC LIMIT 1`;
  return { sql, params: { scope: id, from, before, ...(typed.length > 0 ? { type: filter.type } : {}) } };
}

/** Where a list reads: an index by time, or an index look-up, after its `keys` when it has them. */
type Access = Pick<Lookup, "index" | "terms" | "keys">;

const withKeys = (access: Access) => (access.keys ? `WITH RECURSIVE ${access.keys} ` : "");
const from = (access: Access) => `${access.keys ? "keys CROSS JOIN " : ""}transactions INDEXED BY ${access.index}`;

/** A transaction as the reconciliation API reads it: its row and whether a problem about it is open. */
type ShownRow = TransactionRow & { open_problem: number };

/**
 * SQLite implementation of {@link LedgerQueries}. Lists look a filter's value up by an index that holds it, or walk the
 * (operator_id, created_at) index newest first; the rowid breaks ties, so (createdAt, rowid) is a total order that rows
 * inserted later can only precede.
 */
export class SqliteLedgerQueries implements LedgerQueries {
  private readonly lists;
  private readonly selectOne;
  private readonly selectOneOfProvider;
  private readonly selectRoundTransactions;
  private readonly selectRound;
  private readonly purge;

  /** `reads`: the read-only worker lists are read on, off the event loop; without one (":memory:"), the main connection. */
  constructor(
    db: SqliteDatabase,
    private readonly commits: GroupCommit,
    private readonly reads?: SqliteReadWorker,
  ) {
    this.lists = new StatementCache(db);
    this.selectOne = db.prepare(
      `SELECT *, ${OPEN_PROBLEM_COLUMN} FROM transactions WHERE provider_id = ? AND transaction_id = ? AND operator_id = ?`,
    );
    this.selectOneOfProvider = db.prepare(`SELECT *, ${OPEN_PROBLEM_COLUMN} FROM transactions WHERE provider_id = ? AND transaction_id = ?`);
    this.selectRoundTransactions = db.prepare(
      `SELECT *, ${OPEN_PROBLEM_COLUMN} FROM transactions WHERE operator_id = ? AND game_id = ? AND round_id = ? ORDER BY created_at, rowid`,
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

  /**
   * A list whose filter names a value an index finds (a transaction id, a round, a player, a game, a provider, a state
   * other than OK) reads that value's rows through the index when they are fewer than {@link LOOKUP_CAP}, and sorts
   * them by time; a value with no row at all answers at once. Otherwise its window is walked newest first an hour at a
   * time, by the scope's time index (or, for the rare types, their own), an hour with no row skipped to the next older row, until the page is full or the window ends, and
   * no further once {@link LIST_BUDGET_MS} have passed: SQLite cannot interrupt a statement, so one read's work is
   * bounded by one hour's rows and the budget, as a statement timeout bounds PostgreSQL's (issue 30 item 1).
   */
  async list(scope: LedgerScope, filter: TransactionFilter, after: TransactionPosition | undefined, limit: number): Promise<ListedTransaction[]> {
    let fewest: { lookup: Lookup; rows: number } | undefined;
    for (const lookup of lookups(scope, filter)) {
      const { sql, params } = lookupCountSql(scope, filter, lookup);
      const [{ n }] = (await this.read(sql, params)) as [{ n: number }];
      if (n === 0) return [];
      if (n < LOOKUP_CAP && (!fewest || n < fewest.rows)) fewest = { lookup, rows: n };
    }
    if (fewest) return this.listSlice(scope, filter, after, limit, fewest.lookup);
    if (filter.from === undefined) return this.listSlice(scope, filter, after, limit);
    const deadline = performance.now() + LIST_BUDGET_MS;
    const found: ListedTransaction[] = [];
    let upper = Math.min(filter.to ?? Infinity, after ? after.createdAt + 1 : Infinity);
    let lower = Math.max(filter.from, (upper === Infinity ? Date.now() : upper) - LIST_SLICE_MS);
    for (;;) {
      const to = upper === Infinity ? undefined : upper;
      const slice = await this.listSlice(scope, { ...filter, from: lower, to }, after, limit - found.length);
      found.push(...slice);
      if (found.length >= limit || lower <= filter.from) return found;
      if (performance.now() > deadline) throw new ReadTimedOut(LIST_BUDGET_MS);
      if (slice.length > 0) upper = lower;
      else {
        // An empty hour skips to the scope's next older row, so a `from` years back walks only the hours that hold rows.
        const older = await this.newestBefore(scope, filter, filter.from, lower);
        if (older === undefined) return found;
        upper = older + 1;
      }
      lower = Math.max(filter.from, upper - LIST_SLICE_MS);
    }
  }

  /** When the newest row of the list's time walk before `before` was created (its index read alone), or undefined if none. */
  private async newestBefore(scope: LedgerScope, filter: TransactionFilter, from: number, before: number): Promise<number | undefined> {
    const { sql, params } = newestBeforeSql(scope, filter, from, before);
    const [row] = (await this.read(sql, params)) as { created_at: number }[];
    return row?.created_at;
  }

  private async listSlice(
    scope: LedgerScope,
    filter: TransactionFilter,
    after: TransactionPosition | undefined,
    limit: number,
    lookup?: Lookup,
  ): Promise<ListedTransaction[]> {
    const { sql, params } = transactionListSql(scope, filter, after, limit, lookup);
    const rows = await this.read(sql, params);
    return (rows as (ShownRow & { position_rowid: number })[]).map((row) => ({
      ...fromShownRow(row),
      position: { createdAt: row.created_at, rowid: row.position_rowid },
    }));
  }

  /** Every row of a list's statement, on the read worker when there is one. */
  private async read(sql: string, params: Record<string, unknown>): Promise<unknown[]> {
    return this.reads ? await this.reads.all(sql, params) : this.lists.get(sql).all(params);
  }

  detail(scope: LedgerScope, key: TransactionKey): Promise<(TransactionRecord & { deliveryLog: DeliveryLogEntry[] }) | undefined> {
    // A provider's transactionIds are its own at every operator: (providerId, transactionId) is the table's key.
    const row = (
      "operatorId" in scope
        ? this.selectOne.get(key.providerId, key.transactionId, scope.operatorId)
        : scope.providerId === key.providerId
          ? this.selectOneOfProvider.get(key.providerId, key.transactionId)
          : undefined
    ) as (ShownRow & { delivery_log: string | null }) | undefined;
    if (!row) return Promise.resolve(undefined);
    const record = fromShownRow(row);
    return Promise.resolve({ ...record, deliveryLog: readDeliveryLog(row.delivery_log, record) });
  }

  round(operatorId: string, gameId: string, roundId: string, ofProvider?: string): Promise<RoundView | undefined> {
    return Promise.resolve(this.roundNow(operatorId, gameId, roundId, ofProvider));
  }

  private roundNow(operatorId: string, gameId: string, roundId: string, ofProvider: string | undefined): RoundView | undefined {
    const transactions = (this.selectRoundTransactions.all(operatorId, gameId, roundId) as ShownRow[]).map(fromShownRow);
    // A game belongs to one provider, so the round's transactions name it. Adjustments make no round.
    const providerId = ofProvider ?? transactions[0]?.providerId;
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
