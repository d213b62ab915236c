import { randomUUID } from "node:crypto";
import { sign } from "@croupier/signing";

/** One HTTP exchange as the kit saw it: what went out and, byte for byte, what came back. */
export interface Exchange {
  method: string;
  /** The request target sent (path and query, base-address prefix included). */
  target: string;
  /** The HTTP status, or 0 when no answer came (network error or the kit's own time limit). */
  status: number;
  contentType: string;
  /** The response body exactly as received. */
  bytes: Uint8Array;
  text: string;
  /** Milliseconds from sending to the last byte received. */
  elapsedMs: number;
  /** Why no answer came, when status is 0. */
  error?: string;
}

/** What to change in an otherwise correct signature, to see the receiver refuse it. */
export interface Tampering {
  /** Sign with this secret instead. */
  secret?: string;
  /** Send this X-Tenant-ID (still signed with the right secret). */
  tenantId?: string;
  /** Sign with this Unix timestamp instead of now. */
  timestamp?: number;
  /** Use this nonce (to replay one). */
  nonce?: string;
  /** Sign this target instead of the one sent (e.g. another query). */
  signedTarget?: string;
  /** Sign this body instead of the one sent. */
  signedBody?: string;
  /** Send no signing headers at all. */
  unsigned?: boolean;
}

/** Everything needed to call one receiver: its base address and the tenant the calls are addressed to. */
export interface Endpoint {
  /** Base address, e.g. `https://wallet.example/croupier`; a trailing slash is dropped. */
  url: string;
  tenantId: string;
  secret: string;
  /** The kit's own limit on one call, milliseconds: the answer is still measured when it comes late. */
  abortAfterMs: number;
}

/**
 * Sends signed requests the way the Croupier service does (docs/decisions.md §1): X-Tenant-ID of the addressee,
 * Unix-seconds timestamp, a fresh UUID nonce, HMAC over METHOD, target (path plus query, prefix included),
 * timestamp, nonce and the raw body. Every exchange is remembered, so the kit can report the slowest answer. Nothing
 * is sent anywhere but the base address's origin: each URL is that origin followed by the target, and a request whose
 * origin came out otherwise is refused unsent.
 */
export class SignedHttp {
  readonly exchanges: Exchange[] = [];
  private readonly base: URL;

  constructor(private readonly endpoint: Endpoint) {
    this.base = new URL(endpoint.url.replace(/\/+$/, ""));
  }

  /** The request target of a path under the base address, as it is signed and sent. */
  targetOf(pathAndQuery: string): string {
    return `${this.base.pathname.replace(/\/+$/, "")}${pathAndQuery}`;
  }

  /** The last nonce sent, to replay it. */
  lastNonce = "";

  async send(method: "GET" | "POST", pathAndQuery: string, body = "", tampering: Tampering = {}): Promise<Exchange> {
    const target = this.targetOf(pathAndQuery);
    const nonce = tampering.nonce ?? randomUUID();
    this.lastNonce = nonce;
    const headers: Record<string, string> = tampering.unsigned
      ? {}
      : {
          ...sign({
            secret: tampering.secret ?? this.endpoint.secret,
            tenantId: this.endpoint.tenantId,
            method,
            target: tampering.signedTarget ?? target,
            body: tampering.signedBody ?? body,
            timestamp: tampering.timestamp,
            nonce,
          }),
          ...(tampering.tenantId === undefined ? {} : { "X-Tenant-ID": tampering.tenantId }),
        };
    if (method === "POST") headers["Content-Type"] = "application/json";
    const started = performance.now();
    const exchange: Exchange = { method, target, status: 0, contentType: "", bytes: new Uint8Array(), text: "", elapsedMs: 0 };
    try {
      // Built from the origin as text, never resolved against it: a target starting with `//` would name another host.
      const url = new URL(this.base.origin + target);
      if (url.origin !== this.base.origin) throw new Error(`not sent: ${url.origin} is not the origin of --url (${this.base.origin})`);
      const response = await fetch(url, {
        method,
        headers,
        body: method === "POST" ? body : undefined,
        redirect: "manual",
        signal: AbortSignal.timeout(this.endpoint.abortAfterMs),
      });
      exchange.bytes = new Uint8Array(await response.arrayBuffer());
      exchange.status = response.status;
      exchange.contentType = response.headers.get("content-type") ?? "";
      exchange.text = new TextDecoder().decode(exchange.bytes);
    } catch (error) {
      exchange.error = describeFailure(error, this.endpoint.abortAfterMs);
    }
    exchange.elapsedMs = Math.round(performance.now() - started);
    this.exchanges.push(exchange);
    return exchange;
  }
}

/** The parsed JSON body of an exchange, or undefined when it is not JSON. */
export function jsonOf(exchange: Exchange): unknown {
  try {
    return JSON.parse(exchange.text);
  } catch {
    return undefined;
  }
}

/** A one-line account of an answer for a report: status and a short body. */
export function describe(exchange: Exchange): string {
  if (exchange.status === 0) return `no answer (${exchange.error ?? "failed"})`;
  const body = exchange.text.length > 200 ? `${exchange.text.slice(0, 200)}…` : exchange.text;
  return `${exchange.status} ${body === "" ? "(empty body)" : body}`;
}

function describeFailure(error: unknown, limitMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return `no answer within ${limitMs} ms`;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  return cause ?? (error instanceof Error ? error.message : "request failed");
}
