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
  | "unauthenticated"
  | "forbidden"
  | "current_secret_required"
  | "not_found"
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

/** Wraps anything thrown into an ApiError; unknown errors become a generic 500 that reveals nothing. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError("internal", "internal error", { cause: error });
}
