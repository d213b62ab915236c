import type { SessionRecord, SessionStore } from "../domain/ports/sessions.js";
import type { SqliteDatabase } from "./database.js";
import type { GroupCommit } from "./group-commit.js";

interface Row {
  token_hash: string;
  token_sealed: string;
  operator_id: string;
  provider_id: string;
  player_ref: string;
  game_id: string;
  currency: string;
  language: string | null;
  demo: number;
  created_at: number;
  expires_at: number;
}

const fromRow = (r: Row): SessionRecord => ({
  tokenHash: r.token_hash,
  tokenSealed: r.token_sealed,
  operatorId: r.operator_id,
  providerId: r.provider_id,
  playerRef: r.player_ref,
  gameId: r.game_id,
  currency: r.currency,
  language: r.language,
  demo: r.demo === 1,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
});

/** SQLite implementation of {@link SessionStore}; its writes join the group commit, as launches come in bursts too. */
export class SqliteSessionStore implements SessionStore {
  private readonly insertStmt;
  private readonly findStmt;
  private readonly selectPlayer;
  private readonly deletePlayer;
  private readonly purge;

  constructor(
    db: SqliteDatabase,
    private readonly commits: GroupCommit,
  ) {
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

  find(tokenHash: string): Promise<SessionRecord | undefined> {
    const row = this.findStmt.get(tokenHash) as Row | undefined;
    return Promise.resolve(row ? fromRow(row) : undefined);
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
