import type { Response } from "express";
import type { ApiError } from "../domain/errors.js";
import type { Acting } from "../domain/reconciliation/audit-trail.js";
import type { PendingNonce } from "../domain/ports/nonces.js";

/** The routes a provider calls about itself (its webhook deliveries, the grants issued to it), as do its studio accounts. */
export function isStudioPath(path: string): boolean {
  return path.startsWith("/v1/provider/");
}

/** The self-service routes, an operator's and a provider's: they take the tenant's current secret (decisions.md §4). */
export function isPortalPath(path: string): boolean {
  return path.startsWith("/portal/") || path.startsWith("/v1/provider/portal/");
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

/**
 * The outcome of authentication; an accepted call's `nonce` is there when its recording was put off (see
 * createAuthenticator in authenticate.ts). A refusal carries, for the request log, the tenant whose signature verified (when
 * one did) and why a signature was refused (never the secret or the signature).
 */
export type Authentication =
  | { ok: true; caller: Caller; nonce?: PendingNonce }
  | { ok: false; error: ApiError; tenantId?: string; authFailure?: string };

/** The authenticated caller of this request; only valid after authentication. */
export function callerOf(res: Response): Caller {
  return res.locals.caller as Caller;
}

/** Who acts in this request, as the audit log names them: the operator, and the key or person acting for it. */
export function actingOf(res: Response): Acting {
  const caller = callerOf(res);
  return { operatorId: caller.tenantId, actor: caller.actor };
}

/** The call's nonce when its recording was left to the transaction's claim; undefined otherwise. */
export function pendingNonceOf(res: Response): PendingNonce | undefined {
  return res.locals.pendingNonce as PendingNonce | undefined;
}
