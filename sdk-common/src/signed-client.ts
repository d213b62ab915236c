import * as openapiFetch from "openapi-fetch";
import type { Client } from "openapi-fetch";
import { createSigningMiddleware, type SigningCredentials } from "./signing-middleware.js";
import { withTimeout, type RequestFetch } from "./timeout-fetch.js";

/** Connection options shared by both SDK clients. */
export interface ConnectionOptions {
  /** The service's base address, with or without a path prefix (`https://x.example/croupier`), no trailing slash. */
  baseUrl: string;
  /** Your own tenant id (X-Tenant-ID), e.g. `op-acme` or `prov-star`. */
  tenantId: string;
  /** Your shared secret. */
  secret: string;
  /** Per-attempt timeout in milliseconds; default 10 000. A timeout is reported as status 0, message `timeout`. */
  timeoutMs?: number;
  /** A custom fetch (tests, proxies, instrumentation); it receives a fully signed `Request`. */
  fetch?: typeof fetch;
}

/*
 * The SDKs are "type": "module", so in the CommonJS build the bundler follows Node's rule for an ES
 * module importing CommonJS: `default` is openapi-fetch's whole `exports` object, whose own `default`
 * is createClient. Unwrapping here makes both builds call the real function.
 */
type CreateClient = typeof openapiFetch.default;
const createClient: CreateClient = (openapiFetch.default as CreateClient & { default?: CreateClient }).default ?? openapiFetch.default;

/** Default per-attempt timeout. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** Per-call control, the last argument of every operator client method. */
export interface CallOptions {
  /** Aborts the call (and any retry still to come); the result is then a status-0 error of kind `aborted`. */
  signal?: AbortSignal;
  /** This call's per-attempt timeout in ms, instead of the client's `timeoutMs`. */
  timeoutMs?: number;
  /** Extra headers (for example your own `X-Request-Id`); they cannot replace the four signing headers. */
  headers?: Record<string, string>;
}

/**
 * Creates the typed openapi-fetch client with signing and the timeout installed, plus the mutable
 * credentials the signer reads (so a rotated secret applies to the next call) and `init`, which turns
 * {@link CallOptions} into openapi-fetch's per-request options.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- openapi-fetch's own constraint on its Paths parameter
export function createSignedClient<Paths extends {}>(
  options: ConnectionOptions,
): {
  raw: Client<Paths>;
  credentials: SigningCredentials;
  init(call?: CallOptions): { signal?: AbortSignal; headers?: Record<string, string>; fetch?: RequestFetch };
} {
  const credentials: SigningCredentials = { tenantId: options.tenantId, secret: options.secret };
  // Looked up per call rather than captured, so a global fetch replaced later (tests, instrumentation) is honoured.
  const baseFetch: RequestFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const raw = createClient<Paths>({ baseUrl: options.baseUrl, fetch: withTimeout(baseFetch, options.timeoutMs ?? DEFAULT_TIMEOUT_MS) });
  raw.use(createSigningMiddleware(credentials));
  const init = (call: CallOptions = {}) => ({
    ...(call.signal === undefined ? {} : { signal: call.signal }),
    ...(call.headers === undefined ? {} : { headers: call.headers }),
    ...(call.timeoutMs === undefined ? {} : { fetch: withTimeout(baseFetch, call.timeoutMs) }),
  });
  return { raw, credentials, init };
}
