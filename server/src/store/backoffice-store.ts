import type { SqliteDatabase } from "./database.js";

/** A back-office account as stored; `operatorId` is null for a platform account. */
export interface BackofficeUserRecord {
  username: string;
  operatorId: string | null;
  role: "viewer" | "manager";
  passwordHash: string;
  createdAt: number;
}

/** A signed-in session, keyed by the SHA-256 of the cookie value. Times are unix milliseconds. */
export interface BackofficeSessionRecord {
  tokenHash: string;
  username: string;
  csrfToken: string;
  createdAt: number;
  expiresAt: number;
}

/** Back-office persistence: accounts and sessions. */
export interface BackofficeStore {
  /** Adds an account; false when the username is taken. */
  insertUser(user: BackofficeUserRecord): boolean;
  findUser(username: string): BackofficeUserRecord | undefined;
  listUsers(): BackofficeUserRecord[];
  /** Removes an account and its sessions; false when there was none. */
  deleteUser(username: string): boolean;
  insertSession(session: BackofficeSessionRecord): void;
  findSession(tokenHash: string): BackofficeSessionRecord | undefined;
  deleteSession(tokenHash: string): void;
  /** Deletes every session expired at `now`. */
  purgeExpired(now: number): void;
}

/** SQLite implementation of {@link BackofficeStore}. Rare, small writes: they commit on their own, outside the group commit. */
export class SqliteBackofficeStore implements BackofficeStore {
  private readonly statements;

  constructor(db: SqliteDatabase) {
    this.statements = {
      insertUser: db.prepare(
        "INSERT INTO backoffice_users (username, operator_id, role, password_hash, created_at) VALUES (@username, @operatorId, @role, @passwordHash, @createdAt)",
      ),
      findUser: db.prepare("SELECT * FROM backoffice_users WHERE username = ?"),
      listUsers: db.prepare("SELECT * FROM backoffice_users ORDER BY username"),
      deleteUser: db.prepare("DELETE FROM backoffice_users WHERE username = ?"),
      insertSession: db.prepare(
        "INSERT INTO backoffice_sessions (token_hash, username, csrf_token, created_at, expires_at) VALUES (@tokenHash, @username, @csrfToken, @createdAt, @expiresAt)",
      ),
      findSession: db.prepare("SELECT * FROM backoffice_sessions WHERE token_hash = ?"),
      deleteSession: db.prepare("DELETE FROM backoffice_sessions WHERE token_hash = ?"),
      purgeSessions: db.prepare("DELETE FROM backoffice_sessions WHERE expires_at <= ?"),
    };
  }

  insertUser(user: BackofficeUserRecord): boolean {
    if (this.findUser(user.username)) return false;
    this.statements.insertUser.run(user);
    return true;
  }

  findUser(username: string): BackofficeUserRecord | undefined {
    const row = this.statements.findUser.get(username) as UserRow | undefined;
    return row && userFromRow(row);
  }

  listUsers(): BackofficeUserRecord[] {
    return (this.statements.listUsers.all() as UserRow[]).map(userFromRow);
  }

  /** The foreign key's ON DELETE CASCADE ends the account's sessions. */
  deleteUser(username: string): boolean {
    return this.statements.deleteUser.run(username).changes > 0;
  }

  insertSession(session: BackofficeSessionRecord): void {
    this.statements.insertSession.run(session);
  }

  findSession(tokenHash: string): BackofficeSessionRecord | undefined {
    const row = this.statements.findSession.get(tokenHash) as SessionRow | undefined;
    return row && { tokenHash: row.token_hash, username: row.username, csrfToken: row.csrf_token, createdAt: row.created_at, expiresAt: row.expires_at };
  }

  deleteSession(tokenHash: string): void {
    this.statements.deleteSession.run(tokenHash);
  }

  purgeExpired(now: number): void {
    this.statements.purgeSessions.run(now);
  }
}

interface UserRow { username: string; operator_id: string | null; role: "viewer" | "manager"; password_hash: string; created_at: number }
interface SessionRow { token_hash: string; username: string; csrf_token: string; created_at: number; expires_at: number }

const userFromRow = (r: UserRow): BackofficeUserRecord => ({
  username: r.username, operatorId: r.operator_id, role: r.role, passwordHash: r.password_hash, createdAt: r.created_at,
});
