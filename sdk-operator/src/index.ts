/**
 * @croupier/sdk-operator: call the Croupier service as an operator, and receive its signed wallet
 * callbacks. Signing is built in (the shared @croupier/signing code is bundled).
 */
export * from "../../sdk-common/src/shared-exports.js";
export { createOperatorClient, type OperatorClient, type OperatorClientOptions } from "./operator-client.js";
export { createWalletCallbackHandler, type WalletCallbackHandler, type WalletCallbackOptions } from "./wallet-callback-handler.js";
export { WalletError } from "./wallet-error.js";
export { MemoryIdempotencyStore, withIdempotency, type IdempotencyKey, type IdempotencyStore } from "./idempotency.js";
export { SqliteIdempotencyStore, type SqliteDatabaseLike } from "./sqlite-idempotency-store.js";
// Every model type: the wallet callback's request and answer, and each body and page of the operator API.
export type * from "./models.js";
