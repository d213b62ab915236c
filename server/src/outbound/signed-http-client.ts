import { sign } from "@croupier/signing";
import { Agent } from "undici";

/** One signed call the platform makes to an operator's wallet or a provider's webhook. */
export interface OutboundCall {
  /** The registered base address (may carry a path prefix, which then is part of the signed target). */
  baseUrl: string;
  method: "GET" | "POST";
  /** Path plus query string, appended to the base address. */
  path: string;
  /** Exact JSON bytes to send; omitted for GET. */
  body?: string;
  /** X-Tenant-ID: the addressee's own tenant id. */
  tenantId: string;
  secret: string;
  timeoutMs: number;
}

/** The peer answered (any status). */
export interface OutboundResponse {
  status: number;
  body: string;
}

/** The call got no answer: `timeout` when the deadline passed, `network` when the connection failed. */
export class OutboundFailure extends Error {
  override readonly name = "OutboundFailure";
  constructor(readonly kind: "timeout" | "network", message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * Signs and sends calls over pooled keep-alive connections (one undici Agent for all peers), with a hard
 * per-call deadline covering connect, headers and body.
 */
export class SignedHttpClient {
  private readonly agent: Agent;
  /** Parsed base addresses: there are a handful (one per operator and provider), and each call used to parse its own. */
  private readonly bases = new Map<string, { origin: string; basePath: string }>();

  constructor(options: { connectionsPerOrigin?: number } = {}) {
    this.agent = new Agent({ connections: options.connectionsPerOrigin ?? 64, keepAliveTimeout: 30_000, pipelining: 1 });
  }

  async call(call: OutboundCall): Promise<OutboundResponse> {
    const { origin, basePath } = this.parseBase(call.baseUrl);
    // The target signed is the one sent: the base address's path prefix, then the call's path and query.
    const target = basePath + call.path;
    const body = call.body ?? "";
    const headers: Record<string, string> = {
      ...sign({ secret: call.secret, tenantId: call.tenantId, method: call.method, target, body }),
      accept: "application/json",
    };
    if (call.method !== "GET") headers["content-type"] = "application/json";
    // A timer cleared as soon as the call ends: AbortSignal.timeout() would keep a timer and a signal alive for the
    // whole timeout after every call, thousands of them under load, all promoted to the old heap.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), call.timeoutMs);
    const signal = deadline.signal;
    try {
      const response = await this.agent.request({
        origin,
        path: target,
        method: call.method,
        headers,
        body: call.method === "GET" ? null : body,
        signal,
        headersTimeout: call.timeoutMs,
        bodyTimeout: call.timeoutMs,
      });
      const text = await response.body.text();
      return { status: response.statusCode, body: text };
    } catch (error) {
      const name = (error as { name?: string; code?: string }).name;
      const code = (error as { code?: string }).code;
      if (signal.aborted || name === "TimeoutError" || name === "AbortError" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") {
        throw new OutboundFailure("timeout", `no answer within ${call.timeoutMs} ms`, { cause: error });
      }
      throw new OutboundFailure("network", (error as Error).message, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  private parseBase(baseUrl: string): { origin: string; basePath: string } {
    let base = this.bases.get(baseUrl);
    if (!base) {
      const url = new URL(baseUrl);
      base = { origin: url.origin, basePath: url.pathname.replace(/\/+$/, "") };
      // Base addresses come from configuration and the portal: few, but a portal can change them at will.
      if (this.bases.size >= 1000) this.bases.clear();
      this.bases.set(baseUrl, base);
    }
    return base;
  }

  /** Closes pooled connections; in-flight calls finish first. */
  async close(): Promise<void> {
    await this.agent.close();
  }
}
