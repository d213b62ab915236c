/**
 * @croupier/signing: the one implementation of Croupier's HMAC request signing (decisions.md §1),
 * shared by the server, both SDKs and the mock wallet.
 */
export { SIGNING_HEADERS, readHeader, type HeaderSource, type SignedHeaders } from "./headers.js";
export { computeSignature, isValidNonce, isValidTimestamp, stringToSign, toBytes, type SigningParts } from "./canonical.js";
export { sign, requestTarget, type SignRequest } from "./sign.js";
export {
  verify,
  checkSigningHeaders,
  SignatureVerificationError,
  type VerifyRequest,
  type SignedHeadersRequest,
  type SigningHeadersResult,
  type VerificationResult,
  type VerificationFailure,
} from "./verify.js";
export { MemoryNonceStore, type NonceStore } from "./nonce-store.js";
export { mintReplayToken, verifyReplayToken, ReplayTokenError, type ReplayClaims, type ReplayTokenFailure } from "./replay-token.js";
