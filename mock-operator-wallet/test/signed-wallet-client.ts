// Calls a wallet the way the platform does: every request signed with @croupier/signing over the exact
// target and body bytes, X-Tenant-ID being the operator's own id.
import { randomUUID } from "node:crypto";
import { sign } from "@croupier/signing";

/** A response read completely: status, content type and the exact body text. */
export interface WalletReply {
  status: number;
  contentType: string | null;
  text: string;
  json(): unknown;
}

/** Per-call overrides for the negative tests. */
export interface CallOptions {
  secret?: string;
  tenantId?: string;
  nonce?: string;
  timestamp?: number;
  /** Sign this target but send `target` (to prove the query string is covered). */
  signedTarget?: string;
  signal?: AbortSignal;
}

let sequence = 0;

/** A transaction body with sensible defaults; pass what the test is about. */
export function transactionBody(fields: Record<string, unknown>): Record<string, unknown> {
  sequence += 1;
  return {
    transactionId: `tx-${sequence}-${randomUUID()}`,
    sessionToken: "session-token-of-the-test",
    roundId: `round-${sequence}`,
    playerRef: "p-1",
    amount: 100,
    currency: "EUR",
    gameId: "starfall",
    ...fields,
  };
}

/** A signing client for one wallet. */
export function signedWalletClient(baseUrl: string, identity: { tenantId: string; secret: string }) {
  async function call(method: "GET" | "POST", target: string, body: string, options: CallOptions = {}): Promise<WalletReply> {
    const headers = sign({
      secret: options.secret ?? identity.secret,
      tenantId: options.tenantId ?? identity.tenantId,
      method,
      target: options.signedTarget ?? target,
      body,
      timestamp: options.timestamp,
      nonce: options.nonce,
    });
    const response = await fetch(baseUrl + target, {
      method,
      headers: { ...headers, ...(method === "POST" ? { "content-type": "application/json" } : {}) },
      body: method === "POST" ? body : undefined,
      signal: options.signal,
    });
    const text = await response.text();
    return { status: response.status, contentType: response.headers.get("content-type"), text, json: () => JSON.parse(text) };
  }
  return {
    call,
    /** POSTs a transaction; a string body is sent byte for byte. */
    transaction(body: Record<string, unknown> | string, options?: CallOptions) {
      return call("POST", "/v1/wallet/transaction", typeof body === "string" ? body : JSON.stringify(body), options);
    },
    balance(playerRef: string, options?: CallOptions) {
      return call("GET", `/v1/wallet/balance?playerRef=${encodeURIComponent(playerRef)}`, "", options);
    },
  };
}

/** Reads an unsigned JSON route of the wallet. */
export async function getJson(baseUrl: string, path: string): Promise<any> {
  const response = await fetch(baseUrl + path);
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** POSTs JSON to an unsigned control route and returns status and parsed body. */
export async function postJson(baseUrl: string, path: string, value: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(baseUrl + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(value) });
  return { status: response.status, body: await response.json() };
}
