import { randomUUID } from "node:crypto";
import { computeSignature } from "./canonical.js";
import type { SignedHeaders } from "./headers.js";

/** What {@link sign} needs: who signs, with which secret, and the request as it will be sent. */
export interface SignRequest {
  secret: string;
  /** X-Tenant-ID: to the service, the caller's own id; from the service, the addressee's id. */
  tenantId: string;
  method: string;
  /** Path (with base-path prefix) plus `?query` exactly as sent. */
  target: string;
  /** Raw body bytes as sent; omit or `""` for none. */
  body?: string | Uint8Array;
  /** Unix seconds; defaults to now. Injectable for tests. */
  timestamp?: number | string;
  /** Defaults to a fresh random UUID. */
  nonce?: string;
}

/**
 * Signs one request and returns the four headers to send with it.
 *
 * @example
 * const headers = sign({ secret, tenantId: "prov-star", method: "POST", target: "/v1/wallet/balance", body });
 * await fetch(url, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body });
 */
export function sign(request: SignRequest): SignedHeaders {
  const timestamp = String(request.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = request.nonce ?? randomUUID();
  const signature = computeSignature(request.secret, { method: request.method, target: request.target, timestamp, nonce, body: request.body ?? "" });
  return { "X-Tenant-ID": request.tenantId, "X-Timestamp": timestamp, "X-Nonce": nonce, "X-Signature": signature };
}

/** Splits a URL into the request target that gets signed: pathname plus `?search` when there is a query. */
export function requestTarget(url: string | URL): string {
  const parsed = typeof url === "string" ? new URL(url) : url;
  return parsed.pathname + parsed.search;
}
