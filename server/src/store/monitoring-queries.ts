import type { LedgerScope } from "../domain/ports/ledger-queries.js";
import { scopeColumn } from "./transaction-filter-columns.js";
import type { ListedSession, MonitoringQueries, OperatorMinute, SessionFilter } from "../domain/ports/monitoring.js";
import type { SqliteDatabase } from "./database.js";
import { SESSION_REF_LENGTH } from "../domain/ports/webhook-deliveries.js";
import { selectMinutesSql, toOperatorMinute } from "./operator-minutes.js";
import { StatementCache } from "./statement-cache.js";

/**
 * The statement and named parameters of one page of a sessions list, newest first. Exported for the plan test, which
 * holds every filter to an index walk (issue 30 item 1).
 */
export function sessionListSql(
  scope: LedgerScope,
  filter: SessionFilter,
  after: { createdAt: number; rowid: number } | undefined,
  limit: number,
): { sql: string; params: Record<string, unknown> } {
  const [column, id] = scopeColumn(scope);
  const clauses = [`${column} = @scope`];
  const params: Record<string, unknown> = { scope: id, limit, now: filter.now };
  if (filter.operatorId !== undefined) {
    clauses.push("operator_id = @operatorId");
    params.operatorId = filter.operatorId;
  }
  if (filter.playerRef !== undefined) {
    clauses.push("player_ref = @playerRef");
    params.playerRef = filter.playerRef;
  }
  if (filter.gameId !== undefined) {
    clauses.push("game_id = @gameId");
    params.gameId = filter.gameId;
  }
  if (filter.sessionRef !== undefined) {
    clauses.push(`substr(token_hash, 1, ${SESSION_REF_LENGTH}) = @sessionRef`);
    params.sessionRef = filter.sessionRef;
  }
  if (filter.status === "active") clauses.push("expires_at > @now");
  if (filter.status === "expired") clauses.push("expires_at <= @now");
  if (after) {
    clauses.push("(created_at < @afterAt OR (created_at = @afterAt AND rowid < @afterRowid))");
    Object.assign(params, { afterAt: after.createdAt, afterRowid: after.rowid });
  }
  const sql = `SELECT rowid, substr(token_hash, 1, ${SESSION_REF_LENGTH}) AS sessionRef, player_ref AS playerRef, game_id AS gameId, provider_id AS providerId, operator_id AS operatorId, currency, language, demo,
    created_at AS createdAt, expires_at AS expiresAt FROM sessions WHERE ${clauses.join(" AND ")}
    ORDER BY created_at DESC, rowid DESC LIMIT @limit`;
  return { sql, params };
}

/**
 * SQLite implementation of {@link MonitoringQueries}. Reads only: they run outside the group commit, on the
 * connection's last committed state.
 */
export class SqliteMonitoringQueries implements MonitoringQueries {
  private readonly lists;
  private readonly minuteRows;
  private readonly countActive;

  constructor(db: SqliteDatabase) {
    this.lists = new StatementCache(db);
    // The counters the migrations' triggers keep (migrations.ts, version 15): at most 60 rows for the hour.
    this.minuteRows = db.prepare(selectMinutesSql((column) => column, "operator_id = ? AND minute >= ?", ""));
    this.countActive = db.prepare("SELECT COUNT(*) AS n FROM sessions WHERE operator_id = ? AND expires_at > ?");
  }

  sessions(
    scope: LedgerScope,
    filter: SessionFilter,
    after: { createdAt: number; rowid: number } | undefined,
    limit: number,
  ): Promise<ListedSession[]> {
    const { sql, params } = sessionListSql(scope, filter, after, limit);
    return Promise.resolve(
      (this.lists.get(sql).all(params) as (Omit<ListedSession, "demo"> & { demo: number })[]).map((row) => ({ ...row, demo: row.demo === 1 })),
    );
  }

  minutes(operatorId: string, fromMinute: number): Promise<OperatorMinute[]> {
    return Promise.resolve((this.minuteRows.all(operatorId, fromMinute) as Record<string, number>[]).map(toOperatorMinute));
  }

  activeSessions(operatorId: string, now: number): Promise<number> {
    return Promise.resolve((this.countActive.get(operatorId, now) as { n: number }).n);
  }
}
