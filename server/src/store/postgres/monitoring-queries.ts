import type { ListedSession, MonitoringQueries, OperatorMinute, SessionFilter } from "../../domain/ports/monitoring.js";
import type { LedgerScope } from "../../domain/ports/ledger-queries.js";
import { scopeColumn } from "../transaction-filter-columns.js";
import { selectMinutesSql, toOperatorMinute } from "../operator-minutes.js";
import type { Queries } from "./database.js";
import { SESSION_REF_LENGTH } from "../../domain/ports/webhook-deliveries.js";

/**
 * The statement and positional parameters of one page of a sessions list, newest first. Exported for the plan test,
 * which holds every filter to an index scan (issue 30 item 1).
 */
export function sessionListSql(
  scope: LedgerScope,
  filter: SessionFilter,
  after: { createdAt: number; rowid: number } | undefined,
  limit: number,
): { sql: string; params: unknown[] } {
  const [column, id] = scopeColumn(scope);
  const params: unknown[] = [id];
  const clauses = [`${column} = $1`];
  if (filter.operatorId !== undefined) clauses.push(`operator_id = $${params.push(filter.operatorId)}`);
  if (filter.playerRef !== undefined) clauses.push(`player_ref = $${params.push(filter.playerRef)}`);
  if (filter.gameId !== undefined) clauses.push(`game_id = $${params.push(filter.gameId)}`);
  if (filter.sessionRef !== undefined) clauses.push(`substr(token_hash, 1, ${SESSION_REF_LENGTH}) = $${params.push(filter.sessionRef)}`);
  if (filter.status === "active") clauses.push(`expires_at > $${params.push(filter.now)}`);
  if (filter.status === "expired") clauses.push(`expires_at <= $${params.push(filter.now)}`);
  if (after) clauses.push(`(created_at, seq) < ($${params.push(after.createdAt)}::bigint, $${params.push(after.rowid)}::bigint)`);
  const sql = `SELECT seq AS rowid, substr(token_hash, 1, ${SESSION_REF_LENGTH}) AS "sessionRef", player_ref AS "playerRef", game_id AS "gameId", provider_id AS "providerId", operator_id AS "operatorId", currency, language, demo,
    created_at AS "createdAt", expires_at AS "expiresAt" FROM sessions WHERE ${clauses.join(" AND ")}
    ORDER BY created_at DESC, seq DESC LIMIT $${params.push(limit)}`;
  return { sql, params };
}

/** PostgreSQL implementation of the monitoring port: the back office's reads, scoped to one operator, on its read pool. */
export class PostgresMonitoringQueries implements MonitoringQueries {
  constructor(private readonly pool: Queries) {}

  async sessions(
    scope: LedgerScope,
    filter: SessionFilter,
    after: { createdAt: number; rowid: number } | undefined,
    limit: number,
  ): Promise<ListedSession[]> {
    const { sql, params } = sessionListSql(scope, filter, after, limit);
    return (await this.pool.query<ListedSession>(sql, params)).rows;
  }

  /** The counters the migration's trigger keeps (migrations.ts, version 11), the connections' shards added up. */
  async minutes(operatorId: string, fromMinute: number): Promise<OperatorMinute[]> {
    const sql = selectMinutesSql((column) => `sum(${column})::bigint`, "operator_id = $1 AND minute >= $2", " GROUP BY minute");
    return (await this.pool.query<Record<string, number>>(sql, [operatorId, fromMinute])).rows.map(toOperatorMinute);
  }

  async activeSessions(operatorId: string, now: number): Promise<number> {
    return (await this.pool.query<{ n: number }>("SELECT count(*) AS n FROM sessions WHERE operator_id = $1 AND expires_at > $2", [operatorId, now]))
      .rows[0]!.n;
  }
}
