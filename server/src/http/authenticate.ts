import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { checkSigningHeaders, verify, type NonceStore, type VerificationFailure } from "@croupier/signing";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { ApiError, replayedRequest } from "../domain/errors.js";
import type { BackofficeAccounts } from "../domain/backoffice-accounts.js";
import type { DeferredNonce } from "../domain/ports/nonces.js";
import type { RateLimiter } from "../domain/rate-limiter.js";
import type { TenantDirectory } from "../domain/tenant-directory.js";
import { carriesSignature, createSessionAuthenticator, sessionCookieOf, SIGN_IN_PATH, type AuthenticatedSession } from "./backoffice-session.js";

/** Which role may call a path: provider wallet API, operator API and portal. Unknown paths need only a valid signature. */
export function roleForPath(path: string): "operator" | "provider" | undefined {
  if (path.startsWith("/v1/wallet/")) return "provider";
  if (path.startsWith("/v1/operator/") || path.startsWith("/portal/")) return "operator";
  return undefined;
}

/** The authenticated caller, set on `res.locals.caller` for handlers: the only place a handler reads its tenant from. */
export interface Caller {
  /** The tenant acted for; empty only for a platform back-office account on a back-office route. */
  tenantId: string;
  role: "operator" | "provider";
  /**
   * Who acts, for the audit log and the delivery log: `api:<tenantId>` for a signed call (the tenant's key); another
   * authenticator (a back-office session) sets the same tenant with a person as actor.
   */
  actor: string;
}

export interface AuthenticateOptions {
  tenants: TenantDirectory;
  nonces: NonceStore;
  rateLimiter: RateLimiter;
  clockSkewSeconds: number;
  nowSeconds?: () => number;
  /** Back-office accounts: when given, a session cookie authenticates too (Express path only). */
  backoffice?: BackofficeAccounts;
}

/** A request as it arrived, before any JSON parsing. */
export interface SignedRequest {
  method: string;
  /** The request target exactly as sent (path and query): what the signature covers. */
  target: string;
  /** The path alone, which decides the role. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer | undefined;
}

/**
 * The outcome of authentication; an accepted call's `nonce` is there when its recording was put off (see
 * {@link createAuthenticator}). A refusal carries, for the request log, the tenant whose signature verified (when
 * one did) and why a signature was refused (never the secret or the signature).
 */
export type Authentication =
  | { ok: true; caller: Caller; nonce?: DeferredNonce }
  | { ok: false; error: ApiError; tenantId?: string; authFailure?: string };

const NO_BODY = Buffer.alloc(0);

/** A refused signature as answered: a bad nonce format is a 400, anything else the plain-text 401. */
function signatureRefusal(reason: VerificationFailure): Authentication {
  const invalidNonce = reason === "invalid-nonce";
  return {
    ok: false,
    error: new ApiError(invalidNonce ? "invalid_nonce" : "invalid_signature", invalidNonce ? "invalid nonce" : "invalid signature"),
    authFailure: reason,
  };
}

/**
 * The part of the check that needs no body (issue 17 item 5): a missing or malformed signing header set, an unknown
 * tenant or a stale timestamp is refused before the body is read, so a caller the service does not know cannot make it
 * buffer one. Undefined when the request may go on to have its body read and its signature checked.
 */
export function createHeaderCheck(
  options: AuthenticateOptions,
): (request: { target: string; headers: IncomingHttpHeaders }) => Authentication | undefined {
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const secrets = (tenantId: string) => options.tenants.secretsFor(tenantId);
  return (request) => {
    const result = checkSigningHeaders({
      target: request.target,
      headers: request.headers,
      secrets,
      toleranceSeconds: options.clockSkewSeconds,
      now: nowSeconds(),
    });
    return result.ok ? undefined : signatureRefusal(result.reason);
  };
}

/**
 * Builds the check every signed call passes before any handler runs, in the order of decisions.md §1: nonce format
 * (400), signature, tenant and timestamp (401 plain text), nonce replay (401 JSON), rate limit (429), role (401), then
 * the portal's need for the current secret (403).
 * The nonce is recorded only after the signature verified, so nobody can burn another tenant's nonces.
 *
 * With `deferNonce`, an accepted call's nonce is not recorded here but handed to the handler as a {@link DeferredNonce}
 * (the money path records it with its claim: issue 20); a refusal here records it first, so a replay is still refused
 * as one, and the handler's refusals must do the same ({@link settleRefusal}).
 */
export function createAuthenticator(
  options: AuthenticateOptions,
  deferNonce = false,
): (request: SignedRequest) => Authentication | Promise<Authentication> {
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const secrets = (tenantId: string) => options.tenants.secretsFor(tenantId);
  return (request) => {
    const now = nowSeconds();
    const result = verify({
      method: request.method,
      target: request.target,
      headers: request.headers,
      body: request.body ?? NO_BODY,
      secrets,
      toleranceSeconds: options.clockSkewSeconds,
      now,
    });
    if (!result.ok) return signatureRefusal(result.reason);
    const tenantId = result.tenantId;
    // Kept until the request's timestamp can no longer pass the clock check: a request signed ahead of our clock
    // stays acceptable until timestamp + skew, so its nonce must be remembered that long (decisions.md §4).
    const expiresAt = Math.max(now, result.timestamp) + options.clockSkewSeconds;
    const current = result.secretIndex === 0;
    if (deferNonce) {
      const outcome = afterNonce(true, tenantId, request.path, current);
      // A replay is refused before the rate limit counts it: the token spent on one is given back once it proves one.
      const spent = outcome.ok || outcome.error.code !== "rate_limited";
      const nonce = deferredNonce(
        tenantId,
        result.nonce,
        expiresAt,
        () => Promise.resolve(options.nonces.remember(tenantId, result.nonce, expiresAt)),
        () => {
          if (spent) options.rateLimiter.giveBack(tenantId);
        },
      );
      return outcome.ok ? { ...outcome, nonce } : settleRefusal(nonce, outcome);
    }
    const fresh = options.nonces.remember(tenantId, result.nonce, expiresAt);
    // The NonceStore interface allows an asynchronous store: its answer is awaited, never taken as truthy.
    if (typeof fresh !== "boolean") return fresh.then((ok) => afterNonce(ok, tenantId, request.path, current));
    return afterNonce(fresh, tenantId, request.path, current);
  };

  /** The checks after the nonce: replay, rate limit, role, and the current secret for the portal. */
  function afterNonce(fresh: boolean, tenantId: string, path: string, currentSecret: boolean): Authentication {
    if (!fresh) return replayRefusal(tenantId);
    const limit = options.rateLimiter.take(tenantId);
    if (!limit.allowed) {
      return { ok: false, error: new ApiError("rate_limited", "rate limit exceeded", { retryAfterSeconds: limit.retryAfterSeconds }), tenantId };
    }
    const role = options.tenants.roleOf(tenantId);
    const required = roleForPath(path);
    if (!role || (required !== undefined && role !== required)) {
      return { ok: false, error: new ApiError("invalid_signature", "invalid signature"), tenantId, authFailure: "wrong-role" };
    }
    // A previous secret in its grace period authenticates ordinary calls only: with it, whoever leaked it could set
    // the callback URL or rotate again and take the tenant back from its owner (decisions.md §4).
    if (!currentSecret && path.startsWith("/portal/")) {
      return { ok: false, error: new ApiError("current_secret_required", "current secret required"), tenantId, authFailure: "previous-secret" };
    }
    return { ok: true, caller: { tenantId, role, actor: `api:${tenantId}` } };
  }
}

type Refusal = Extract<Authentication, { ok: false }>;

const replayRefusal = (tenantId: string): Refusal => ({ ok: false, error: replayedRequest(), tenantId });

/**
 * A refusal of a call whose nonce was put off: the nonce is recorded first, and a replay is refused as one (the
 * order of decisions.md §1). When the nonce cannot be recorded (the database is gone), the refusal stands.
 */
export async function settleRefusal(nonce: DeferredNonce, refusal: Refusal): Promise<Refusal> {
  const fresh = await nonce.settle().catch(() => true);
  return fresh ? refusal : replayRefusal(refusal.tenantId ?? nonce.tenantId);
}

/** A nonce recorded once: by `record`, or by a store along with its own writes; `onReplay` runs when it proves a replay. */
function deferredNonce(
  tenantId: string,
  nonce: string,
  expiresAtSeconds: number,
  record: () => Promise<boolean>,
  onReplay: () => void,
): DeferredNonce {
  let outcome: Promise<boolean> | undefined;
  const seen = (fresh: boolean) => {
    if (!fresh) onReplay();
    return fresh;
  };
  return {
    tenantId,
    nonce,
    expiresAtSeconds,
    settle: () => (outcome ??= record().then(seen)),
    recordedWith: (fresh) => {
      outcome = Promise.resolve(seen(fresh));
    },
  };
}

/** Whether a request declares a body (a length above zero, or chunks). */
function declaresBody(headers: IncomingHttpHeaders): boolean {
  const length = headers["content-length"];
  return headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * An answer given before the body was read closes the connection: otherwise Node would wait for the whole body, which
 * it drains to reach the next request, and the caller would hold the connection as long as it likes.
 */
export function closeAfterRefusal(req: IncomingMessage, res: ServerResponse): void {
  if (declaresBody(req.headers)) res.setHeader("Connection", "close");
}

/** Puts an authentication outcome on the response for the handlers and the request log, or passes its refusal on. */
function proceed(outcome: Authentication & { session?: AuthenticatedSession }, res: Response, next: NextFunction): void {
  if (!outcome.ok) {
    if (outcome.tenantId !== undefined) res.locals.tenantId = outcome.tenantId;
    if (outcome.authFailure !== undefined) res.locals.authFailure = outcome.authFailure;
    return next(outcome.error);
  }
  if (outcome.caller.tenantId !== "") res.locals.tenantId = outcome.caller.tenantId;
  res.locals.caller = outcome.caller;
  if (outcome.session !== undefined) res.locals.backofficeSession = outcome.session;
  next();
}

/**
 * The authentication stage before the body is read, for Express. A request that carries no signing header but a
 * back-office session cookie, and any back-office API call, is authenticated here by its session (it needs no body;
 * http/backoffice-session.ts); sign-in needs neither. A signed request has its headers checked
 * ({@link createHeaderCheck}); its signature is checked after the body by {@link authenticate}.
 */
export function authenticateHeaders(options: AuthenticateOptions): RequestHandler {
  const checkHeaders = createHeaderCheck(options);
  const checkSession = options.backoffice && createSessionAuthenticator({ ...options, accounts: options.backoffice });
  return (req: Request, res: Response, next) => {
    if (checkSession && req.path === SIGN_IN_PATH) return next();
    const bySession =
      checkSession !== undefined &&
      (req.path.startsWith("/backoffice/api/") || (!carriesSignature(req.headers) && sessionCookieOf(req.headers) !== undefined));
    const settle = (outcome: Authentication & { session?: AuthenticatedSession }) => {
      if (!outcome.ok) closeAfterRefusal(req, res);
      proceed(outcome, res, next);
    };
    if (bySession) return void checkSession({ method: req.method, path: req.path, headers: req.headers }).then(settle, next);
    const outcome = checkHeaders({ target: req.originalUrl, headers: req.headers });
    if (outcome === undefined) return next();
    settle(outcome);
  };
}

/**
 * {@link createAuthenticator} for Express, after {@link authenticateHeaders}; expects `req.body` to be the raw body
 * (rawBody runs first). A request a session authenticated, and sign-in, pass through.
 */
export function authenticate(options: AuthenticateOptions): RequestHandler {
  const check = createAuthenticator(options);
  return (req: Request, res: Response, next) => {
    if (res.locals.caller !== undefined || (options.backoffice && req.path === SIGN_IN_PATH)) return next();
    const outcome = check({
      method: req.method,
      target: req.originalUrl,
      path: req.path,
      headers: req.headers,
      body: req.body as Buffer | undefined,
    });
    if (outcome instanceof Promise) void outcome.then((settled) => proceed(settled, res, next), next);
    else proceed(outcome, res, next);
  };
}

/** The authenticated caller of this request; only valid after {@link authenticate}. */
export function callerOf(res: Response): Caller {
  return res.locals.caller as Caller;
}
