import { sign, type SignRequest, type SignedHeaders } from "@croupier/signing";

/**
 * The four signed headers (X-Tenant-ID, X-Timestamp, X-Nonce, X-Signature) of one request, for your own
 * tests: send them to your wallet receiver or webhook handler the way the platform would, like stripe-node's
 * `generateTestHeaderString`. `target` is the path plus `?query` exactly as sent, `body` the exact bytes;
 * `timestamp` (Unix seconds) and `nonce` default to now and a fresh UUID. The SDK's own signing code makes them.
 *
 * @example
 * const body = JSON.stringify({ playerRef: "p-1" });
 * const headers = generateTestHeaders({ method: "POST", target: "/croupier/v1/wallet/balance", body, tenantId: "op-acme", secret });
 * const response = await fetch(`${receiverUrl}/croupier/v1/wallet/balance`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body });
 */
export function generateTestHeaders(request: SignRequest): TestHeaders {
  return sign(request);
}

/** The four headers as a plain record, so they go straight into `fetch`'s `headers` (an interface would not). */
export type TestHeaders = { [Name in keyof SignedHeaders]: string };
