import type { components as ServiceComponents } from "../../sdk-common/src/generated/service.js";
import type { components as WalletComponents } from "./generated/operator-wallet.js";

type Service = ServiceComponents["schemas"];
type Wallet = WalletComponents["schemas"];

/* Model types, taken from the generated OpenAPI types so they follow the contract. */

/**
 * A wallet transaction the service sends to the operator's callback (spec C), told apart by `type`: a BET, WIN,
 * ROLLBACK (with originalTransactionId) or ADJUSTMENT (with direction). Narrow on `type` to read the fields of one.
 */
export type TransactionRequest = Wallet["WalletTransactionRequest"];
/** The operator's answer to a transaction: OK, or DECLINED (BET only), with the balance after it. */
export type TransactionResponse = Wallet["TransactionResponse"];
/** A game visible to the operator tenant. */
export type GameSummary = Service["GameSummary"];
/** The body of a game launch. */
export type LaunchGameRequestBody = Service["LaunchGameRequestBody"];
/** A launched session: launch URL and session token. */
export type LaunchGameResponse = Service["LaunchGameResponse"];
/** The result of a kick: how many sessions ended. */
export type KickPlayerResponse = Service["KickPlayerResponse"];
/** A short-lived replay link. */
export type RoundReplayResponse = Service["RoundReplayResponse"];
/** The body of a free-spin grant issue. */
export type IssueGrantRequestBody = Service["IssueGrantRequestBody"];
/** The operator-side record of a free-spin grant. */
export type GrantResponseBody = Service["GrantResponseBody"];
/** The callback settings after a change. */
export type CallbackSettings = Service["CallbackSettings"];
/** A freshly rotated secret and until when the previous one is accepted. */
export type RotatedSecret = Service["RotatedSecret"];
export type RevokedPreviousSecret = Service["RevokedPreviousSecret"];
