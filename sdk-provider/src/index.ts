/**
 * @croupier/sdk-provider: call the Croupier provider wallet API (session verify, transactions with
 * retries, balance), receive its signed webhooks, and check replay links. Signing is built in (the
 * shared @croupier/signing code is bundled).
 */
export { createProviderClient, type BetOrWinBody, type ProviderClient, type ProviderClientOptions, type RollbackBody } from "./provider-client.js";
export { RETRYABLE_STATUSES, type RetryEvent, type RetryOptions } from "../../sdk-common/src/retry.js";
export { createWebhookHandler, type WebhookHandler, type WebhookHandlerOptions } from "./webhook-handler.js";
export { WebhookError } from "./webhook-error.js";
export { MemoryDedupStore, withCancelDedup, withGrantDedup, type DedupStore } from "./dedup.js";
export type {
  BalanceResponse,
  BetTransaction,
  CancelFreeSpinsRequest,
  FreeSpinsStatusRequest,
  FreeSpinsStatusResponse,
  GrantFreeSpinsRequest,
  GrantFreeSpinsResponse,
  RollbackTransaction,
  SessionRevokeRequest,
  TransactionRequest,
  TransactionResponse,
  VerifySessionResponse,
  WinTransaction,
} from "./models.js";
export type { ServicePaths as paths, ServiceComponents as components, ServiceOperations as operations } from "@croupier/contract";
export {
  CroupierApiError,
  type CroupierApiErrorDetails,
  type CroupierErrorKind,
  type ErrorCode,
  type Result,
} from "../../sdk-common/src/api-error.js";
export { generateTestHeaders, type TestHeaders } from "../../sdk-common/src/test-headers.js";
export type { SignRequest, SignedHeaders } from "@croupier/signing";

export type { CallOptions, ConnectionOptions } from "../../sdk-common/src/signed-client.js";
export { createSigningMiddleware, type SigningCredentials } from "../../sdk-common/src/signing-middleware.js";
export { verifySignature, type ReceivedRequest, type VerificationOptions, type VerifiedRequest } from "../../sdk-common/src/verify-signature.js";
export type { HandlerResponse, ReceiverOptions, SignedRequestHandler } from "../../sdk-common/src/signed-handler.js";
export {
  toExpressMiddleware,
  toNodeListener,
  type AdapterOptions,
  type ExpressLikeMiddleware,
  type ExpressLikeRequest,
} from "../../sdk-common/src/adapters.js";
export {
  MemoryNonceStore,
  ReplayTokenError,
  SignatureVerificationError,
  verifyReplayToken,
  type HeaderSource,
  type NonceStore,
  type ReplayClaims,
  type ReplayTokenFailure,
} from "@croupier/signing";
