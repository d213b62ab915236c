import { randomBytes } from "node:crypto";
import type { AuditTrail } from "../reconciliation/audit-trail.js";
import type { AttemptLimit, BackofficeStore, BackofficeUserRecord } from "../ports/backoffice.js";
import { ApiError, badRequest, notFound, unauthenticated } from "../errors.js";
import { decoyHash, hashPassword, verifyPassword } from "./password-hash.js";
import { tokenDigest } from "../secret-box.js";

/**
 * Who is signed in to the back office: an operator's account (`operatorId`), a game studio's (`providerId`: it acts for
 * that provider only), or, with both null, a platform account, which may act for any operator.
 */
export interface BackofficeActor {
  username: string;
  role: "viewer" | "manager";
  operatorId: string | null;
  providerId: string | null;
}

/** A live session: the person, the CSRF token every change must carry, and when it ends (unix ms). */
export interface BackofficeSession {
  actor: BackofficeActor;
  csrfToken: string;
  expiresAt: number;
}

export interface BackofficeAccountsOptions {
  sessionTtlSeconds: number;
  /** Whether an operator id is configured; an operator's accounts may only belong to one. */
  isOperator(id: string): boolean;
  /** Whether a provider id is configured; a studio's accounts may only belong to one. */
  isProvider(id: string): boolean;
  /** The configured operators: a platform account's changes are written to each one's audit log. */
  operatorIds: readonly string[];
  /**
   * Where account changes are written: the account's operator's audit log, every operator's for a platform account,
   * the studio's own for a studio account.
   */
  audit: AuditTrail;
  now?: () => number;
}

const USERNAME = /^[A-Za-z0-9._@-]{1,64}$/;
export const MIN_PASSWORD_LENGTH = 12;

/**
 * Sign-in attempts, every one counted whether it succeeds or not: 20 per address, then one every 6 seconds (one office
 * behind one address can still work); then 5 in a burst per username, then one a minute (guessing a password stays
 * slow). A limited attempt is refused before the password is even checked. The buckets are kept in the database, so
 * they hold for every instance on it (decisions.md §5).
 */
const PER_ADDRESS: AttemptLimit = { perSecond: 1 / 6, burst: 20 };
const PER_USERNAME: AttemptLimit = { perSecond: 1 / 60, burst: 5 };

/**
 * Back-office accounts and their sessions. Passwords are scrypt hashes; a session is a random 256-bit cookie value
 * stored only as its SHA-256, with its own random CSRF token, expiring after `sessionTtlSeconds` and ended on sign-out.
 */
export class BackofficeAccounts {
  private readonly now: () => number;

  constructor(
    private readonly store: BackofficeStore,
    private readonly options: BackofficeAccountsOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  get sessionTtlSeconds(): number {
    return this.options.sessionTtlSeconds;
  }

  /**
   * Creates an account (admin CLI): an operator's, a studio's or (neither named) the platform's. Refuses a taken or
   * malformed username, a short password, an unknown operator or provider, or both named.
   */
  async addUser(input: NewAccount): Promise<BackofficeActor> {
    const record = await this.insert(input);
    await this.audit(record, "ACCOUNT_ADD", "ADDED", "admin");
    return actorOf(record);
  }

  /**
   * Creates a game studio's account for a platform account (`actor`, as the audit log names it) with a generated
   * password, answered once; written to the studio's audit log, refused attempts included.
   */
  async createStudioAccount(
    actor: string,
    input: { username: string; providerId: string; role: string },
  ): Promise<BackofficeActor & { password: string }> {
    if (!this.options.isProvider(input.providerId)) throw badRequest(`unknown provider "${input.providerId}"`);
    const password = randomBytes(18).toString("base64url");
    const change = { kind: "ACCOUNT_ADD" as const, target: accountTarget({ ...input, operatorId: null }) };
    const record = await this.options.audit.record(
      { operatorId: input.providerId, actor },
      change,
      () => this.insert({ ...input, operatorId: null, password }),
      () => "ADDED",
    );
    return { ...actorOf(record), password };
  }

  /** The game studios' accounts by username, only `providerId`'s when given. */
  async listStudioAccounts(providerId?: string): Promise<BackofficeActor[]> {
    return (await this.listUsers()).filter((a) => a.providerId !== null && (providerId === undefined || a.providerId === providerId));
  }

  /**
   * Removes a game studio's account for a platform account and ends its sessions at once; an operator's or the
   * platform's account is not found here, so the platform's web app cannot lock the platform out.
   */
  async removeStudioAccount(actor: string, username: string): Promise<void> {
    const user = await this.store.findUser(username);
    if (!user || user.providerId === null || !(await this.store.deleteUser(user.username))) throw notFound(`no studio account "${username}"`);
    await this.audit(user, "ACCOUNT_REMOVE", "REMOVED", actor);
  }

  /** Checks and stores a new account. */
  private async insert(input: NewAccount): Promise<BackofficeUserRecord> {
    const providerId = input.providerId ?? null;
    if (!USERNAME.test(input.username)) throw badRequest("a username is 1 to 64 characters from A-Z a-z 0-9 . _ @ -");
    if (input.role !== "viewer" && input.role !== "manager") throw badRequest("the role is viewer or manager");
    if (input.operatorId !== null && !this.options.isOperator(input.operatorId)) throw badRequest(`unknown operator "${input.operatorId}"`);
    if (providerId !== null && !this.options.isProvider(providerId)) throw badRequest(`unknown provider "${providerId}"`);
    if (providerId !== null && input.operatorId !== null) throw badRequest("an account belongs to an operator or a provider, not both");
    if (input.password.length < MIN_PASSWORD_LENGTH) throw badRequest(`a password has at least ${MIN_PASSWORD_LENGTH} characters`);
    const record: BackofficeUserRecord = {
      username: input.username,
      operatorId: input.operatorId,
      providerId,
      role: input.role,
      passwordHash: await hashPassword(input.password),
      createdAt: this.now(),
    };
    if (!(await this.store.insertUser(record))) throw new ApiError("conflict", `the username "${input.username}" is taken`);
    return record;
  }

  async listUsers(): Promise<BackofficeActor[]> {
    return (await this.store.listUsers()).map(actorOf);
  }

  /** Removes an account and ends its sessions at once; false when there was none. */
  async removeUser(username: string): Promise<boolean> {
    const user = await this.store.findUser(username);
    if (!user || !(await this.store.deleteUser(user.username))) return false;
    await this.audit(user, "ACCOUNT_REMOVE", "REMOVED", "admin");
    return true;
  }

  /**
   * Writes an account change, made by `actor` (`admin` for the CLI), to the audit log of each operator the account can
   * act for, or to its studio's own.
   */
  private async audit(user: BackofficeUserRecord, kind: "ACCOUNT_ADD" | "ACCOUNT_REMOVE", result: string, actor: string): Promise<void> {
    const change = { kind, target: accountTarget(user) };
    const logs = user.providerId !== null ? [user.providerId] : user.operatorId === null ? this.options.operatorIds : [user.operatorId];
    for (const operatorId of logs) await this.options.audit.write({ operatorId, actor }, change, result);
  }

  /**
   * Checks a username and password from `address` and opens a session. One refusal for an unknown username and a
   * wrong password alike, after the same work, so the answer does not tell which usernames exist.
   */
  async signIn(username: string, password: string, address: string): Promise<BackofficeSession & { token: string }> {
    // The address first: once it is refused, the names it tries take no room at all.
    await this.takeAttempt(`a:${address}`, PER_ADDRESS);
    await this.takeAttempt(`u:${username.toLowerCase()}`, PER_USERNAME);
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

  /** Spends one attempt of a bucket, or refuses the sign-in with the whole seconds until it holds one again. */
  private async takeAttempt(bucket: string, limit: AttemptLimit): Promise<void> {
    const taken = await this.store.takeSignInAttempt(bucket, limit, this.now());
    if (taken.allowed) return;
    const retryAfterSeconds = Math.max(1, Math.ceil((1 - taken.tokens) / limit.perSecond));
    throw new ApiError("rate_limited", "too many sign-in attempts: wait and try again", { retryAfterSeconds });
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

/** A new account's details, as the admin CLI or the platform gives them. */
interface NewAccount {
  username: string;
  operatorId: string | null;
  providerId?: string | null;
  role: string;
  password: string;
}

/** How the audit log names an account. */
function accountTarget(user: { username: string; role: string; operatorId: string | null; providerId?: string | null }): string {
  const owner = user.providerId ? "studio" : user.operatorId === null ? "platform" : "operator";
  return `${owner} ${user.role} account ${user.username}`;
}

const actorOf = (user: BackofficeUserRecord): BackofficeActor => ({
  username: user.username,
  role: user.role,
  operatorId: user.operatorId,
  providerId: user.providerId,
});
