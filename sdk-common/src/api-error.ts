import type { ServiceComponents as components } from "@croupier/contract";

/** The service's machine error codes (ErrorCode in the contract): stable, safe to branch on. */
export type ErrorCode = components["schemas"]["ErrorCode"];

/**
 * What kind of failure an error is, from its status alone, so a program can branch without parsing messages:
 * `timeout` and `network` (no answer; `aborted` when your own signal stopped the call), `validation` (400 and any
 * other 4xx not named here), `authentication` (401), `permission` (403), `not_found` (404), `conflict` (409),
 * `rate_limit` (429, see `retryAfter`), `server` (5xx).
 */
export type CroupierErrorKind =
  | "timeout"
  | "network"
  | "aborted"
  | "validation"
  | "authentication"
  | "permission"
  | "not_found"
  | "conflict"
  | "rate_limit"
  | "server";

/** What {@link CroupierApiError}'s constructor accepts besides status and message; every field is optional. */
export interface CroupierApiErrorDetails {
  retryAfter?: number;
  body?: unknown;
  cause?: unknown;
  code?: string;
  requestId?: string;
  /** Defaults to the kind of `status` (status 0 is `network`). */
  kind?: CroupierErrorKind;
}

/**
 * The error half of every SDK call result. Calls never throw on a 4xx/5xx: they return
 * `{ error: CroupierApiError }`, like openapi-fetch itself (style guide 19).
 *
 * Shared by both SDKs (each bundles its own copy, so compare `kind` and `code` rather than using
 * `instanceof` across the two packages).
 *
 * @example
 * const { data, error } = await client.getGrant(id);
 * if (error?.kind === "rate_limit") await sleep(error.retryAfter! * 1000);
 * else if (error?.code === "not_found") console.log("no such grant");
 * else if (error) console.error(error.status, error.code, error.message, "request", error.requestId);
 */
export class CroupierApiError extends Error {
  override readonly name = "CroupierApiError";
  /** HTTP status; 0 when no response arrived (network error, timeout, aborted). */
  readonly status: number;
  /** The kind of failure, see {@link CroupierErrorKind}. */
  readonly kind: CroupierErrorKind;
  /**
   * The service's machine code (`not_found`, `rate_limited`, `invalid_signature`, ...): the body's `code`, or the
   * `X-Error-Code` header for the plain-text 401. Undefined when no answer came or the answer carried none.
   */
  readonly code?: ErrorCode | (string & {});
  /** The response's `X-Request-Id`: quote it when reporting a problem; the service logs it with the request. */
  readonly requestId?: string;
  /** Seconds to wait before retrying, from the `Retry-After` header of a 429. */
  readonly retryAfter?: number;
  /** The parsed JSON error body, or the plain text (for example `invalid signature`). */
  readonly body?: unknown;

  constructor(status: number, message: string, details: CroupierApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = status;
    this.kind = details.kind ?? kindOfStatus(status);
    if (details.code !== undefined) this.code = details.code;
    if (details.requestId !== undefined) this.requestId = details.requestId;
    if (details.retryAfter !== undefined) this.retryAfter = details.retryAfter;
    if (details.body !== undefined) this.body = details.body;
  }
}

const KIND_BY_STATUS: Readonly<Record<number, CroupierErrorKind>> = {
  0: "network",
  401: "authentication",
  403: "permission",
  404: "not_found",
  409: "conflict",
  429: "rate_limit",
};

function kindOfStatus(status: number): CroupierErrorKind {
  return KIND_BY_STATUS[status] ?? (status >= 500 ? "server" : "validation");
}

/**
 * What every friendly SDK method resolves to: the data and the raw `Response`, or a typed error.
 *
 * @example
 * const { data, error } = await client.listGames();
 * if (error) console.error(error.status, error.message);
 * else for (const game of data) console.log(game.gameId);
 */
export type Result<T> = { data: T; error?: undefined; response: Response } | { data?: undefined; error: CroupierApiError; response?: Response };

/** Builds the error for a non-2xx response from its already-read body (JSON object or text). */
export function errorFromResponse(response: Response, body: unknown): CroupierApiError {
  const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
  const bodyCode = typeof body === "object" && body !== null ? (body as { code?: unknown }).code : undefined;
  const code = typeof bodyCode === "string" ? bodyCode : (response.headers.get("x-error-code") ?? undefined);
  const requestId = response.headers.get("x-request-id") ?? undefined;
  return new CroupierApiError(response.status, errorMessage(response.status, body), {
    ...(retryAfter === undefined ? {} : { retryAfter }),
    ...(body === undefined || body === "" ? {} : { body }),
    ...(code === undefined ? {} : { code }),
    ...(requestId === undefined ? {} : { requestId }),
  });
}

function errorMessage(status: number, body: unknown): string {
  if (typeof body === "string" && body.trim() !== "") return body.trim();
  if (typeof body === "object" && body !== null && typeof (body as { error?: unknown }).error === "string") {
    return (body as { error: string }).error;
  }
  return `HTTP ${status}`;
}

/** Retry-After is whole seconds (decisions.md §1); an HTTP date is accepted too, as RFC 9110 allows it. */
function parseRetryAfter(value: string | null): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * Turns whatever a failed fetch threw into a status-0 error: a timeout keeps its own, your own signal's abort
 * is `aborted` (a `TimeoutError` reason, as from `AbortSignal.timeout`, is a `timeout`), anything else `network`.
 */
export function errorFromThrown(thrown: unknown): CroupierApiError {
  if (thrown instanceof CroupierApiError) return thrown;
  const name = thrown instanceof Error ? thrown.name : "";
  if (name === "AbortError") return new CroupierApiError(0, "aborted", { kind: "aborted", cause: thrown });
  if (name === "TimeoutError") return new CroupierApiError(0, "timeout", { kind: "timeout", cause: thrown });
  const detail = thrown instanceof Error ? thrown.message : String(thrown);
  return new CroupierApiError(0, `network error: ${detail}`, { cause: thrown });
}
