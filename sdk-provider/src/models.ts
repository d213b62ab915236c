import type { components as ServiceComponents } from "../../sdk-common/src/generated/service.js";
import type { components as WebhookComponents } from "./generated/provider-webhooks.js";

type Service = ServiceComponents["schemas"];
type Webhooks = WebhookComponents["schemas"];

/* Model types, taken from the generated OpenAPI types so they follow the contract. */

/** A wallet transaction the provider submits (BET, WIN or ROLLBACK; ADJUSTMENT is refused with 400). */
export type TransactionRequest = Service["TransactionRequest"];
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
