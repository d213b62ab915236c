import { hash } from "node:crypto";
import { metadataProblem, type OperatorWalletSchemas, type ServiceSchemas } from "@croupier/contract";
import { ApiError, badRequest } from "../errors.js";
import type { RelayedType } from "../ports/ledger.js";

/**
 * A transaction as the relay reads it, every field from the contract: a BET's fields, with the type of any form the
 * platform sends the operator (ADJUSTMENT too), a ROLLBACK's originalTransactionId and an ADJUSTMENT's direction. A
 * provider's body arrives as this once the OpenAPI validator checked its form; the cross-field rules below do the rest.
 */
export type TransactionRequest = Omit<ServiceSchemas["BetTransaction"], "type"> & {
  type: OperatorWalletSchemas["WalletTransactionRequest"]["type"];
  originalTransactionId?: ServiceSchemas["RollbackTransaction"]["originalTransactionId"];
  direction?: OperatorWalletSchemas["AdjustmentTransaction"]["direction"];
};

/** A request that passed the cross-field rules: a type the provider may send. */
export type ProviderRequest = TransactionRequest & { type: Exclude<RelayedType, "ADJUSTMENT"> };

/** A request the relay may send: a provider's, or an admin ADJUSTMENT (which carries its direction). */
export type RelayableRequest = TransactionRequest & { type: RelayedType };

/** A transactionId reused with a different request: no retry can fix it, and it is never forwarded to the operator. */
export function transactionIdReused(): ApiError {
  return new ApiError(
    "IDEMPOTENCY_MISMATCH",
    "this transactionId was already used with a different request; a retry must repeat the original request exactly",
  );
}

/** Prefix of the reconciler's synthetic rollback ids (spec C.4); refused on provider transactions. */
export const RESERVED_TRANSACTION_ID_PREFIX = "stale-rollback:";

/** Prefix of the platform admin's ADJUSTMENT ids (`npm run admin -- adjust`); refused on provider transactions too. */
export const ADJUSTMENT_ID_PREFIX = "adjustment:";

/**
 * The cross-field rules the schema cannot express (spec: TransactionRequest), each a `bad_request`:
 * a transactionId in the platform's reserved `stale-rollback:` or `adjustment:` space; ADJUSTMENT is admin-only; `direction` only on ADJUSTMENT; `originalTransactionId` required on ROLLBACK and
 * absent otherwise; metadata within the contract's limits (a JSON object of at most 8 KiB serialized and 1,024 levels deep).
 */
export function validateTransactionRequest(request: TransactionRequest): ProviderRequest {
  // The platform's own transactions live in the same id space (at the wallet too); a provider id there could pre-empt one.
  for (const [prefix, owner] of [
    [RESERVED_TRANSACTION_ID_PREFIX, "stale-round rollbacks"],
    [ADJUSTMENT_ID_PREFIX, "admin adjustments"],
  ] as const) {
    if (request.transactionId.startsWith(prefix)) {
      throw badRequest(`transactionId must not start with "${prefix}": that prefix is reserved for the platform's ${owner}`);
    }
  }
  if (request.type === "ADJUSTMENT") throw badRequest("ADJUSTMENT is an admin-only transaction type and cannot be submitted by a provider");
  if (request.direction !== undefined) throw badRequest(`direction is only allowed on ADJUSTMENT, not on ${request.type}`);
  if (request.type === "ROLLBACK" && request.originalTransactionId === undefined) {
    throw badRequest("originalTransactionId is required on ROLLBACK");
  }
  if (request.type !== "ROLLBACK" && request.originalTransactionId !== undefined) {
    throw badRequest(`originalTransactionId is only allowed on ROLLBACK, not on ${request.type}`);
  }
  if (request.metadata !== undefined) {
    // The contract's limits (a JSON object, its depth and serialized size), checked as the SDK receivers check them.
    const problem = metadataProblem(request.metadata);
    if (problem !== undefined) throw badRequest(problem);
  }
  return request as ProviderRequest;
}

/**
 * Fingerprint of what the transaction does: every field but transactionId and sessionToken (a retry may come
 * through a fresh session of the same player and game), with `roundComplete` absent meaning false and metadata
 * canonicalized (sorted keys), so a retry re-serialized by the provider still matches. An ADJUSTMENT's direction is
 * appended only when present, so the fingerprints of provider transactions stored before it existed still match.
 */
export function requestFingerprint(request: RelayableRequest): string {
  const canonical = canonicalJson([
    request.type,
    request.roundId,
    request.roundComplete === true,
    request.originalTransactionId ?? null,
    request.playerRef,
    request.amount,
    request.currency,
    request.gameId,
    request.metadata ?? null,
    ...(request.direction === undefined ? [] : [request.direction]),
  ]);
  return hash("sha256", canonical, "hex");
}

/**
 * The exact body sent to the operator's transaction callback: the spec's fields in a fixed order, then metadata.
 * `rawMetadata` is metadata's source text as the provider sent it, forwarded byte for byte (spec: "forwarded
 * verbatim"); without it the parsed metadata is serialized.
 */
export function callbackBody(request: RelayableRequest, rawMetadata?: string): string {
  // Members added in order (JSON.stringify keeps it) rather than spread from objects made for the purpose: a spread of
  // an optional member allocates an object and takes V8's slow path, per transaction.
  const body: Partial<RelayableRequest> = {
    transactionId: request.transactionId,
    sessionToken: request.sessionToken,
    type: request.type,
    roundId: request.roundId,
  };
  if (request.roundComplete !== undefined) body.roundComplete = request.roundComplete;
  if (request.originalTransactionId !== undefined) body.originalTransactionId = request.originalTransactionId;
  body.playerRef = request.playerRef;
  body.amount = request.amount;
  body.currency = request.currency;
  body.gameId = request.gameId;
  if (request.direction !== undefined) body.direction = request.direction;
  const fields = JSON.stringify(body);
  if (request.metadata === undefined) return fields;
  return `${fields.slice(0, -1)},"metadata":${rawMetadata ?? JSON.stringify(request.metadata)}}`;
}

/** JSON with object keys sorted at every depth: equal values give equal strings. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}
