import { HandlerError } from "../../sdk-common/src/handler-error.js";

/**
 * Throw from `onTransaction` or `onBalance` to answer with a chosen status and `{"error": message}`.
 * Any non-200 is a failure the service may retry with the same transactionId (spec C.1); use a 200
 * DECLINED, not an error, to refuse a BET for business reasons.
 *
 * @example
 * onBalance(playerRef) {
 *   const player = players.get(playerRef);
 *   if (!player) throw new WalletError(404, "unknown player");
 *   return { balance: player.balance };
 * }
 */
export class WalletError extends HandlerError {
  override readonly name = "WalletError";
}
