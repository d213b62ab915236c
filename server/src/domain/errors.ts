import { ReadTimedOut } from "./ports/read-timeout.js";

/**
 * The one error type the domain raises. `code` says what went wrong; the HTTP layer maps it to a status in
 * one table (http/error-handler.ts), so no route decides status codes on its own.
 */
export type ApiErrorCode =
  | "invalid_nonce"
  | "invalid_signature"
  | "replayed_request"
  | "rate_limited"
  | "bad_request"
  | "transaction_id_of_another_provider"
  | "original_transaction_of_another_provider"
  | "ROUND_CLOSED"
  | "IDEMPOTENCY_MISMATCH"
  | "unauthenticated"
  | "forbidden"
  | "current_secret_required"
  | "not_found"
  | "unsupported_media_type"
  | "conflict"
  | "upstream_failed"
  | "retryable_failure"
  | "not_configured"
  | "internal";

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly code: ApiErrorCode,
    /** The client-facing message: the `error` field of the JSON body. Never carries secrets or internals. */
    message: string,
    readonly details: { retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }
}

/** Shorthands for the errors raised most often, so call sites read as the spec does. */
export const badRequest = (message: string) => new ApiError("bad_request", message);
export const notFound = (message: string) => new ApiError("not_found", message);
export const forbidden = (message: string) => new ApiError("forbidden", message);
export const unauthenticated = (message: string) => new ApiError("unauthenticated", message);
export const notConfigured = (message: string) => new ApiError("not_configured", message);
/** A signed call whose nonce was seen within the clock tolerance (decisions.md §1). */
export const replayedRequest = () => new ApiError("replayed_request", "replayed request");

/** Longest client value an error message quotes: a message names what was wrong, it does not echo a request back. */
export const MAX_QUOTED_CHARS = 64;

/** A client's value as an error message quotes it: cut to {@link MAX_QUOTED_CHARS} (then `…`), JSON-quoted so control characters show escaped. */
export function quoted(value: string): string {
  const chars = [...value];
  return JSON.stringify(chars.length > MAX_QUOTED_CHARS ? `${chars.slice(0, MAX_QUOTED_CHARS).join("")}…` : value);
}

/**
 * Longest error message sent. A backstop for messages that quote a client's input without {@link quoted} (the OpenAPI
 * validator's name unknown parameters, for one): longer ones are cut, ending in `…`.
 */
export const MAX_ERROR_MESSAGE_CHARS = 1000;

/** An error message as sent: at most {@link MAX_ERROR_MESSAGE_CHARS} characters. */
export function cappedMessage(message: string): string {
  return message.length > MAX_ERROR_MESSAGE_CHARS ? `${message.slice(0, MAX_ERROR_MESSAGE_CHARS - 1)}…` : message;
}

/**
 * Wraps anything thrown into an ApiError; a read the store cut at its timeout is a retryable failure saying so; unknown
 * errors become a generic `internal` error that reveals nothing.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ReadTimedOut) return new ApiError("retryable_failure", error.message, { cause: error });
  return new ApiError("internal", "internal error", { cause: error });
}
