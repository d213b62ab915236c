import type { BackofficeSessionRecord, BackofficeStore, BackofficeUserRecord } from "../domain/ports/backoffice.js";
import type { SqliteDatabase } from "./database.js";

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

  insertUser(user: BackofficeUserRecord): Promise<boolean> {
    if (this.statements.findUser.get(user.username)) return Promise.resolve(false);
    this.statements.insertUser.run(user);
    return Promise.resolve(true);
  }

  findUser(username: string): Promise<BackofficeUserRecord | undefined> {
    const row = this.statements.findUser.get(username) as UserRow | undefined;
    return Promise.resolve(row && userFromRow(row));
  }

  listUsers(): Promise<BackofficeUserRecord[]> {
    return Promise.resolve((this.statements.listUsers.all() as UserRow[]).map(userFromRow));
  }

  /** The foreign key's ON DELETE CASCADE ends the account's sessions. */
  deleteUser(username: string): Promise<boolean> {
    return Promise.resolve(this.statements.deleteUser.run(username).changes > 0);
  }

  insertSession(session: BackofficeSessionRecord): Promise<void> {
    this.statements.insertSession.run(session);
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
    return Promise.resolve();
  }

  purgeExpired(now: number): Promise<void> {
    this.statements.purgeSessions.run(now);
    return Promise.resolve();
  }
}

interface UserRow {
  username: string;
  operator_id: string | null;
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
  role: r.role,
  passwordHash: r.password_hash,
  createdAt: r.created_at,
});
