import { HandlerError } from "../../sdk-common/src/handler-error.js";

/**
 * Throw from a webhook callback to answer with a chosen status and `{"error": message}`; the platform
 * logs a failed grant's body, so a descriptive message helps. Any other throw becomes 500.
 *
 * @example
 * onGrant(request) {
 *   if (!games.has(request.gameId)) throw new WebhookError(400, `free spins not supported on ${request.gameId}`);
 *   return { externalRef: batches.create(request) };
 * }
 */
export class WebhookError extends HandlerError {
  override readonly name = "WebhookError";
}
