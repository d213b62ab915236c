import { SignatureVerificationError, verify, type HeaderSource, type NonceStore } from "@croupier/signing";

/** A request as it arrived, before any JSON parsing. */
export interface ReceivedRequest {
  /** HTTP method, e.g. `POST`. */
  method: string;
  /** The request target exactly as received: path (with any mount prefix) plus `?query`. `req.url` in node:http, `req.originalUrl` in Express. */
  target: string;
  /** The request headers (a Fetch `Headers` or Node's `IncomingHttpHeaders`). */
  headers: HeaderSource;
  /** The raw body bytes. A parsed object is refused with an explanation: signatures cover the exact bytes. */
  body: string | Uint8Array;
}

/** How a receiver checks the service's signature. */
export interface VerificationOptions {
  /** Your own tenant id: X-Tenant-ID must equal it, since the service addresses the call to you. */
  tenantId: string;
  /** Your secrets, current first, then the previous one while a rotation's grace period runs. */
  secrets: readonly string[];
  /** Allowed clock skew in seconds, both directions. Default 300. */
  toleranceSeconds?: number;
  /**
   * Where seen nonces are remembered. Without one, a request captured on the wire could be replayed
   * within the tolerance window; the handlers always use one (in-memory by default).
   */
  nonceStore?: NonceStore;
  /** Current Unix time in seconds; injectable for tests. */
  now?: () => number;
}

/** What a successful verification established. */
export interface VerifiedRequest {
  tenantId: string;
  nonce: string;
  timestamp: number;
}

/**
 * Framework-neutral verification of a signed call from the service: raw body and headers in, verdict
 * out. Checks, in the order of decisions.md §1, the nonce format, the tenant, the timestamp and the
 * signature against every secret, then (only once the signature holds, so nobody can burn your
 * nonces) records the nonce in the store.
 *
 * @throws {SignatureVerificationError} `reason` says which check failed: `invalid-nonce` answers 400
 *   `{"error":"invalid nonce"}`, `replayed-nonce` 401 `{"error":"replayed request"}`, any other reason
 *   401 text/plain `invalid signature`.
 *
 * @example
 * try {
 *   await verifySignature({ method: req.method, target: req.originalUrl, headers: req.headers, body: rawBody },
 *     { tenantId: "op-acme", secrets: [process.env.CROUPIER_SECRET!], nonceStore });
 * } catch (error) {
 *   if (error instanceof SignatureVerificationError) return res.status(401).type("text/plain").send("invalid signature");
 *   throw error;
 * }
 */
export async function verifySignature(request: ReceivedRequest, options: VerificationOptions): Promise<VerifiedRequest> {
  const toleranceSeconds = options.toleranceSeconds ?? 300;
  const verdict = verify({
    method: request.method,
    target: request.target,
    headers: request.headers,
    body: request.body,
    secrets: options.secrets,
    expectedTenantId: options.tenantId,
    toleranceSeconds,
    ...(options.now ? { now: options.now() } : {}),
  });
  if (!verdict.ok) throw new SignatureVerificationError(verdict.reason);
  if (options.nonceStore) {
    // The nonce must be remembered for as long as its timestamp would still be accepted.
    const fresh = await options.nonceStore.remember(verdict.tenantId, verdict.nonce, verdict.timestamp + toleranceSeconds);
    if (!fresh) throw new SignatureVerificationError("replayed-nonce");
  }
  return { tenantId: verdict.tenantId, nonce: verdict.nonce, timestamp: verdict.timestamp };
}
