import type { AttemptLimit, AttemptTaken, BackofficeSessionRecord, BackofficeStore, BackofficeUserRecord } from "../domain/ports/backoffice.js";
import type { SqliteDatabase } from "./database.js";

/** Every account: the operators' and the platform's, then the studios' (kept apart: migrations.ts, version 12). */
const USERS = `(SELECT username, operator_id, NULL AS provider_id, role, password_hash, created_at FROM backoffice_users
  UNION ALL SELECT username, NULL, provider_id, role, password_hash, created_at FROM studio_users)`;
const SESSIONS = `(SELECT * FROM backoffice_sessions UNION ALL SELECT * FROM studio_sessions)`;

/** SQLite implementation of {@link BackofficeStore}. Rare, small writes: they commit on their own, outside the group commit. */
export class SqliteBackofficeStore implements BackofficeStore {
  private readonly statements;

  constructor(db: SqliteDatabase) {
    this.statements = {
      insertUser: db.prepare(
        "INSERT INTO backoffice_users (username, operator_id, role, password_hash, created_at) VALUES (@username, @operatorId, @role, @passwordHash, @createdAt)",
      ),
      insertStudioUser: db.prepare(
        "INSERT INTO studio_users (username, provider_id, role, password_hash, created_at) VALUES (@username, @providerId, @role, @passwordHash, @createdAt)",
      ),
      findUser: db.prepare(`SELECT * FROM ${USERS} WHERE username = ?`),
      listUsers: db.prepare(`SELECT * FROM ${USERS} ORDER BY username`),
      deleteUser: db.prepare("DELETE FROM backoffice_users WHERE username = ?"),
      deleteStudioUser: db.prepare("DELETE FROM studio_users WHERE username = ?"),
      insertSession: db.prepare(
        "INSERT INTO backoffice_sessions (token_hash, username, csrf_token, created_at, expires_at) VALUES (@tokenHash, @username, @csrfToken, @createdAt, @expiresAt)",
      ),
      insertStudioSession: db.prepare(
        `INSERT INTO studio_sessions (token_hash, username, csrf_token, created_at, expires_at)
         SELECT @tokenHash, @username, @csrfToken, @createdAt, @expiresAt WHERE EXISTS (SELECT 1 FROM studio_users WHERE username = @username)`,
      ),
      findSession: db.prepare(`SELECT * FROM ${SESSIONS} WHERE token_hash = ?`),
      deleteSession: db.prepare("DELETE FROM backoffice_sessions WHERE token_hash = ?"),
      deleteStudioSession: db.prepare("DELETE FROM studio_sessions WHERE token_hash = ?"),
      purgeSessions: db.prepare("DELETE FROM backoffice_sessions WHERE expires_at <= ?"),
      purgeStudioSessions: db.prepare("DELETE FROM studio_sessions WHERE expires_at <= ?"),
      takeAttempt: db.prepare(TAKE_ATTEMPT),
      attemptsLeft: db.prepare(`SELECT ${REFILLED} AS tokens FROM sign_in_attempts WHERE bucket = @key`),
      purgeAttempts: db.prepare("DELETE FROM sign_in_attempts WHERE full_at <= ?"),
    };
  }

  insertUser(user: BackofficeUserRecord): Promise<boolean> {
    if (this.statements.findUser.get(user.username)) return Promise.resolve(false);
    const { providerId, operatorId, ...common } = user;
    if (providerId === null) this.statements.insertUser.run({ ...common, operatorId });
    else this.statements.insertStudioUser.run({ ...common, providerId });
    return Promise.resolve(true);
  }

  findUser(username: string): Promise<BackofficeUserRecord | undefined> {
    const row = this.statements.findUser.get(username) as UserRow | undefined;
    return Promise.resolve(row && userFromRow(row));
  }

  listUsers(): Promise<BackofficeUserRecord[]> {
    return Promise.resolve((this.statements.listUsers.all() as UserRow[]).map(userFromRow));
  }

  /** The foreign keys' ON DELETE CASCADE end the account's sessions. */
  deleteUser(username: string): Promise<boolean> {
    const deleted = this.statements.deleteUser.run(username).changes + this.statements.deleteStudioUser.run(username).changes;
    return Promise.resolve(deleted > 0);
  }

  /** A studio account's session goes beside its account, where the release before never looks. */
  insertSession(session: BackofficeSessionRecord): Promise<void> {
    if (this.statements.insertStudioSession.run(session).changes === 0) this.statements.insertSession.run(session);
    return Promise.resolve();
  }

  findSession(tokenHash: string): Promise<BackofficeSessionRecord | undefined> {
    const row = this.statements.findSession.get(tokenHash) as SessionRow | undefined;
    return Promise.resolve(
      row && { tokenHash: row.token_hash, username: row.username, csrfToken: row.csrf_token, createdAt: row.created_at, expiresAt: row.expires_at },
    );
  }

  deleteSession(tokenHash: string): Promise<void> {
    this.statements.deleteSession.run(tokenHash);
    this.statements.deleteStudioSession.run(tokenHash);
    return Promise.resolve();
  }

  purgeExpired(now: number): Promise<void> {
    this.statements.purgeSessions.run(now);
    this.statements.purgeStudioSessions.run(now);
    return Promise.resolve();
  }

  takeSignInAttempt(key: string, limit: AttemptLimit, now: number): Promise<AttemptTaken> {
    const params = { key, burst: limit.burst, perSecond: limit.perSecond, now };
    if (this.statements.takeAttempt.get(params) === undefined) {
      const row = this.statements.attemptsLeft.get(params) as { tokens: number } | undefined;
      return Promise.resolve({ allowed: false, tokens: row?.tokens ?? 0 });
    }
    this.statements.purgeAttempts.run(now);
    return Promise.resolve({ allowed: true });
  }
}

/** The attempts a bucket holds at @now: what it held at `counted_at`, refilled since, at most @burst. */
const REFILLED = "MIN(@burst, tokens + MAX(0, @now - counted_at) * @perSecond / 1000.0)";

/** Spends one attempt when the bucket holds one (a new bucket starts full); no row comes back when it does not. */
const TAKE_ATTEMPT = `
  INSERT INTO sign_in_attempts (bucket, tokens, counted_at, full_at) VALUES (@key, @burst - 1, @now, @now + 1000.0 / @perSecond)
  ON CONFLICT (bucket) DO UPDATE SET
    tokens = ${REFILLED} - 1,
    counted_at = @now,
    full_at = @now + (@burst - (${REFILLED} - 1)) * 1000.0 / @perSecond
  WHERE ${REFILLED} >= 1
  RETURNING tokens`;

interface UserRow {
  username: string;
  operator_id: string | null;
  provider_id: string | null;
  role: "viewer" | "manager";
  password_hash: string;
  created_at: number;
}
interface SessionRow {
  token_hash: string;
  username: string;
  csrf_token: string;
  created_at: number;
  expires_at: number;
}

const userFromRow = (r: UserRow): BackofficeUserRecord => ({
  username: r.username,
  operatorId: r.operator_id,
  providerId: r.provider_id,
  role: r.role,
  passwordHash: r.password_hash,
  createdAt: r.created_at,
});
