/** The back-office port: accounts of the people who use the back office, and their signed-in sessions. */

/**
 * A back-office account as stored: an operator's (`operatorId`), a studio's (`providerId`, stored apart so a release
 * before studio accounts never reads one), or the platform's (both null).
 */
export interface BackofficeUserRecord {
  username: string;
  operatorId: string | null;
  providerId: string | null;
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

/** A token bucket: `burst` attempts at once, then `perSecond`. */
export interface AttemptLimit {
  burst: number;
  perSecond: number;
}

/** A sign-in attempt's turn: taken, or refused with the attempts (below one) its bucket holds now. */
export type AttemptTaken = { allowed: true } | { allowed: false; tokens: number };

/** Back-office persistence: accounts, sessions, and the sign-in attempt limits, which hold for every instance on the database. */
export interface BackofficeStore {
  /** Adds an account; false when the username is taken (by any kind of account). */
  insertUser(user: BackofficeUserRecord): Promise<boolean>;
  findUser(username: string): Promise<BackofficeUserRecord | undefined>;
  listUsers(): Promise<BackofficeUserRecord[]>;
  /** Removes an account and its sessions; false when there was none. */
  deleteUser(username: string): Promise<boolean>;
  insertSession(session: BackofficeSessionRecord): Promise<void>;
  findSession(tokenHash: string): Promise<BackofficeSessionRecord | undefined>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Deletes every session expired at `now`. */
  purgeExpired(now: number): Promise<void>;
  /**
   * Spends one attempt of the bucket `key` at `now` (unix ms) in one atomic step, or refuses when it holds less than one.
   * An attempt taken also deletes the buckets full again by `now`, which are the same as none: the store holds only
   * buckets in use.
   */
  takeSignInAttempt(key: string, limit: AttemptLimit, now: number): Promise<AttemptTaken>;
}
