/**
 * @croupier/sdk-provider: call the Croupier provider wallet API (session verify, transactions with
 * retries, balance), receive its signed webhooks, and check replay links. Signing is built in (the
 * shared @croupier/signing code is bundled).
 */
export * from "../../sdk-common/src/shared-exports.js";
export {
  createProviderClient,
  type BetOrWinBody,
  type ProviderClient,
  type ProviderAuditQuery,
  type ProviderClientOptions,
  type ProviderGrantQuery,
  type ProviderSessionQuery,
  type ProviderTransactionQuery,
  type RollbackBody,
  type WebhookDeliveryQuery,
} from "./provider-client.js";
export { createWebhookHandler, type WebhookHandler, type WebhookHandlerOptions } from "./webhook-handler.js";
export { WebhookError } from "./webhook-error.js";
export { MemoryDedupStore, withCancelDedup, withGrantDedup, type DedupStore } from "./dedup.js";
export { ReplayTokenError, verifyReplayToken, type ReplayClaims, type ReplayTokenFailure } from "@croupier/signing";
// Every model type: the wallet API's transactions and answers, and the free-spin and session webhooks' bodies.
export type * from "./models.js";
