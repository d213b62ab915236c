import { timingSafeEqual } from "node:crypto";
import { computeSignature, isValidNonce, isValidTimestamp } from "./canonical.js";
import { readHeader, SIGNING_HEADERS, type HeaderSource } from "./headers.js";

/** Why a request failed verification. `invalid-nonce` maps to 400; the others to 401 `invalid signature`. */
export type VerificationFailure =
  | "invalid-nonce"
  | "missing-header"
  | "unknown-tenant"
  | "wrong-tenant"
  | "bad-timestamp"
  | "stale-timestamp"
  | "bad-signature";

/** The result of {@link verify}: the verified tenant and nonce, or why it failed. */
export type VerificationResult =
  | {
      ok: true;
      tenantId: string;
      nonce: string;
      timestamp: number;
      /** Which of the secrets verified it: 0 is the current one, 1 a previous one still in its grace period. */
      secretIndex: number;
    }
  | { ok: false; reason: VerificationFailure };

/** A request as received, before its body is read: what {@link checkSigningHeaders} judges. */
export interface SignedHeadersRequest {
  /** The request target as received on the wire (`req.originalUrl` in Express, `req.url` in node:http). */
  target: string;
  headers: HeaderSource;
  /**
   * The secrets valid for the claimed tenant (current first, then any previous one still in its grace
   * period), or a lookup from tenant id to them; an empty list or `undefined` means unknown tenant.
   */
  secrets: readonly string[] | ((tenantId: string) => readonly string[] | undefined);
  /** When set, X-Tenant-ID must equal it (a receiver checks the call is addressed to itself). */
  expectedTenantId?: string;
  /** Allowed clock skew in seconds, both directions. Default 300. */
  toleranceSeconds?: number;
  /** Current Unix time in seconds. Injectable for tests. */
  now?: number;
}

/** A request as received, before any JSON parsing. */
export interface VerifyRequest extends SignedHeadersRequest {
  method: string;
  /** The raw body bytes as received. */
  body: string | Uint8Array;
}

/** What the headers claim once {@link checkSigningHeaders} accepts them; the signature is still unchecked. */
export type SigningHeadersResult =
  | { ok: true; tenantId: string; nonce: string; timestamp: string; signature: string; secrets: readonly string[] }
  | { ok: false; reason: VerificationFailure };

const HEX_SIGNATURE = /^[0-9a-f]{64}$/;

/**
 * Every check of decisions.md §1 that needs no body, in its order: nonce format, the header set, tenant, timestamp
 * format and clock, the signature's format. A server runs it before reading a body, so a caller it does not know
 * cannot make it buffer one; {@link verify} runs it again with the body and then checks the signature itself.
 */
export function checkSigningHeaders(request: SignedHeadersRequest): SigningHeadersResult {
  const nonce = readHeader(request.headers, SIGNING_HEADERS.nonce);
  if (!isValidNonce(nonce)) return { ok: false, reason: "invalid-nonce" };
  const tenantId = readHeader(request.headers, SIGNING_HEADERS.tenantId);
  const timestamp = readHeader(request.headers, SIGNING_HEADERS.timestamp);
  const signature = readHeader(request.headers, SIGNING_HEADERS.signature);
  if (!tenantId || timestamp === undefined || signature === undefined) return { ok: false, reason: "missing-header" };
  if (request.expectedTenantId !== undefined && tenantId !== request.expectedTenantId) {
    return { ok: false, reason: "wrong-tenant" };
  }
  const secrets = typeof request.secrets === "function" ? request.secrets(tenantId) : request.secrets;
  if (!secrets || secrets.length === 0) return { ok: false, reason: "unknown-tenant" };
  if (!isValidTimestamp(timestamp)) return { ok: false, reason: "bad-timestamp" };
  const now = request.now ?? Math.floor(Date.now() / 1000);
  const tolerance = request.toleranceSeconds ?? 300;
  if (Math.abs(now - Number(timestamp)) > tolerance) return { ok: false, reason: "stale-timestamp" };
  if (!HEX_SIGNATURE.test(signature)) return { ok: false, reason: "bad-signature" };
  if (request.target.includes("\n") || tenantId.includes("\n")) return { ok: false, reason: "bad-signature" };
  return { ok: true, tenantId, nonce, timestamp, signature, secrets };
}

/**
 * Verifies a signed request per decisions.md §1, in its order: nonce format first, then tenant,
 * timestamp and signature. It does not remember nonces: pair it with a {@link NonceStore} after it
 * succeeds, so nobody can burn nonces without the secret.
 */
export function verify(request: VerifyRequest): VerificationResult {
  const claimed = checkSigningHeaders(request);
  if (!claimed.ok) return claimed;
  const { tenantId, nonce, timestamp, secrets } = claimed;
  const given = Buffer.from(claimed.signature, "hex");
  let matched = -1;
  // Try every secret without stopping early, so timing does not reveal which one matched.
  for (const [index, secret] of secrets.entries()) {
    const expected = Buffer.from(
      computeSignature(secret, { method: request.method, target: request.target, timestamp, nonce, body: request.body }),
      "hex",
    );
    if (timingSafeEqual(expected, given) && matched === -1) matched = index;
  }
  if (matched === -1) return { ok: false, reason: "bad-signature" };
  return { ok: true, tenantId, nonce, timestamp: Number(timestamp), secretIndex: matched };
}

/** Thrown by SDK verification helpers; `reason` says which check failed. */
export class SignatureVerificationError extends Error {
  override readonly name = "SignatureVerificationError";
  constructor(readonly reason: VerificationFailure | "replayed-nonce") {
    super(reason === "replayed-nonce" ? "replayed request" : reason === "invalid-nonce" ? "invalid nonce" : "invalid signature");
  }
}
