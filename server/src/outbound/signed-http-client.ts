import { sign } from "@croupier/signing";
import { Agent } from "undici";
import { systemResolver, type HostResolver } from "../common/addresses.js";
import { ForbiddenAddressError, guardedLookup, isForbiddenLiteral } from "./address-guard.js";

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
  constructor(
    readonly kind: "timeout" | "network",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Which addresses the client may connect to. */
export interface AddressPolicy {
  /** `allowPrivateCallbackAddresses`: any address may be called (sandboxes and tests on loopback). */
  allowPrivate: boolean;
  /** Origins the configuration file names (callback and webhook URLs): the platform team's, trusted as written. */
  trustedOrigins: ReadonlySet<string>;
  /** Resolves host names for the connect-time check; injectable so tests model DNS answers. */
  resolve?: HostResolver;
}

/**
 * Signs and sends calls over pooled keep-alive connections with a hard per-call deadline; addresses not named in the
 * configuration file go through an agent that checks every resolution (address-guard.ts).
 */
export class SignedHttpClient {
  private readonly agent: Agent;
  private readonly guardedAgent: Agent;
  /** Parsed base addresses, one per operator and provider, so no call parses its own. */
  private readonly bases = new Map<string, { origin: string; basePath: string; hostname: string }>();

  constructor(private readonly options: { connectionsPerOrigin?: number; addresses?: AddressPolicy } = {}) {
    const pool = { connections: options.connectionsPerOrigin ?? 64, keepAliveTimeout: 30_000, pipelining: 1 };
    const injected = options.addresses?.resolve;
    this.agent = new Agent(injected ? { ...pool, connect: { lookup: guardedLookup(injected, false) } } : pool);
    this.guardedAgent = new Agent({ ...pool, connect: { lookup: guardedLookup(options.addresses?.resolve ?? systemResolver) } });
  }

  /** Whether calls to this origin must pass the connect-time address check. */
  private guarded(origin: string): boolean {
    const policy = this.options.addresses;
    return policy !== undefined && !policy.allowPrivate && !policy.trustedOrigins.has(origin);
  }

  async call(call: OutboundCall): Promise<OutboundResponse> {
    const { origin, basePath, hostname } = this.parseBase(call.baseUrl);
    const guarded = this.guarded(origin);
    if (guarded && isForbiddenLiteral(hostname)) {
      throw new OutboundFailure("network", `${hostname} is an address callbacks may not reach`, { cause: new ForbiddenAddressError(hostname) });
    }
    // The target signed is the one sent: the base address's path prefix, then the call's path and query.
    const target = basePath + call.path;
    const body = call.body ?? "";
    const signed = sign({ secret: call.secret, tenantId: call.tenantId, method: call.method, target, body });
    // Written out rather than spread with keys added: such a spread takes V8's slow path, microseconds a call.
    const headers: Record<string, string> = {
      "X-Tenant-ID": signed["X-Tenant-ID"],
      "X-Timestamp": signed["X-Timestamp"],
      "X-Nonce": signed["X-Nonce"],
      "X-Signature": signed["X-Signature"],
      accept: "application/json",
    };
    if (call.method !== "GET") headers["content-type"] = "application/json";
    // A timer cleared as soon as the call ends: AbortSignal.timeout() would keep a timer and a signal alive for the
    // whole timeout after every call, thousands of them under load, all promoted to the old heap.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), call.timeoutMs);
    const signal = deadline.signal;
    try {
      const response = await (guarded ? this.guardedAgent : this.agent).request({
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
      if (
        signal.aborted ||
        name === "TimeoutError" ||
        name === "AbortError" ||
        code === "UND_ERR_HEADERS_TIMEOUT" ||
        code === "UND_ERR_BODY_TIMEOUT"
      ) {
        throw new OutboundFailure("timeout", `no answer within ${call.timeoutMs} ms`, { cause: error });
      }
      throw new OutboundFailure("network", (error as Error).message, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  private parseBase(baseUrl: string): { origin: string; basePath: string; hostname: string } {
    let base = this.bases.get(baseUrl);
    if (!base) {
      const url = new URL(baseUrl);
      base = { origin: url.origin, basePath: url.pathname.replace(/\/+$/, ""), hostname: url.hostname };
      // Base addresses come from configuration and the portal: few, but a portal can change them at will.
      if (this.bases.size >= 1000) this.bases.clear();
      this.bases.set(baseUrl, base);
    }
    return base;
  }

  /** Closes pooled connections; in-flight calls finish first. */
  async close(): Promise<void> {
    await Promise.all([this.agent.close(), this.guardedAgent.close()]);
  }
}
