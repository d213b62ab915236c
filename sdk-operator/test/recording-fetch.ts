import { verify } from "@croupier/signing";

/** One request the injected fetch saw, with the body read and the signature checked. */
export interface Seen {
  method: string;
  url: URL;
  body: string;
  headers: Headers;
  signatureValidFor(secret: string, tenantId?: string): boolean;
}

/**
 * A fetch for tests (style guide 15): records each outgoing Request and answers from a script, so the
 * signature of exactly what would go on the wire can be verified without a network.
 */
export function recordingFetch(answer: (seen: Seen, index: number) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = await request.text();
    const url = new URL(request.url);
    const entry: Seen = {
      method: request.method,
      url,
      body,
      headers: request.headers,
      signatureValidFor: (secret, tenantId) =>
        verify({
          method: request.method,
          target: url.pathname + url.search,
          headers: request.headers,
          body,
          secrets: [secret],
          ...(tenantId ? { expectedTenantId: tenantId } : {}),
        }).ok,
    };
    seen.push(entry);
    return answer(entry, seen.length - 1);
  };
  return { seen, fetch: fetchImpl as typeof fetch };
}

/** A JSON response. */
export function json(status: number, value: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json", ...headers } });
}
