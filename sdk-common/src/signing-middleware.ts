import { sign } from "@croupier/signing";
import type { Middleware } from "openapi-fetch";

/** Who signs: the tenant id and its current secret. Mutable, so a rotated secret takes effect at once. */
export interface SigningCredentials {
  tenantId: string;
  secret: string;
}

/**
 * openapi-fetch middleware that signs every outgoing request (decisions.md §1) over exactly the bytes
 * sent: method, `pathname + search` of the final URL (so a base-path prefix and the query are covered),
 * a fresh timestamp, a fresh nonce and the serialized body. It runs once per attempt, so a retry is
 * re-signed with a new timestamp and nonce while its body (and transactionId) stay the same.
 *
 * @example
 * const raw = createClient<paths>({ baseUrl });
 * raw.use(createSigningMiddleware({ tenantId: "op-acme", secret }));
 */
export function createSigningMiddleware(credentials: SigningCredentials): Middleware {
  return {
    async onRequest({ request }) {
      // openapi-fetch never clones the request, so read a clone to leave the body unread (style guide 5).
      const body = await request.clone().text();
      const url = new URL(request.url);
      const headers = sign({
        secret: credentials.secret,
        tenantId: credentials.tenantId,
        method: request.method,
        target: url.pathname + url.search,
        body,
      });
      for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
      return request;
    },
  };
}
