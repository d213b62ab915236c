import type { BackofficeSessionRecord, BackofficeStore, BackofficeUserRecord } from "../../domain/ports/backoffice.js";
import type { PostgresPool } from "./database.js";

const USER_COLUMNS = `username, operator_id AS "operatorId", role, password_hash AS "passwordHash", created_at AS "createdAt"`;
const SESSION_COLUMNS = `token_hash AS "tokenHash", username, csrf_token AS "csrfToken", created_at AS "createdAt", expires_at AS "expiresAt"`;

/** PostgreSQL implementation of the back-office port: accounts and sign-ins shared by every instance. */
export class PostgresBackofficeStore implements BackofficeStore {
  constructor(private readonly pool: PostgresPool) {}

  async insertUser(u: BackofficeUserRecord): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO backoffice_users (username, operator_id, role, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (username) DO NOTHING`,
      [u.username, u.operatorId, u.role, u.passwordHash, u.createdAt],
    );
    return rowCount === 1;
  }

  async findUser(username: string): Promise<BackofficeUserRecord | undefined> {
    return (await this.pool.query<BackofficeUserRecord>(`SELECT ${USER_COLUMNS} FROM backoffice_users WHERE username = $1`, [username])).rows[0];
  }

  async listUsers(): Promise<BackofficeUserRecord[]> {
    return (await this.pool.query<BackofficeUserRecord>(`SELECT ${USER_COLUMNS} FROM backoffice_users ORDER BY username`)).rows;
  }

  /** The foreign key's ON DELETE CASCADE ends the account's sessions. */
  async deleteUser(username: string): Promise<boolean> {
    return ((await this.pool.query("DELETE FROM backoffice_users WHERE username = $1", [username])).rowCount ?? 0) > 0;
  }

  async insertSession(s: BackofficeSessionRecord): Promise<void> {
    await this.pool.query("INSERT INTO backoffice_sessions (token_hash, username, csrf_token, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)", [
      s.tokenHash,
      s.username,
      s.csrfToken,
      s.createdAt,
      s.expiresAt,
    ]);
  }

  async findSession(tokenHash: string): Promise<BackofficeSessionRecord | undefined> {
    return (await this.pool.query<BackofficeSessionRecord>(`SELECT ${SESSION_COLUMNS} FROM backoffice_sessions WHERE token_hash = $1`, [tokenHash]))
      .rows[0];
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.pool.query("DELETE FROM backoffice_sessions WHERE token_hash = $1", [tokenHash]);
  }

  async purgeExpired(now: number): Promise<void> {
    await this.pool.query("DELETE FROM backoffice_sessions WHERE expires_at <= $1", [now]);
  }
}
