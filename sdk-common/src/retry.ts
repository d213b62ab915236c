import type { CroupierApiError, Result } from "./api-error.js";

/** What {@link RetryOptions.onRetry} is told before each resend. */
export interface RetryEvent {
  /** The attempt that just failed, from 1. */
  attempt: number;
  /** Why it failed. */
  error: CroupierApiError;
  /** How long the client waits before the next attempt, in ms. */
  delayMs: number;
}

/** How a client retries the calls that are safe to repeat. */
export interface RetryOptions {
  /** Total attempts including the first; default 5. */
  maxAttempts?: number;
  /** Upper bound of the first backoff delay in ms; default 100. */
  initialDelayMs?: number;
  /** Cap of any backoff delay in ms; default 5000. */
  maxDelayMs?: number;
  /** Called before each resend (logging, metrics); it cannot stop the retry, and what it throws is ignored. */
  onRetry?: (event: RetryEvent) => void;
}

/** The knobs tests inject; production uses real timers and Math.random. */
export interface RetryClock {
  sleep(ms: number): Promise<void>;
  random(): number;
}

const realClock: RetryClock = { sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)), random: Math.random };

/**
 * Statuses worth resending unchanged: no answer (0: network error or timeout), 409 (another attempt still in
 * flight), 429 (rate limited), 500 (retryable platform failure, incl. TIMED_OUT) and the gateway failures 502/504
 * of a proxy in front of the service. Never 503 (not configured: waiting does not help), never another 4xx,
 * never a 200 DECLINED, and never a call your own signal aborted.
 */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([0, 409, 429, 500, 502, 504]);

/**
 * Runs `attempt` until it succeeds, fails for good, or `maxAttempts` is used up. Between attempts it
 * waits the 429's Retry-After when given, else capped exponential backoff with full jitter
 * (a random delay in [0, min(maxDelay, initialDelay · 2^(n-1))]). Each attempt is a fresh signed
 * request, so timestamp and nonce are new while the body stays the same.
 */
export async function withRetry<T>(
  attempt: () => Promise<Result<T>>,
  options: RetryOptions | false,
  clock: RetryClock = realClock,
): Promise<Result<T>> {
  const maxAttempts = options === false ? 1 : Math.max(1, options.maxAttempts ?? 5);
  const initialDelayMs = options === false ? 0 : (options.initialDelayMs ?? 100);
  const maxDelayMs = options === false ? 0 : (options.maxDelayMs ?? 5000);
  for (let n = 1; ; n++) {
    const result = await attempt();
    const { error } = result;
    if (!error || n >= maxAttempts || error.kind === "aborted" || !RETRYABLE_STATUSES.has(error.status)) return result;
    const delayMs = error.retryAfter !== undefined ? error.retryAfter * 1000 : clock.random() * Math.min(maxDelayMs, initialDelayMs * 2 ** (n - 1));
    if (options !== false) notify(options.onRetry, { attempt: n, error, delayMs });
    await clock.sleep(delayMs);
  }
}

function notify(onRetry: RetryOptions["onRetry"], event: RetryEvent): void {
  try {
    onRetry?.(event);
  } catch {
    // A logging hook that throws must not turn a retryable failure into a lost call.
  }
}
