import { verify, type NonceStore } from "@croupier/signing";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { ApiError } from "../domain/errors.js";
import type { RateLimiter } from "../domain/rate-limiter.js";
import type { TenantDirectory } from "../domain/tenant-directory.js";

/** Which role may call a path: provider wallet API, operator API and portal. Unknown paths need only a valid signature. */
export function roleForPath(path: string): "operator" | "provider" | undefined {
  if (path.startsWith("/v1/wallet/")) return "provider";
  if (path.startsWith("/v1/operator/") || path.startsWith("/portal/")) return "operator";
  return undefined;
}

/** The authenticated caller, set on `res.locals.caller` for handlers. */
export interface Caller {
  tenantId: string;
  role: "operator" | "provider";
}

export interface AuthenticateOptions {
  tenants: TenantDirectory;
  nonces: NonceStore;
  rateLimiter: RateLimiter;
  clockSkewSeconds: number;
  nowSeconds?: () => number;
}

/**
 * Verifies every signed call before any handler runs, in the order of decisions.md §1: nonce format (400),
 * signature, tenant and timestamp (401 plain text), nonce replay (401 JSON), rate limit (429), role (401).
 * The nonce is recorded only after the signature verified, so nobody can burn another tenant's nonces.
 * Expects `req.body` to be the raw body Buffer (express.raw runs first).
 */
export function authenticate(options: AuthenticateOptions): RequestHandler {
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  return (req: Request, res: Response, next: NextFunction) => {
    const now = nowSeconds();
    const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = verify({
      method: req.method,
      target: req.originalUrl,
      headers: req.headers,
      body,
      secrets: (tenantId) => options.tenants.secretsFor(tenantId),
      toleranceSeconds: options.clockSkewSeconds,
      now,
    });
    if (!result.ok) {
      res.locals.authFailure = result.reason;
      return next(new ApiError(result.reason === "invalid-nonce" ? "invalid_nonce" : "invalid_signature",
        result.reason === "invalid-nonce" ? "invalid nonce" : "invalid signature"));
    }
    res.locals.tenantId = result.tenantId;
    if (!options.nonces.remember(result.tenantId, result.nonce, now + options.clockSkewSeconds)) {
      return next(new ApiError("replayed_request", "replayed request"));
    }
    const limit = options.rateLimiter.take(result.tenantId);
    if (!limit.allowed) {
      return next(new ApiError("rate_limited", "rate limit exceeded", { retryAfterSeconds: limit.retryAfterSeconds }));
    }
    const role = options.tenants.roleOf(result.tenantId);
    const required = roleForPath(req.path);
    if (!role || (required !== undefined && role !== required)) {
      res.locals.authFailure = "wrong-role";
      return next(new ApiError("invalid_signature", "invalid signature"));
    }
    res.locals.caller = { tenantId: result.tenantId, role } satisfies Caller;
    next();
  };
}

/** The authenticated caller of this request; only valid after {@link authenticate}. */
export function callerOf(res: Response): Caller {
  return res.locals.caller as Caller;
}
