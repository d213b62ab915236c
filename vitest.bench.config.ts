import { defineConfig } from "vitest/config";
import { BENCH_RUNS, env } from "./vitest.config.js";

/**
 * npm run test:bench: the bench's own runs (quick mode on every target, the PostgreSQL targets, the prefill, the viewer),
 * one file at a time and not beside npm test's files: each saturates the machine by design. They check that the bench
 * works, not its figures.
 */
export default defineConfig({
  test: { name: "bench", root: "./scripts", include: BENCH_RUNS, maxWorkers: 1, testTimeout: 90_000, hookTimeout: 90_000, env },
});
