import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limiter.js";

describe("RateLimiter", () => {
  it("spends the burst, then asks for whole seconds until one token refills", () => {
    let now = 0;
    const limiter = new RateLimiter(
      () => ({ requestsPerSecond: 0.5, burst: 2 }),
      () => now,
    );
    expect(limiter.take("t").allowed).toBe(true);
    expect(limiter.take("t").allowed).toBe(true);
    expect(limiter.take("t")).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(limiter.take("other").allowed).toBe(true);
    now = 2000;
    expect(limiter.take("t").allowed).toBe(true);
  });

  it("a bucket that never refills asks for a minute, never Infinity", () => {
    const limiter = new RateLimiter(
      () => ({ requestsPerSecond: 0, burst: 1 }),
      () => 0,
    );
    expect(limiter.take("t").allowed).toBe(true);
    expect(limiter.take("t")).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });
});
