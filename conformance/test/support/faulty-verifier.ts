import { MemoryNonceStore, verify } from "@croupier/signing";
import type { IncomingMessage } from "node:http";

/** Verification defects, each a mistake real receivers make. */
export interface VerificationDefects {
  /** Serves a request that carries no signing headers at all. */
  acceptsUnsigned?: boolean;
  /** Never looks at X-Timestamp's age. */
  ignoresTimestamp?: boolean;
  /** Remembers no nonce. */
  noReplayProtection?: boolean;
  /** Also accepts a signature over the path without its query string (a "compatibility" fallback). */
  ignoresQuery?: boolean;
  /** Does not check that X-Tenant-ID names itself. */
  ignoresTenant?: boolean;
  /** Verifies GET calls only (the middleware sits on the wrong routes). */
  skipsPostVerification?: boolean;
  /** Verifies over JSON.stringify(JSON.parse(body)) instead of the raw bytes. */
  verifiesReserializedBody?: boolean;
}

/**
 * A signature check for the test's own wallets and receivers: correct with no defects (the signing package's
 * `verify` plus a nonce store), wrong in exactly the ways the defects name. Answers the status to refuse with, or
 * undefined to serve.
 */
export function faultyVerifier(tenantId: string, secret: string, defects: VerificationDefects) {
  const nonces = new MemoryNonceStore();
  return (request: IncomingMessage, body: string): number | undefined => {
    const headers = request.headers;
    const method = request.method ?? "GET";
    if (defects.acceptsUnsigned && !headers["x-signature"] && !headers["x-nonce"]) return undefined;
    if (defects.skipsPostVerification && method === "POST") return undefined;
    const signedBody = defects.verifiesReserializedBody && body !== "" ? JSON.stringify(JSON.parse(body)) : body;
    const claimed = Number(headers["x-timestamp"]);
    const check = (target: string) =>
      verify({
        method,
        target,
        headers,
        body: signedBody,
        secrets: [secret],
        ...(defects.ignoresTenant ? {} : { expectedTenantId: tenantId }),
        ...(defects.ignoresTimestamp && Number.isSafeInteger(claimed) ? { now: claimed } : {}),
      });
    let result = check(request.url ?? "/");
    if (!result.ok && defects.ignoresQuery) result = check((request.url ?? "/").split("?")[0] ?? "/");
    if (!result.ok) return result.reason === "invalid-nonce" ? 400 : 401;
    if (!defects.noReplayProtection && !nonces.remember(result.tenantId, result.nonce, result.timestamp + 600)) return 401;
    return undefined;
  };
}
