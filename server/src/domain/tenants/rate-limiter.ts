import type { RateLimitConfig } from "./tenant-settings.js";

/** Beyond this many buckets, the full ones (the same as none) are dropped: keys that come and go stay bounded. */
const PRUNE_ABOVE = 10_000;

/**
 * Token buckets per key (a tenant, or a back-office session's digest). `take` spends one token or says how many whole
 * seconds to wait (at least 1).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly limitFor: (tenantId: string) => RateLimitConfig,
    private readonly now: () => number = () => performance.now(),
  ) {}

  take(tenantId: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const { requestsPerSecond, burst } = this.limitFor(tenantId);
    const now = this.now();
    const bucket = this.buckets.get(tenantId) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * requestsPerSecond);
    bucket.at = now;
    if (this.buckets.size >= PRUNE_ABOVE && !this.buckets.has(tenantId)) this.pruneFull(now);
    this.buckets.set(tenantId, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    // A bucket that never refills (0 per second) has no honest wait; a minute keeps clients from hammering it.
    if (requestsPerSecond <= 0) return { allowed: false, retryAfterSeconds: 60 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / requestsPerSecond)) };
  }

  /**
   * Returns a token {@link take} spent on a call found afterwards to be one the limit should not have counted: a replay,
   * whose nonce the money path checks after the limit (http/authenticate.ts, deferred nonces).
   */
  giveBack(tenantId: string): void {
    const bucket = this.buckets.get(tenantId);
    if (bucket) bucket.tokens = Math.min(this.limitFor(tenantId).burst, bucket.tokens + 1);
  }

  private pruneFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      const { requestsPerSecond, burst } = this.limitFor(key);
      if (bucket.tokens + ((now - bucket.at) / 1000) * requestsPerSecond >= burst) this.buckets.delete(key);
    }
  }
}
