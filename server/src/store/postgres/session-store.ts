import type { SessionRecord, SessionStore } from "../../domain/ports/sessions.js";
import type { PostgresPool } from "./database.js";

const SESSION_COLUMNS = `token_hash AS "tokenHash", token_sealed AS "tokenSealed", operator_id AS "operatorId", provider_id AS "providerId", player_ref AS "playerRef", game_id AS "gameId",
  currency, language, demo, created_at AS "createdAt", expires_at AS "expiresAt"`;

/**
 * PostgreSQL implementation of the sessions port. Every instance reads the one table on every wallet call, so a kick
 * made through any instance holds on all of them at once.
 */
export class PostgresSessionStore implements SessionStore {
  constructor(private readonly pool: PostgresPool) {}

  async insert(s: SessionRecord): Promise<void> {
    await this.pool.query(
      `INSERT INTO sessions (token_hash, token_sealed, operator_id, provider_id, player_ref, game_id, currency, language, demo, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [s.tokenHash, s.tokenSealed, s.operatorId, s.providerId, s.playerRef, s.gameId, s.currency, s.language, s.demo, s.createdAt, s.expiresAt],
    );
  }

  async find(tokenHash: string): Promise<SessionRecord | undefined> {
    return (await this.pool.query<SessionRecord>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE token_hash = $1`, [tokenHash])).rows[0];
  }

  async deleteForPlayer(operatorId: string, playerRef: string, now: number): Promise<SessionRecord[]> {
    const { rows } = await this.pool.query<SessionRecord>(
      `DELETE FROM sessions WHERE operator_id = $1 AND player_ref = $2 RETURNING ${SESSION_COLUMNS}`,
      [operatorId, playerRef],
    );
    // Only sessions that were still alive count as ended by this kick.
    return rows.filter((s) => s.expiresAt > now);
  }

  async purgeExpired(before: number, limit: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM sessions WHERE token_hash IN (SELECT token_hash FROM sessions WHERE expires_at < $1 ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [before, limit],
    );
    return rowCount ?? 0;
  }
}
