import { CroupierApiError } from "./api-error.js";

/** The fetch shape openapi-fetch calls. */
export type RequestFetch = (request: Request) => Promise<Response>;

/**
 * Wraps a fetch so that each call gives up after `timeoutMs`: the request's signal is aborted (a
 * well-behaved fetch stops) and the call rejects with a status-0 {@link CroupierApiError} "timeout"
 * even if the wrapped fetch ignores the signal.
 */
export function withTimeout(fetchImpl: RequestFetch, timeoutMs: number): RequestFetch {
  return async (request) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const timed = new Request(request, { signal: AbortSignal.any([request.signal, timeout]) });
    return new Promise<Response>((resolve, reject) => {
      const onTimeout = () => reject(new CroupierApiError(0, "timeout", { kind: "timeout", cause: timeout.reason }));
      timeout.addEventListener("abort", onTimeout, { once: true });
      fetchImpl(timed).then(
        (response) => {
          timeout.removeEventListener("abort", onTimeout);
          resolve(response);
        },
        (thrown: unknown) => {
          timeout.removeEventListener("abort", onTimeout);
          reject(timeout.aborted ? new CroupierApiError(0, "timeout", { kind: "timeout", cause: thrown }) : thrown);
        },
      );
    });
  };
}
