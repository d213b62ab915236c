/**
 * @croupier/sdk-operator: call the Croupier service as an operator, and receive its signed wallet
 * callbacks. Signing is built in (the shared @croupier/signing code is bundled).
 */
export {
  CroupierApiError,
  type CroupierApiErrorDetails,
  type CroupierErrorKind,
  type ErrorCode,
  type Result,
} from "../../sdk-common/src/api-error.js";
export { generateTestHeaders, type TestHeaders } from "../../sdk-common/src/test-headers.js";
export type { SignRequest, SignedHeaders } from "@croupier/signing";
export { RETRYABLE_STATUSES, type RetryEvent, type RetryOptions } from "../../sdk-common/src/retry.js";

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
export { createWalletCallbackHandler, type WalletCallbackHandler, type WalletCallbackOptions } from "./wallet-callback-handler.js";
export { WalletError } from "./wallet-error.js";
export { MemoryIdempotencyStore, withIdempotency, type IdempotencyKey, type IdempotencyStore } from "./idempotency.js";
export { SqliteIdempotencyStore, type SqliteDatabaseLike } from "./sqlite-idempotency-store.js";
export type { TransactionAnswer, TransactionRequest, TransactionResponse } from "./models.js";
export { MemoryNonceStore, SignatureVerificationError, type HeaderSource, type NonceStore } from "@croupier/signing";
export { createOperatorClient, type OperatorClient, type OperatorClientOptions } from "./operator-client.js";
export type { CallOptions, ConnectionOptions } from "../../sdk-common/src/signed-client.js";
export type {
  AuditEntry,
  AuditPage,
  CallbackSettings,
  GameSummary,
  GrantResponseBody,
  IssueGrantRequestBody,
  KickPlayerResponse,
  LaunchGameRequestBody,
  LaunchGameResponse,
  OverviewStats,
  Problem,
  ProblemPage,
  ProblemQuery,
  ResendResult,
  RevokedPreviousSecret,
  RotatedSecret,
  RoundDetail,
  RoundReplayResponse,
  SessionPage,
  SessionQuery,
  SessionSummary,
  TransactionDetail,
  TransactionPage,
  TransactionQuery,
  TransactionSummary,
  WalletCall,
  TestCallResult,
} from "./models.js";
export type { ServicePaths as paths, ServiceComponents as components, ServiceOperations as operations } from "@croupier/contract";
