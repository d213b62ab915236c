import type { ProviderWebhooksComponents as WebhookComponents, ServiceComponents } from "@croupier/contract";

type Service = ServiceComponents["schemas"];
type Webhooks = WebhookComponents["schemas"];

/* Model types, taken from the generated OpenAPI types so they follow the contract. */

/**
 * A wallet transaction the provider submits, told apart by `type`: a BET, a WIN or a ROLLBACK (which needs
 * originalTransactionId). ADJUSTMENT is admin-only, and `direction` belongs to it alone: neither compiles here.
 */
export type TransactionRequest = Service["TransactionRequest"];
/** A stake: debits the player; the only type that may be DECLINED. */
export type BetTransaction = Service["BetTransaction"];
/** A payout: credits the player; a zero amount is valid. */
export type WinTransaction = Service["WinTransaction"];
/** Reverses the BET named by originalTransactionId. */
export type RollbackTransaction = Service["RollbackTransaction"];
/** The service's answer: OK, or DECLINED (BET only), with the balance after it. */
export type TransactionResponse = Service["TransactionResponse"];
/** What a provider learns about a session it owns. */
export type VerifySessionResponse = Service["VerifySessionResponse"];
/** A player's balance in minor units. */
export type BalanceResponse = Service["BalanceResponse"];
/** The free-spin grant webhook body; deduplicate on requestRef. */
export type GrantFreeSpinsRequest = Webhooks["GrantFreeSpinsRequest"];
/** The provider's acceptance of a batch. */
export type GrantFreeSpinsResponse = Webhooks["GrantFreeSpinsResponse"];
/** The free-spin status webhook body. */
export type FreeSpinsStatusRequest = Webhooks["FreeSpinsStatusRequest"];
/** How far a batch has been played. */
export type FreeSpinsStatusResponse = Webhooks["FreeSpinsStatusResponse"];
/** The free-spin cancel webhook body. */
export type CancelFreeSpinsRequest = Webhooks["CancelFreeSpinsRequest"];
/** The session revoke webhook body. */
export type SessionRevokeRequest = Webhooks["SessionRevokeRequest"];
