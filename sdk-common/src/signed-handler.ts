import { MemoryNonceStore, SignatureVerificationError, toBytes } from "@croupier/signing";
import { HandlerError } from "./handler-error.js";
import { verifySignature, type ReceivedRequest, type VerificationOptions } from "./verify-signature.js";

/** What a receiver answers; adapters copy it onto the framework's response. */
export interface HandlerResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A framework-neutral receiver: raw request in, response out. Wrap it with `toNodeListener` or
 * `toExpressMiddleware`, or call it from any framework that exposes the raw body.
 */
export type SignedRequestHandler = (request: ReceivedRequest) => Promise<HandlerResponse>;

/** Options common to both receivers (wallet callbacks and provider webhooks). */
export interface ReceiverOptions extends VerificationOptions {
  /**
   * Called with any error that is not a {@link HandlerError} (answered 500 `internal error`), and with
   * a callback result that breaks the contract. Use it to log; it must not throw.
   */
  onError?: (error: unknown) => void;
}

/** One route of a receiver. */
export interface Route {
  method: "GET" | "POST";
  /** The route path from the spec, e.g. `/v1/wallet/transaction`. */
  path: string;
  /** Validates the input, runs the integrator's callback and returns the JSON answer (`undefined`: empty 200). */
  handle(input: { query: URLSearchParams; body: unknown }): Promise<unknown>;
}

const JSON_TYPE = { "content-type": "application/json" };

function jsonResponse(status: number, value: unknown): HandlerResponse {
  return { status, headers: { ...JSON_TYPE }, body: JSON.stringify(value) };
}

/** The answers of decisions.md §1 for a failed verification. */
function refusal(error: SignatureVerificationError): HandlerResponse {
  if (error.reason === "invalid-nonce") return jsonResponse(400, { error: "invalid nonce" });
  if (error.reason === "replayed-nonce") return jsonResponse(401, { error: "replayed request" });
  return { status: 401, headers: { "content-type": "text/plain" }, body: "invalid signature" };
}

/**
 * A route matches when the request path equals its path or ends with it, so a receiver mounted under
 * a prefix (`https://wallet.example/croupier/v1/wallet/transaction`) needs no configuration. The
 * signature still covers the full target with its prefix, so matching on the suffix opens nothing.
 */
function findRoute(routes: readonly Route[], method: string, pathname: string): Route | undefined {
  const upper = method.toUpperCase();
  return routes.find((route) => route.method === upper && (pathname === route.path || pathname.endsWith(route.path)));
}

function parseJsonBody(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new HandlerError(400, "body must be valid JSON");
  }
}

/**
 * Builds a receiver: verify the signature over the raw bytes (nonce format → 400, signature → 401
 * text, replay → 401 JSON), route by method and path (unknown → 404), parse and validate the body
 * (→ 400), then answer from the route. A thrown {@link HandlerError} answers its status with
 * `{"error": message}`; anything else answers 500 `{"error":"internal error"}`.
 */
export function createSignedHandler(options: ReceiverOptions, routes: readonly Route[]): SignedRequestHandler {
  const nonceStore = options.nonceStore ?? new MemoryNonceStore(options.now);
  const verification: VerificationOptions = { ...options, nonceStore };
  return async (request) => {
    // Throws a TypeError that explains raw-body access when handed a parsed object (style guide 10).
    const body = toBytes(request.body);
    try {
      await verifySignature({ ...request, body }, verification);
    } catch (error) {
      if (error instanceof SignatureVerificationError) return refusal(error);
      throw error;
    }
    const url = new URL(request.target, "http://receiver.invalid");
    const route = findRoute(routes, request.method, url.pathname);
    if (!route) return jsonResponse(404, { error: "not found" });
    try {
      const answer = await route.handle({ query: url.searchParams, body: route.method === "GET" ? undefined : parseJsonBody(body) });
      return answer === undefined ? { status: 200, headers: {}, body: "" } : jsonResponse(200, answer);
    } catch (error) {
      if (error instanceof HandlerError) return jsonResponse(error.status, { error: error.message });
      options.onError?.(error);
      return jsonResponse(500, { error: "internal error" });
    }
  };
}
