import type { SqliteDatabase } from "./database.js";
import type { GroupCommit } from "./group-commit.js";

/**
 * A game session as stored (spec: Session, server-side state). Times are unix milliseconds. The token itself is never
 * stored: only its digest (what look-ups use) and its sealed form (for the session-revoke webhook), both made by the
 * session service (domain/secret-box.ts).
 */
export interface SessionRecord {
  tokenHash: string;
  tokenSealed: string;
  operatorId: string;
  providerId: string;
  playerRef: string;
  gameId: string;
  currency: string;
  language: string | null;
  demo: boolean;
  createdAt: number;
  expiresAt: number;
}

/** Session persistence; a PostgreSQL store would implement the same. Writes resolve once committed. */
export interface SessionStore {
  insert(session: SessionRecord): Promise<void>;
  find(tokenHash: string): SessionRecord | undefined;
  /** Deletes every session of the player under the operator and returns those still alive (for the revoke webhooks). */
  deleteForPlayer(operatorId: string, playerRef: string, now: number): Promise<SessionRecord[]>;
  /** Deletes up to `limit` sessions that expired before `before`, oldest first, and returns how many it deleted. */
  purgeExpired(before: number, limit: number): Promise<number>;
}

interface Row {
  token_hash: string; token_sealed: string; operator_id: string; provider_id: string; player_ref: string; game_id: string; currency: string;
  language: string | null; demo: number; created_at: number; expires_at: number;
}

const fromRow = (r: Row): SessionRecord => ({
  tokenHash: r.token_hash, tokenSealed: r.token_sealed, operatorId: r.operator_id, providerId: r.provider_id, playerRef: r.player_ref, gameId: r.game_id,
  currency: r.currency, language: r.language, demo: r.demo === 1, createdAt: r.created_at, expiresAt: r.expires_at,
});

/** SQLite implementation of {@link SessionStore}; its writes join the group commit, as launches come in bursts too. */
export class SqliteSessionStore implements SessionStore {
  private readonly insertStmt;
  private readonly findStmt;
  private readonly selectPlayer;
  private readonly deletePlayer;
  private readonly purge;

  constructor(db: SqliteDatabase, private readonly commits: GroupCommit) {
    this.insertStmt = db.prepare(
      `INSERT INTO sessions (token_hash, token_sealed, operator_id, provider_id, player_ref, game_id, currency, language, demo, created_at, expires_at)
       VALUES (@tokenHash, @tokenSealed, @operatorId, @providerId, @playerRef, @gameId, @currency, @language, @demo, @createdAt, @expiresAt)`,
    );
    this.findStmt = db.prepare("SELECT * FROM sessions WHERE token_hash = ?");
    this.selectPlayer = db.prepare("SELECT * FROM sessions WHERE operator_id = ? AND player_ref = ?");
    this.deletePlayer = db.prepare("DELETE FROM sessions WHERE operator_id = ? AND player_ref = ?");
    this.purge = db.prepare(
      "DELETE FROM sessions WHERE token_hash IN (SELECT token_hash FROM sessions WHERE expires_at < ? ORDER BY expires_at LIMIT ?)",
    );
  }

  insert(session: SessionRecord): Promise<void> {
    return this.commits.run(() => void this.insertStmt.run({ ...session, demo: session.demo ? 1 : 0 }));
  }

  find(tokenHash: string): SessionRecord | undefined {
    const row = this.findStmt.get(tokenHash) as Row | undefined;
    return row ? fromRow(row) : undefined;
  }

  deleteForPlayer(operatorId: string, playerRef: string, now: number): Promise<SessionRecord[]> {
    return this.commits.run(() => {
      const rows = (this.selectPlayer.all(operatorId, playerRef) as Row[]).map(fromRow);
      this.deletePlayer.run(operatorId, playerRef);
      // Only sessions that were still alive count as ended by this kick.
      return rows.filter((s) => s.expiresAt > now);
    });
  }

  purgeExpired(before: number, limit: number): Promise<number> {
    return this.commits.run(() => this.purge.run(before, limit).changes);
  }
}
