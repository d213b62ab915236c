/**
 * The error half of every SDK call result. Calls never throw on a 4xx/5xx: they return
 * `{ error: CroupierApiError }`, like openapi-fetch itself (style guide 19).
 *
 * Shared by both SDKs (each bundles its own copy).
 */
export class CroupierApiError extends Error {
  override readonly name = "CroupierApiError";
  /** HTTP status; 0 when no response arrived (network error or timeout). */
  readonly status: number;
  /** Seconds to wait before retrying, from the `Retry-After` header of a 429. */
  readonly retryAfter?: number;
  /** The parsed JSON error body, or the plain text (for example `invalid signature`). */
  readonly body?: unknown;

  constructor(status: number, message: string, details: { retryAfter?: number; body?: unknown; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = status;
    if (details.retryAfter !== undefined) this.retryAfter = details.retryAfter;
    if (details.body !== undefined) this.body = details.body;
  }
}

/**
 * What every friendly SDK method resolves to: the data and the raw `Response`, or a typed error.
 *
 * @example
 * const { data, error } = await client.listGames();
 * if (error) console.error(error.status, error.message);
 * else for (const game of data) console.log(game.gameId);
 */
export type Result<T> =
  | { data: T; error?: undefined; response: Response }
  | { data?: undefined; error: CroupierApiError; response?: Response };

/** Builds the error for a non-2xx response from its already-read body (JSON object or text). */
export function errorFromResponse(response: Response, body: unknown): CroupierApiError {
  const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
  return new CroupierApiError(response.status, errorMessage(response.status, body), {
    ...(retryAfter === undefined ? {} : { retryAfter }),
    ...(body === undefined || body === "" ? {} : { body }),
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

/** Turns whatever a failed fetch threw into a status-0 error (a timeout keeps its own message). */
export function errorFromThrown(thrown: unknown): CroupierApiError {
  if (thrown instanceof CroupierApiError) return thrown;
  const detail = thrown instanceof Error ? thrown.message : String(thrown);
  return new CroupierApiError(0, `network error: ${detail}`, { cause: thrown });
}
