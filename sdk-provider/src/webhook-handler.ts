import { LIMITS } from "@croupier/contract";
import { requireCurrency, requireInteger, requireObject, requireOneOf, requireIdentifier } from "../../sdk-common/src/body-checks.js";
import { checkReceiverOptions } from "../../sdk-common/src/option-checks.js";
import { createSignedHandler, type ReceiverOptions, type SignedRequestHandler } from "../../sdk-common/src/signed-handler.js";
import { WebhookError } from "./webhook-error.js";
import type {
  CancelFreeSpinsRequest,
  FreeSpinsStatusRequest,
  FreeSpinsStatusResponse,
  GrantFreeSpinsRequest,
  GrantFreeSpinsResponse,
  SessionRevokeRequest,
} from "./models.js";

/** Options of {@link createWebhookHandler}. */
export interface WebhookHandlerOptions extends ReceiverOptions {
  /**
   * Grants a free-spin batch. requestRef may arrive more than once: wrap it in {@link withGrantDedup}. The three
   * free-spin callbacks are optional: a provider that offers no free spins leaves them out, and those webhooks answer
   * 501 `{"error":"free spins are not offered by this provider"}`.
   */
  onGrant?(request: GrantFreeSpinsRequest): Promise<GrantFreeSpinsResponse> | GrantFreeSpinsResponse;
  /** Reports how far a batch has been played (a pull, called on demand). */
  onStatus?(request: FreeSpinsStatusRequest): Promise<FreeSpinsStatusResponse> | FreeSpinsStatusResponse;
  /** Voids the batch's remaining spins; must be idempotent on externalRef ({@link withCancelDedup}). */
  onCancel?(request: CancelFreeSpinsRequest): Promise<void> | void;
  /** Ends the game client's play for a revoked session (best effort on the platform's side). */
  onRevoke(request: SessionRevokeRequest): Promise<void> | void;
}

/** The framework-neutral webhook receiver: raw request in, response out. */
export type WebhookHandler = SignedRequestHandler;

/** The three identifiers every batch webhook carries. */
function requireBatchFields(value: unknown) {
  const body = requireObject(value);
  for (const field of ["externalRef", "playerRef", "gameId"] as const satisfies readonly (keyof CancelFreeSpinsRequest &
    keyof FreeSpinsStatusRequest)[]) {
    requireIdentifier(body, field);
  }
  return body;
}

function parseGrant(value: unknown): GrantFreeSpinsRequest {
  const body = requireObject(value);
  // Field names as the contract's types name them: a field renamed in the TypeSpec breaks this build.
  for (const field of ["requestRef", "playerRef", "gameId"] as const satisfies readonly (keyof GrantFreeSpinsRequest)[])
    requireIdentifier(body, field);
  requireInteger(body, "spins", LIMITS.spinsMinimum);
  requireInteger(body, "betAmountMinor", LIMITS.amountMinimum);
  requireCurrency(body, "currency");
  return body as unknown as GrantFreeSpinsRequest;
}

function parseRevoke(value: unknown): SessionRevokeRequest {
  const body = requireObject(value);
  for (const field of ["sessionToken", "playerRef", "gameId"] as const satisfies readonly (keyof SessionRevokeRequest)[])
    requireIdentifier(body, field);
  requireOneOf(body, "reason", LIMITS.revokeReasons satisfies readonly SessionRevokeRequest["reason"][]);
  return body as unknown as SessionRevokeRequest;
}

/**
 * Calls a free-spin callback as a method of the options (as before they were optional), or answers the 501 of a
 * provider without free spins; the body is validated first either way.
 */
function offered<Q, A>(options: WebhookHandlerOptions, callback: ((request: Q) => A) | undefined, request: Q): A {
  if (callback === undefined) throw new WebhookError(501, "free spins are not offered by this provider");
  return callback.call(options, request);
}

/** Callback answers that break the contract are the integrator's bug: answer 500 rather than send junk. */
function checkGrantAnswer(answer: GrantFreeSpinsResponse): GrantFreeSpinsResponse {
  if (typeof answer?.externalRef !== "string" || answer.externalRef === "") {
    throw new TypeError("onGrant must return { externalRef: non-empty string }");
  }
  return { externalRef: answer.externalRef };
}

function checkStatusAnswer(answer: FreeSpinsStatusResponse): FreeSpinsStatusResponse {
  if (!Number.isSafeInteger(answer?.remainingSpins) || answer.remainingSpins < 0 || typeof answer.completed !== "boolean") {
    throw new TypeError("onStatus must return { remainingSpins: integer >= 0, completed: boolean }");
  }
  return { remainingSpins: answer.remainingSpins, completed: answer.completed };
}

/**
 * Receives the service's signed provider webhooks (spec section D): free-spin grant, status and cancel,
 * and session revoke, also under any path prefix. It verifies the signature over the raw body and full
 * target (nonce format → 400, bad signature, wrong tenant or stale timestamp → 401 text
 * `invalid signature`, replayed nonce → 401 JSON), validates the body (→ 400 `{"error": …}`) and calls
 * your callbacks. The platform never retries these calls, but a lost answer makes it ask again later,
 * so grant and cancel must be idempotent: see {@link withGrantDedup} and {@link withCancelDedup}.
 *
 * @example
 * const handler = createWebhookHandler({
 *   tenantId: "prov-star",
 *   secrets: [process.env.CROUPIER_SECRET!],
 *   onGrant: withGrantDedup(new MemoryDedupStore(), (req) => ({ externalRef: batches.create(req) })),
 *   onStatus: (req) => batches.status(req.externalRef),
 *   onCancel: withCancelDedup(new MemoryDedupStore(), (req) => batches.cancel(req.externalRef)),
 *   onRevoke: (req) => sessions.end(req.sessionToken),
 * });
 * http.createServer(toNodeListener(handler)).listen(9002);
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  checkReceiverOptions("createWebhookHandler", options, { required: ["onRevoke"], optional: ["onGrant", "onStatus", "onCancel"] });
  return createSignedHandler(options, [
    {
      method: "POST",
      path: "/v1/game/free-spins/grant",
      handle: async ({ body }) => checkGrantAnswer(await offered(options, options.onGrant, parseGrant(body))),
    },
    {
      method: "POST",
      path: "/v1/game/free-spins/status",
      handle: async ({ body }) =>
        checkStatusAnswer(await offered(options, options.onStatus, requireBatchFields(body) as unknown as FreeSpinsStatusRequest)),
    },
    {
      method: "POST",
      path: "/v1/game/free-spins/cancel",
      handle: async ({ body }) => {
        await offered(options, options.onCancel, requireBatchFields(body) as unknown as CancelFreeSpinsRequest);
        return undefined;
      },
    },
    {
      method: "POST",
      path: "/v1/game/session/revoke",
      handle: async ({ body }) => {
        await options.onRevoke(parseRevoke(body));
        return undefined;
      },
    },
  ]);
}
