/**
 * Thrown from a receiver callback to answer with a chosen status and `{"error": message}`, for example
 * `throw new WalletError(404, "unknown player")` in the operator SDK or `throw new WebhookError(404, "unknown batch")`
 * in the provider SDK. Any other throw becomes 500 `{"error":"internal error"}`.
 */
export class HandlerError extends Error {
  constructor(
    /** The HTTP status to answer with (4xx or 5xx). */
    readonly status: number,
    message: string,
  ) {
    super(message);
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new RangeError(`${new.target.name} status must be an integer from 400 to 599, got ${status}`);
    }
  }
}
