/** The back-office port: accounts of the people who use the back office, and their signed-in sessions. */

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
}
