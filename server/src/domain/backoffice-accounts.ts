import { randomBytes } from "node:crypto";
import type { BackofficeStore, BackofficeUserRecord } from "./ports/backoffice.js";
import { ApiError, badRequest, unauthenticated } from "./errors.js";
import { decoyHash, hashPassword, verifyPassword } from "./password-hash.js";
import { RateLimiter } from "./rate-limiter.js";
import { tokenDigest } from "./secret-box.js";

/** Who is signed in to the back office: `operatorId` null means a platform account, which may act for any operator. */
export interface BackofficeActor {
  username: string;
  role: "viewer" | "manager";
  operatorId: string | null;
}

/** A live session: the person, the CSRF token every change must carry, and when it ends (unix ms). */
export interface BackofficeSession {
  actor: BackofficeActor;
  csrfToken: string;
  expiresAt: number;
}

export interface BackofficeAccountsOptions {
  sessionTtlSeconds: number;
  /** Whether an operator id is configured; accounts may only belong to one. */
  isOperator(id: string): boolean;
  now?: () => number;
}

const USERNAME = /^[A-Za-z0-9._@-]{1,64}$/;
export const MIN_PASSWORD_LENGTH = 12;

/**
 * Sign-in attempts, every one counted whether it succeeds or not: 5 in a burst per username, then one a minute
 * (guessing a password stays slow); 20 per address, then one every 6 seconds (one office behind one address can
 * still work). A limited attempt is refused before the password is even checked.
 */
const PER_USERNAME = { requestsPerSecond: 1 / 60, burst: 5 };
const PER_ADDRESS = { requestsPerSecond: 1 / 6, burst: 20 };

/**
 * Back-office accounts and their sessions. Passwords are scrypt hashes; a session is a random 256-bit cookie value
 * stored only as its SHA-256, with its own random CSRF token, expiring after `sessionTtlSeconds` and ended on sign-out.
 */
export class BackofficeAccounts {
  private readonly now: () => number;
  private readonly perUsername = new RateLimiter(() => PER_USERNAME);
  private readonly perAddress = new RateLimiter(() => PER_ADDRESS);

  constructor(
    private readonly store: BackofficeStore,
    private readonly options: BackofficeAccountsOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  get sessionTtlSeconds(): number {
    return this.options.sessionTtlSeconds;
  }

  /** Creates an account (admin CLI). Refuses a taken or malformed username, a short password or an unknown operator. */
  async addUser(input: { username: string; operatorId: string | null; role: string; password: string }): Promise<BackofficeActor> {
    if (!USERNAME.test(input.username)) throw badRequest("a username is 1 to 64 characters from A-Z a-z 0-9 . _ @ -");
    if (input.role !== "viewer" && input.role !== "manager") throw badRequest("the role is viewer or manager");
    if (input.operatorId !== null && !this.options.isOperator(input.operatorId)) throw badRequest(`unknown operator "${input.operatorId}"`);
    if (input.password.length < MIN_PASSWORD_LENGTH) throw badRequest(`a password has at least ${MIN_PASSWORD_LENGTH} characters`);
    const record: BackofficeUserRecord = {
      username: input.username,
      operatorId: input.operatorId,
      role: input.role,
      passwordHash: await hashPassword(input.password),
      createdAt: this.now(),
    };
    if (!(await this.store.insertUser(record))) throw new ApiError("conflict", `the username "${input.username}" is taken`);
    return actorOf(record);
  }

  async listUsers(): Promise<BackofficeActor[]> {
    return (await this.store.listUsers()).map(actorOf);
  }

  /** Removes an account and ends its sessions at once; false when there was none. */
  removeUser(username: string): Promise<boolean> {
    return this.store.deleteUser(username);
  }

  /**
   * Checks a username and password from `address` and opens a session. One refusal for an unknown username and a
   * wrong password alike, after the same work, so the answer does not tell which usernames exist.
   */
  async signIn(username: string, password: string, address: string): Promise<BackofficeSession & { token: string }> {
    for (const limit of [this.perUsername.take(username.toLowerCase()), this.perAddress.take(address)]) {
      if (!limit.allowed) {
        throw new ApiError("rate_limited", "too many sign-in attempts: wait and try again", { retryAfterSeconds: limit.retryAfterSeconds });
      }
    }
    const user = await this.store.findUser(username);
    const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !matches) throw unauthenticated("wrong username or password");
    const now = this.now();
    // Each sign-in sweeps the expired sessions, so the table stays about as small as the live set.
    await this.store.purgeExpired(now);
    const token = randomBytes(32).toString("base64url");
    const session = {
      tokenHash: tokenDigest(token),
      username: user.username,
      csrfToken: randomBytes(32).toString("base64url"),
      createdAt: now,
      expiresAt: now + this.options.sessionTtlSeconds * 1000,
    };
    await this.store.insertSession(session);
    return { token, actor: actorOf(user), csrfToken: session.csrfToken, expiresAt: session.expiresAt };
  }

  /** The live session a cookie value opens, or undefined when it is unknown, signed out or expired. */
  async sessionFor(token: string): Promise<BackofficeSession | undefined> {
    const session = await this.store.findSession(tokenDigest(token));
    if (!session || session.expiresAt <= this.now()) return undefined;
    const user = await this.store.findUser(session.username);
    return user && { actor: actorOf(user), csrfToken: session.csrfToken, expiresAt: session.expiresAt };
  }

  /** Ends the session server-side: the cookie no longer opens anything, even if a copy of it is kept. */
  signOut(token: string): Promise<void> {
    return this.store.deleteSession(tokenDigest(token));
  }
}

const actorOf = (user: BackofficeUserRecord): BackofficeActor => ({ username: user.username, role: user.role, operatorId: user.operatorId });
