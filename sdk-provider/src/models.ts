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
/** One call the service made to the provider's webhooks, body as sent with any session token redacted. */
export type WebhookDelivery = Service["WebhookDelivery"];
/** A page of webhook deliveries, newest first, and the cursor of the next. */
export type WebhookDeliveryPage = Service["WebhookDeliveryPage"];
/** A free-spin grant an operator issued to the provider, with its status and last error. */
export type ProviderGrant = Service["GrantResponseBody"];
/** A page of the grants issued to the provider, newest first, and the cursor of the next. */
export type ProviderGrantPage = Service["ProviderGrantPage"];
/** A provider's webhook URL in effect and its previous secret's grace period. */
export type StudioSettings = Service["StudioSettings"];
/** A freshly rotated secret (shown once) and until when the previous one stays valid. */
export type RotatedSecret = Service["RotatedSecret"];
/** The previous secret no longer verifies anything. */
export type RevokedPreviousSecret = Service["RevokedPreviousSecret"];
/** A page of the audit log, newest first, and the cursor of the next. */
export type AuditPage = Service["AuditPage"];
/** One audit entry: who did what, when, and the result. */
export type AuditEntry = Service["AuditEntry"];
/** A page of your transactions, newest first, each naming its operator. */
export type TransactionPage = Service["TransactionPage"];
/** A transaction as listed: what your game asked and where it stands. */
export type TransactionSummary = Service["TransactionSummary"];
/** One of your transactions in full, with the wallet calls made for it. */
export type TransactionDetail = Service["TransactionDetail"];
/** One of your rounds at one operator. */
export type RoundDetail = Service["RoundDetail"];
/** A page of the sessions on your games. */
export type SessionPage = Service["SessionPage"];
/** A session on one of your games as listed: operator, player, game, expiry; never its token. */
export type SessionSummary = Service["SessionSummary"];
