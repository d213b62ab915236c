import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { Response } from "express";
import type { BackofficeAccounts, BackofficeSession } from "../domain/back-office/backoffice-accounts.js";
import { ApiError, badRequest, forbidden, quoted, unauthenticated } from "../domain/errors.js";
import type { RateLimiter } from "../domain/tenants/rate-limiter.js";
import type { TenantDirectory } from "../domain/tenants/tenant-directory.js";
import { isStudioPath, type Authentication } from "./caller.js";
import { webAppRoute } from "./backoffice-scope.js";

/** The back-office session cookie (HttpOnly, SameSite=Strict, Path=/; Secure when the public address is https). */
export const SESSION_COOKIE = "croupier_session";
/** The header every state-changing back-office request carries: the session's CSRF token, handed out at sign-in. */
export const CSRF_HEADER = "x-csrf-token";
/** The header with which a platform account chooses the operator it acts for on operator and portal routes. */
export const OPERATOR_HEADER = "x-operator-id";
/** The header with which a platform account names the provider whose studio routes it reads (support use). */
export const PROVIDER_HEADER = "x-provider-id";
/** The only back-office route open without a session. */
export const SIGN_IN_PATH = "/backoffice/api/sign-in";
const SIGN_OUT_PATH = "/backoffice/api/sign-out";

/**
 * What sign-in refuses before its body is read (decisions.md §5): a request the browser marks cross-site (403), and any
 * body but JSON (415), which another site's form or `text/plain` fetch could send without a preflight (login CSRF).
 */
export function signInRefusal(headers: IncomingHttpHeaders): ApiError | undefined {
  if (headers["sec-fetch-site"]?.trim().toLowerCase() === "cross-site") return forbidden("sign-in from another site is refused");
  const mediaType = (headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") return new ApiError("unsupported_media_type", "sign-in takes a JSON body: Content-Type: application/json");
  return undefined;
}

/** A session that authenticated this request, with its cookie value (for sign-out). */
export interface AuthenticatedSession extends BackofficeSession {
  token: string;
}

/** The value of the session cookie, if the request carries one. */
export function sessionCookieOf(headers: IncomingHttpHeaders): string | undefined {
  for (const part of (headers.cookie ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE && value.length > 0) return value.join("=");
  }
  return undefined;
}

/** Whether a request is signed (or tries to be): such a request is judged by its signature alone, as before sessions existed. */
export function carriesSignature(headers: IncomingHttpHeaders): boolean {
  return headers["x-signature"] !== undefined || headers["x-tenant-id"] !== undefined;
}

export interface SessionAuthenticatorOptions {
  accounts: BackofficeAccounts;
  tenants: TenantDirectory;
  rateLimiter: RateLimiter;
  /** Each session's own bucket for reads, keyed by its cookie's digest (issue 30 item 1). */
  sessionReads: RateLimiter;
}

/**
 * Authenticates a back-office request by its session cookie: live session (401), web-app route (403), CSRF token (403),
 * viewer reads only (403), the session's own read limit (429), then the tenant acted for: a studio account's provider,
 * the provider a platform account reads on a studio route, or the operator (400 when a platform account names none);
 * it spends that tenant's rate limit with the person as `actor`.
 */
export function createSessionAuthenticator(options: SessionAuthenticatorOptions) {
  return async (request: {
    method: string;
    path: string;
    headers: IncomingHttpHeaders;
  }): Promise<Authentication & { session?: AuthenticatedSession }> => {
    const token = sessionCookieOf(request.headers);
    const found = token === undefined ? undefined : await options.accounts.sessionFor(token);
    if (token === undefined || !found) return { ok: false, error: unauthenticated("not signed in, or the session has ended: sign in again") };
    const session = { ...found, token };
    // The provider wallet API is the providers' alone: no person acts there.
    if (request.path.startsWith("/v1/wallet/")) return { ok: false, error: unauthenticated("the wallet API takes signed calls only") };
    if (!webAppRoute(request.method, request.path)) {
      const key = session.actor.providerId === null ? "the operator's" : "your studio's";
      return { ok: false, error: forbidden(`a back-office session calls only the routes the web app uses: sign this call with ${key} key`) };
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      if (!sameToken(request.headers[CSRF_HEADER], session.csrfToken))
        return { ok: false, error: forbidden("missing or wrong CSRF token: reload the page") };
      if (session.actor.role === "viewer" && request.path !== SIGN_OUT_PATH) return { ok: false, error: forbidden("a viewer account can only read") };
    } else {
      const read = options.sessionReads.take(createHash("sha256").update(token).digest("base64url"));
      if (!read.allowed) {
        const error = new ApiError("rate_limited", "too many back-office reads from this session: wait and retry", {
          retryAfterSeconds: read.retryAfterSeconds,
        });
        return { ok: false, error };
      }
    }
    const studio = studioAuthentication(session, request.path, options.rateLimiter);
    if (studio) return studio;
    if (isStudioPath(request.path)) return platformStudioRead(session, request.method, request.headers[PROVIDER_HEADER], options);
    const operator = operatorActedFor(session, request.headers[OPERATOR_HEADER], options.tenants);
    if (operator instanceof ApiError) return { ok: false, error: operator };
    if (operator === undefined) {
      if (request.path.startsWith("/v1/") || request.path.startsWith("/portal/")) {
        return { ok: false, error: badRequest("a platform account names the operator it acts for in the X-Operator-Id header") };
      }
      return { ok: true, caller: { tenantId: "", role: "operator", actor: personOf(session) }, session };
    }
    return actAs(session, operator, "operator", options.rateLimiter);
  };
}

/**
 * A studio account's request: it acts for its provider on the studio routes and its own back-office routes, and is
 * refused every operator and portal route (403). Undefined for any other account.
 */
function studioAuthentication(
  session: AuthenticatedSession,
  path: string,
  rateLimiter: RateLimiter,
): (Authentication & { session?: AuthenticatedSession }) | undefined {
  const providerId = session.actor.providerId;
  if (providerId === null) return undefined;
  if (!isStudioPath(path) && (path.startsWith("/v1/") || path.startsWith("/portal/"))) {
    return { ok: false, error: forbidden(`a studio account acts for its provider (${providerId}) only`) };
  }
  return actAs(session, providerId, "provider", rateLimiter);
}

/**
 * A platform account on a studio route: it reads (never changes: 403) the provider it names in X-Provider-Id (400 when
 * it names none or an unknown one), as support does with an operator's data; an operator's account is refused (403).
 */
function platformStudioRead(
  session: AuthenticatedSession,
  method: string,
  header: string | string[] | undefined,
  options: SessionAuthenticatorOptions,
): Authentication & { session?: AuthenticatedSession } {
  if (session.actor.operatorId !== null) return { ok: false, error: forbidden("the studio routes are a provider's: sign in with a studio account") };
  if (method !== "GET" && method !== "HEAD")
    return { ok: false, error: forbidden("a platform account reads a studio's data; only the studio changes it") };
  const named = typeof header === "string" ? header : "";
  if (named === "") return { ok: false, error: badRequest("a platform account names the provider whose data it reads in the X-Provider-Id header") };
  if (options.tenants.roleOf(named) !== "provider") return { ok: false, error: badRequest(`unknown provider ${quoted(named)}`) };
  return actAs(session, named, "provider", options.rateLimiter);
}

/** The session acting for `tenantId` once it spends one of that tenant's rate limit (429 beyond it). */
function actAs(
  session: AuthenticatedSession,
  tenantId: string,
  role: "operator" | "provider",
  rateLimiter: RateLimiter,
): Authentication & { session?: AuthenticatedSession } {
  const limit = rateLimiter.take(tenantId);
  if (!limit.allowed) {
    return { ok: false, error: new ApiError("rate_limited", "rate limit exceeded", { retryAfterSeconds: limit.retryAfterSeconds }), tenantId };
  }
  return { ok: true, caller: { tenantId, role, actor: personOf(session) }, session };
}

/** The operator a session acts for, undefined for a platform account that names none, or the refusal. */
function operatorActedFor(
  session: AuthenticatedSession,
  header: string | string[] | undefined,
  tenants: TenantDirectory,
): string | ApiError | undefined {
  const named = typeof header === "string" && header !== "" ? header : undefined;
  const own = session.actor.operatorId;
  if (own !== null) return named === undefined || named === own ? own : forbidden(`this account belongs to ${own}`);
  if (named === undefined) return undefined;
  return tenants.roleOf(named) === "operator" ? named : badRequest(`unknown operator ${quoted(named)}`);
}

/** How the audit log names a person: `backoffice:<username>`, beside `api:<tenantId>` for a signed call. */
const personOf = (session: AuthenticatedSession) => `backoffice:${session.actor.username}`;

function sameToken(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== "string") return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The session behind this request, when a back-office session authenticated it. */
export function backofficeSessionOf(res: Response): AuthenticatedSession | undefined {
  return res.locals.backofficeSession as AuthenticatedSession | undefined;
}
