/**
 * The public API both SDKs share: errors, retries, signing, the signed-request receiver and its adapters, and the
 * contract's generated types. Each SDK's index re-exports this whole module beside what is its own.
 */
export { CroupierApiError, type CroupierApiErrorDetails, type CroupierErrorKind, type ErrorCode, type Result } from "./api-error.js";
export { CroupierConfigurationError } from "./configuration-error.js";
export { generateTestHeaders, type TestHeaders } from "./test-headers.js";
export { RETRYABLE_STATUSES, type RetryEvent, type RetryOptions } from "./retry.js";
export type { CallOptions, ConnectionOptions } from "./signed-client.js";
export { createSigningMiddleware, type SigningCredentials } from "./signing-middleware.js";
export { verifySignature, type ReceivedRequest, type VerificationOptions, type VerifiedRequest } from "./verify-signature.js";
export type { HandlerResponse, ReceiverOptions, SignedRequestHandler } from "./signed-handler.js";
export { toExpressMiddleware, toNodeListener, type AdapterOptions, type ExpressLikeMiddleware, type ExpressLikeRequest } from "./adapters.js";
export {
  MemoryNonceStore,
  SignatureVerificationError,
  type HeaderSource,
  type NonceStore,
  type SignRequest,
  type SignedHeaders,
} from "@croupier/signing";
export type { ServicePaths as paths, ServiceComponents as components, ServiceOperations as operations } from "@croupier/contract";
