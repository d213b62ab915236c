import { sign } from "@croupier/signing";
import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";

/** An answer as a hostile-input test reads it. */
export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  contentType: string;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: any;
}

/** Every request of the reliability suite gives up after this long: a service that hangs fails the test. */
export const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Sends exactly the bytes and headers given (node:http, no fetch normalisation: repeated headers, odd values and
 * bodies on any method are allowed), and fails if no complete answer arrives within {@link REQUEST_TIMEOUT_MS}.
 */
export function rawRequest(baseUrl: string, method: string, target: string, headers: OutgoingHttpHeaders, body?: string | Buffer): Promise<RawReply> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path: target, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, contentType: String(res.headers["content-type"] ?? ""), text, json });
      });
      res.on("error", reject);
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms: ${method} ${target}`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** Options that bend a signed request out of shape. */
export interface Bend {
  nonce?: string;
  timestamp?: number | string;
  /** Headers set after signing (override or add; an array repeats the header). */
  headers?: OutgoingHttpHeaders;
  /** Signing headers to drop after signing. */
  omit?: string[];
}

/** Signs `body` (exact text) for `tenant` over `target`, then sends it raw, optionally bent. */
export function signedRaw(
  baseUrl: string,
  tenant: { id: string; secret: string },
  method: "GET" | "POST",
  target: string,
  body = "",
  bend: Bend = {},
): Promise<RawReply> {
  const signed: OutgoingHttpHeaders = {
    ...sign({
      secret: tenant.secret,
      tenantId: tenant.id,
      method,
      target,
      body,
      ...(bend.nonce === undefined ? {} : { nonce: bend.nonce }),
      ...(bend.timestamp === undefined ? {} : { timestamp: bend.timestamp }),
    }),
  };
  const headers: OutgoingHttpHeaders = { ...signed, ...(body ? { "content-type": "application/json" } : {}), ...bend.headers };
  for (const name of bend.omit ?? []) delete headers[name];
  return rawRequest(baseUrl, method, target, headers, body || undefined);
}

/** RFC 3986 strict percent-encoding of a query or path value (encodeURIComponent leaves !'()* as they are). */
export function strictEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
