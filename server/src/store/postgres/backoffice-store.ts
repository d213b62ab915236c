import type { AttemptLimit, AttemptTaken, BackofficeSessionRecord, BackofficeStore, BackofficeUserRecord } from "../../domain/ports/backoffice.js";
import type { PostgresPool } from "./database.js";

/** Every account: the operators' and the platform's, then the studios' (kept apart: migrations.ts, version 8). */
const USERS = `(SELECT username, operator_id AS "operatorId", NULL AS "providerId", role, password_hash AS "passwordHash", created_at AS "createdAt"
    FROM backoffice_users
  UNION ALL SELECT username, NULL, provider_id, role, password_hash, created_at FROM studio_users) AS accounts`;
const SESSIONS = `(SELECT token_hash AS "tokenHash", username, csrf_token AS "csrfToken", created_at AS "createdAt", expires_at AS "expiresAt"
    FROM backoffice_sessions
  UNION ALL SELECT token_hash, username, csrf_token, created_at, expires_at FROM studio_sessions) AS sessions`;

/** PostgreSQL implementation of the back-office port: accounts and sign-ins shared by every instance. */
export class PostgresBackofficeStore implements BackofficeStore {
  constructor(private readonly pool: PostgresPool) {}

  async insertUser(u: BackofficeUserRecord): Promise<boolean> {
    if (await this.findUser(u.username)) return false;
    const { rowCount } =
      u.providerId === null
        ? await this.pool.query(
            `INSERT INTO backoffice_users (username, operator_id, role, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (username) DO NOTHING`,
            [u.username, u.operatorId, u.role, u.passwordHash, u.createdAt],
          )
        : await this.pool.query(
            `INSERT INTO studio_users (username, provider_id, role, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (username) DO NOTHING`,
            [u.username, u.providerId, u.role, u.passwordHash, u.createdAt],
          );
    return rowCount === 1;
  }

  async findUser(username: string): Promise<BackofficeUserRecord | undefined> {
    return (await this.pool.query<BackofficeUserRecord>(`SELECT * FROM ${USERS} WHERE username = $1`, [username])).rows[0];
  }

  async listUsers(): Promise<BackofficeUserRecord[]> {
    return (await this.pool.query<BackofficeUserRecord>(`SELECT * FROM ${USERS} ORDER BY username`)).rows;
  }

  /** The foreign keys' ON DELETE CASCADE end the account's sessions. */
  async deleteUser(username: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ n: number }>(
      `WITH a AS (DELETE FROM backoffice_users WHERE username = $1 RETURNING 1), b AS (DELETE FROM studio_users WHERE username = $1 RETURNING 1)
       SELECT (SELECT COUNT(*) FROM a) + (SELECT COUNT(*) FROM b) AS n`,
      [username],
    );
    return Number(rows[0]?.n) > 0;
  }

  /** A studio account's session goes beside its account, where the release before never looks. */
  async insertSession(s: BackofficeSessionRecord): Promise<void> {
    const values = [s.tokenHash, s.username, s.csrfToken, s.createdAt, s.expiresAt];
    const studio = await this.pool.query(
      `INSERT INTO studio_sessions (token_hash, username, csrf_token, created_at, expires_at)
       SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM studio_users WHERE username = $2)`,
      values,
    );
    if (studio.rowCount === 1) return;
    await this.pool.query(
      "INSERT INTO backoffice_sessions (token_hash, username, csrf_token, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
      values,
    );
  }

  async findSession(tokenHash: string): Promise<BackofficeSessionRecord | undefined> {
    return (await this.pool.query<BackofficeSessionRecord>(`SELECT * FROM ${SESSIONS} WHERE "tokenHash" = $1`, [tokenHash])).rows[0];
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.pool.query("DELETE FROM backoffice_sessions WHERE token_hash = $1", [tokenHash]);
    await this.pool.query("DELETE FROM studio_sessions WHERE token_hash = $1", [tokenHash]);
  }

  async purgeExpired(now: number): Promise<void> {
    await this.pool.query("DELETE FROM backoffice_sessions WHERE expires_at <= $1", [now]);
    await this.pool.query("DELETE FROM studio_sessions WHERE expires_at <= $1", [now]);
  }

  /**
   * One statement takes the attempt, so instances racing on one bucket take turns on its row and together spend no more
   * than it holds.
   */
  async takeSignInAttempt(key: string, limit: AttemptLimit, now: number): Promise<AttemptTaken> {
    const params = [key, limit.burst, limit.perSecond, now];
    const { rowCount } = await this.pool.query(TAKE_ATTEMPT, params);
    if (rowCount === 1) {
      await this.pool.query("DELETE FROM sign_in_attempts WHERE full_at <= $1", [now]);
      return { allowed: true };
    }
    const { rows } = await this.pool.query<{ tokens: number }>(`SELECT ${REFILLED} AS tokens FROM sign_in_attempts a WHERE bucket = $1`, params);
    return { allowed: false, tokens: rows[0]?.tokens ?? 0 };
  }
}

/** The attempts a bucket holds at $4: what it held at `counted_at`, refilled since, at most $2. */
const REFILLED = "LEAST($2::float8, a.tokens + GREATEST(0, $4::float8 - a.counted_at) * $3::float8 / 1000)";

/** Spends one attempt when the bucket holds one (a new bucket starts full); no row comes back when it does not. */
const TAKE_ATTEMPT = `
  INSERT INTO sign_in_attempts AS a (bucket, tokens, counted_at, full_at) VALUES ($1, $2::float8 - 1, $4::float8, $4::float8 + 1000 / $3::float8)
  ON CONFLICT (bucket) DO UPDATE SET
    tokens = ${REFILLED} - 1,
    counted_at = $4::float8,
    full_at = $4::float8 + ($2::float8 - (${REFILLED} - 1)) * 1000 / $3::float8
  WHERE ${REFILLED} >= 1
  RETURNING 1`;
