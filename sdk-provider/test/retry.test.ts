import { describe, expect, it } from "vitest";
import { CroupierApiError, type Result } from "../src/index.js";
import { withRetry } from "../../sdk-common/src/retry.js";

const failing = (status: number, retryAfter?: number): Result<number> => ({
  error: new CroupierApiError(status, "x", retryAfter === undefined ? {} : { retryAfter }),
});

describe("withRetry backoff", () => {
  it("uses capped exponential backoff with full jitter", async () => {
    const delays: number[] = [];
    const clock = { sleep: async (ms: number) => void delays.push(ms), random: () => 1 };
    await withRetry(async () => failing(500), { maxAttempts: 6, initialDelayMs: 100, maxDelayMs: 500 }, clock);
    expect(delays).toEqual([100, 200, 400, 500, 500]);
    delays.length = 0;
    await withRetry(async () => failing(500), { maxAttempts: 3, initialDelayMs: 100, maxDelayMs: 500 }, { ...clock, random: () => 0.25 });
    expect(delays).toEqual([25, 50]);
  });

  it("waits exactly Retry-After seconds when the server says so", async () => {
    const delays: number[] = [];
    await withRetry(async () => failing(429, 3), { maxAttempts: 2 }, { sleep: async (ms) => void delays.push(ms), random: () => 0.5 });
    expect(delays).toEqual([3000]);
  });
});
