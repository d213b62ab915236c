import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { checkSigningHeaders, verify, type NonceStore, type VerificationFailure } from "@croupier/signing";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { ApiError, replayedRequest } from "../domain/errors.js";
import type { BackofficeAccounts } from "../domain/back-office/backoffice-accounts.js";
import type { PendingNonce } from "../domain/ports/nonces.js";
import type { RateLimiter } from "../domain/tenants/rate-limiter.js";
import type { TenantDirectory } from "../domain/tenants/tenant-directory.js";
import { isPortalPath, isStudioPath, type Authentication } from "./caller.js";
import {
  carriesSignature,
  createSessionAuthenticator,
  sessionCookieOf,
  SIGN_IN_PATH,
  signInRefusal,
  type AuthenticatedSession,
} from "./backoffice-session.js";

/**
 * Which role may call a path: provider wallet API and studio reads, operator API and portal. Unknown paths need only a
 * valid signature.
 */
export function roleForPath(path: string): "operator" | "provider" | undefined {
  if (path.startsWith("/v1/wallet/") || isStudioPath(path)) return "provider";
  if (path.startsWith("/v1/operator/") || path.startsWith("/portal/")) return "operator";
  return undefined;
}

export interface AuthenticateOptions {
  tenants: TenantDirectory;
  nonces: NonceStore;
  rateLimiter: RateLimiter;
  clockSkewSeconds: number;
  nowSeconds?: () => number;
  /** Back-office accounts: when given, a session cookie authenticates too. */
  backoffice?: BackofficeAccounts;
  /** Each back-office session's own bucket for reads; required with `backoffice`. */
  sessionReads?: RateLimiter;
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
 * The part of the check that needs no body: a missing or malformed signing header set, an unknown
 * tenant or a stale timestamp is refused before the body is read, so a caller the service does not know cannot make it
 * buffer one. Undefined when the request may go on to have its body read and its signature checked.
 */
function createHeaderCheck(options: AuthenticateOptions): (request: { target: string; headers: IncomingHttpHeaders }) => Authentication | undefined {
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
 * The check every signed call passes before any handler runs, in the order of decisions.md §1. A nonce is recorded
 * only after its signature verified; with `deferNonce` an accepted one is left to the transaction's claim.
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
      const nonce = pendingNonce(
        { tenantId, nonce: result.nonce, expiresAtSeconds: expiresAt },
        () => Promise.resolve(options.nonces.remember(tenantId, result.nonce, expiresAt)),
        () => {
          if (spent) options.rateLimiter.giveBack(tenantId);
        },
      );
      // Written out rather than spread with the nonce added: a spread that adds keys takes V8's slow path.
      return outcome.ok ? { ok: true, caller: outcome.caller, nonce } : refuseAfterRecording(nonce, outcome);
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
    if (!currentSecret && isPortalPath(path)) {
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
export async function refuseAfterRecording(nonce: PendingNonce, refusal: Refusal): Promise<Refusal> {
  const fresh = await nonce.record().catch(() => true);
  return fresh ? refusal : replayRefusal(refusal.tenantId ?? nonce.entry.tenantId);
}

/** A nonce recorded once: by `record`, or by a claim along with its own writes; `onReplay` runs when it proves a replay. */
function pendingNonce(entry: PendingNonce["entry"], record: () => Promise<boolean>, onReplay: () => void): PendingNonce {
  let outcome: Promise<boolean> | undefined;
  const seen = (fresh: boolean) => {
    if (!fresh) onReplay();
    return fresh;
  };
  return {
    entry,
    get pending() {
      return outcome === undefined;
    },
    record: () => (outcome ??= record().then(seen)),
    recordedByClaim: (fresh) => {
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
function closeAfterRefusal(req: IncomingMessage, res: ServerResponse): void {
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
  if (outcome.nonce !== undefined) res.locals.pendingNonce = outcome.nonce;
  if (outcome.session !== undefined) res.locals.backofficeSession = outcome.session;
  next();
}

/**
 * Authentication before the body is read: a back-office call by its session cookie, sign-in refused when cross-site
 * or not JSON ({@link signInRefusal}), a signed call by its headers (its signature is checked after the body).
 */
export function authenticateHeaders(options: AuthenticateOptions): RequestHandler {
  const checkHeaders = createHeaderCheck(options);
  if (options.backoffice && !options.sessionReads) throw new Error("back-office sessions need their read limiter (sessionReads)");
  const checkSession =
    options.backoffice &&
    options.sessionReads &&
    createSessionAuthenticator({ ...options, accounts: options.backoffice, sessionReads: options.sessionReads });
  return (req: Request, res: Response, next) => {
    if (checkSession && req.path === SIGN_IN_PATH) {
      res.setHeader("Cache-Control", "no-store"); // its answer carries the session's CSRF token
      const refusal = req.method === "POST" ? signInRefusal(req.headers) : undefined;
      if (refusal) closeAfterRefusal(req, res);
      return next(refusal);
    }
    const bySession =
      checkSession !== undefined &&
      (req.path.startsWith("/backoffice/api/") || (!carriesSignature(req.headers) && sessionCookieOf(req.headers) !== undefined));
    const settle = (outcome: Authentication & { session?: AuthenticatedSession }) => {
      if (!outcome.ok) closeAfterRefusal(req, res);
      proceed(outcome, res, next);
    };
    if (bySession) {
      // A person's answers (a CSRF token, players' money) stay out of the browser's cache and any proxy's.
      res.setHeader("Cache-Control", "no-store");
      return void checkSession({ method: req.method, path: req.path, headers: req.headers }).then(settle, next);
    }
    const outcome = checkHeaders({ target: req.originalUrl, headers: req.headers });
    if (outcome === undefined) return next();
    settle(outcome);
  };
}

/**
 * {@link createAuthenticator} for Express, after {@link authenticateHeaders}; expects `req.body` to be the raw body
 * (rawBody runs first). A request a session authenticated, and sign-in, pass through. On `deferNoncePath` the nonce is
 * left to the transaction's claim ({@link pendingNonceOf}).
 */
export function authenticate(options: AuthenticateOptions, deferNoncePath?: string): RequestHandler {
  const check = createAuthenticator(options);
  const checkDeferring = createAuthenticator(options, true);
  return (req: Request, res: Response, next) => {
    if (res.locals.caller !== undefined || (options.backoffice && req.path === SIGN_IN_PATH)) return next();
    const outcome = (req.path === deferNoncePath ? checkDeferring : check)({
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
