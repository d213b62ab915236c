import type { ListedSession, MonitoringQueries, SessionFilter, StateTypeCount, WindowCall } from "../../domain/ports/monitoring.js";
import type { PostgresPool } from "./database.js";

/** PostgreSQL implementation of the monitoring port: the back office's reads, scoped to one operator. */
export class PostgresMonitoringQueries implements MonitoringQueries {
  constructor(private readonly pool: PostgresPool) {}

  async sessions(
    operatorId: string,
    filter: SessionFilter,
    after: { createdAt: number; rowid: number } | undefined,
    limit: number,
  ): Promise<ListedSession[]> {
    const params: unknown[] = [operatorId];
    const clauses = ["operator_id = $1"];
    if (filter.playerRef !== undefined) clauses.push(`player_ref = $${params.push(filter.playerRef)}`);
    if (filter.gameId !== undefined) clauses.push(`game_id = $${params.push(filter.gameId)}`);
    if (filter.status === "active") clauses.push(`expires_at > $${params.push(filter.now)}`);
    if (filter.status === "expired") clauses.push(`expires_at <= $${params.push(filter.now)}`);
    if (after) clauses.push(`(created_at, seq) < ($${params.push(after.createdAt)}::bigint, $${params.push(after.rowid)}::bigint)`);
    const { rows } = await this.pool.query<ListedSession>(
      `SELECT seq AS rowid, player_ref AS "playerRef", game_id AS "gameId", provider_id AS "providerId", currency, language, demo,
         created_at AS "createdAt", expires_at AS "expiresAt" FROM sessions WHERE ${clauses.join(" AND ")}
       ORDER BY created_at DESC, seq DESC LIMIT $${params.push(limit)}`,
      params,
    );
    return rows;
  }

  async transactionCounts(operatorId: string, from: number, to: number): Promise<StateTypeCount[]> {
    return (
      await this.pool.query<StateTypeCount>(
        `SELECT state, type, count(*) AS n FROM transactions WHERE operator_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY state, type`,
        [operatorId, from, to],
      )
    ).rows;
  }

  async walletCalls(operatorId: string, createdSince: number, from: number, to: number): Promise<WindowCall[]> {
    return (
      await this.pool.query<WindowCall>(
        `SELECT c ->> 'outcome' AS outcome, ((c ->> 'end')::bigint - (c ->> 'at')::bigint)::float8 AS "durationMs"
       FROM transactions t, jsonb_array_elements(t.delivery_log) c
       WHERE t.operator_id = $1 AND t.created_at >= $2 AND t.updated_at >= $3 AND (c ->> 'at')::bigint >= $3 AND (c ->> 'at')::bigint < $4`,
        [operatorId, createdSince, from, to],
      )
    ).rows;
  }

  async activeSessions(operatorId: string, now: number): Promise<number> {
    return (await this.pool.query<{ n: number }>("SELECT count(*) AS n FROM sessions WHERE operator_id = $1 AND expires_at > $2", [operatorId, now]))
      .rows[0]!.n;
  }
}
