import type { ListedSession, MonitoringQueries, SessionFilter, StateTypeCount, WindowCall } from "../domain/ports/monitoring.js";
import type { SqliteDatabase } from "./database.js";
import { StatementCache } from "./statement-cache.js";

/**
 * SQLite implementation of {@link MonitoringQueries}. Reads only: they run outside the group commit, on the
 * connection's last committed state.
 */
export class SqliteMonitoringQueries implements MonitoringQueries {
  private readonly lists;
  private readonly countByStateAndType;
  private readonly callsInWindow;
  private readonly countActive;

  constructor(db: SqliteDatabase) {
    this.lists = new StatementCache(db);
    this.countByStateAndType = db.prepare(
      `SELECT state, type, COUNT(*) AS n FROM transactions WHERE operator_id = ? AND created_at >= ? AND created_at < ?
       GROUP BY state, type`,
    );
    // Every call updates its row's updated_at when it is claimed, so rows untouched since `from` made none in the
    // window. The created_at bound keeps the scan on the (operator_id, created_at) index.
    this.callsInWindow = db.prepare(
      `SELECT c.value ->> 'outcome' AS outcome, (c.value ->> 'end') - (c.value ->> 'at') AS durationMs
       FROM transactions t, json_each(t.delivery_log) c
       WHERE t.operator_id = ? AND t.created_at >= ? AND t.updated_at >= ? AND (c.value ->> 'at') >= ? AND (c.value ->> 'at') < ?`,
    );
    this.countActive = db.prepare("SELECT COUNT(*) AS n FROM sessions WHERE operator_id = ? AND expires_at > ?");
  }

  sessions(
    operatorId: string,
    filter: SessionFilter,
    after: { createdAt: number; rowid: number } | undefined,
    limit: number,
  ): Promise<ListedSession[]> {
    const clauses = ["operator_id = @operatorId"];
    const params: Record<string, unknown> = { operatorId, limit, now: filter.now };
    if (filter.playerRef !== undefined) {
      clauses.push("player_ref = @playerRef");
      params.playerRef = filter.playerRef;
    }
    if (filter.gameId !== undefined) {
      clauses.push("game_id = @gameId");
      params.gameId = filter.gameId;
    }
    if (filter.status === "active") clauses.push("expires_at > @now");
    if (filter.status === "expired") clauses.push("expires_at <= @now");
    if (after) {
      clauses.push("(created_at < @afterAt OR (created_at = @afterAt AND rowid < @afterRowid))");
      Object.assign(params, { afterAt: after.createdAt, afterRowid: after.rowid });
    }
    const sql = `SELECT rowid, player_ref AS playerRef, game_id AS gameId, provider_id AS providerId, currency, language, demo,
      created_at AS createdAt, expires_at AS expiresAt FROM sessions WHERE ${clauses.join(" AND ")}
      ORDER BY created_at DESC, rowid DESC LIMIT @limit`;
    return Promise.resolve(
      (this.lists.get(sql).all(params) as (Omit<ListedSession, "demo"> & { demo: number })[]).map((row) => ({ ...row, demo: row.demo === 1 })),
    );
  }

  transactionCounts(operatorId: string, from: number, to: number): Promise<StateTypeCount[]> {
    return Promise.resolve(this.countByStateAndType.all(operatorId, from, to) as StateTypeCount[]);
  }

  walletCalls(operatorId: string, createdSince: number, from: number, to: number): Promise<WindowCall[]> {
    return Promise.resolve(this.callsInWindow.all(operatorId, createdSince, from, from, to) as WindowCall[]);
  }

  activeSessions(operatorId: string, now: number): Promise<number> {
    return Promise.resolve((this.countActive.get(operatorId, now) as { n: number }).n);
  }
}
