import { defineConfig } from "vitest/config";
import { LongestFirstSequencer } from "./vitest.sequencer.js";

/**
 * The at-rest key every service a test starts uses (CROUPIER_SECRET_KEY: docs/security.md, The at-rest key): set in each
 * test process's environment, which the services tests spawn inherit; in-process ones read it through the harness.
 * For tests only; tests of a missing or wrong key take it out or replace it.
 */
export const env = { CROUPIER_SECRET_KEY: "Y3JvdXBpZXIgdGVzdHMgb25seTogbmV2ZXIgcmVhbCE=" };

/**
 * The files that run the bench itself (scripts/test/): each loads the machine to saturation by design (a load generator,
 * services, a wallet, PostgreSQL) and starved the files beside it on a slow hour, so npm test leaves them to
 * npm run test:bench (vitest.bench.config.ts), which runs them one at a time.
 */
export const BENCH_RUNS = ["test/bench-quick.test.ts", "test/bench-postgres.test.ts"];

const packages = ["signing", "spec", "backoffice", "server", "sdk-operator", "sdk-provider", "conformance", "mock-operator-wallet", "scripts"];

export default defineConfig({
  test: {
    // Most tests wait on servers, child processes, timers and databases rather than compute: three files at once on 2
    // cores. Four ran faster on a fast hour (318 s against 355 s), but on a slow one starved the files beside the
    // heaviest (a browser's page, a service's start, a provider's answer past their waits: 2026-11-27 04:43 and 04:56 UTC).
    maxWorkers: 3,
    // The longest files first, so the run does not end on one of them (vitest.sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      ...packages.map((name) => ({
        test: {
          name,
          root: `./${name}`,
          include: ["**/*.test.ts"],
          // The reliability suite runs as its own project, never twice: npm test leaves it out, npm run test:reliability runs it.
          // The bench's runs are left to npm run test:bench.
          exclude: [
            "**/node_modules/**",
            "**/dist/**",
            ...(name === "server" ? ["test/reliability/**"] : []),
            ...(name === "scripts" ? BENCH_RUNS : []),
          ],
          // Files share a worker's loaded modules instead of loading them again each (the server's imports were a third of
          // the run, and a fresh worker per file costs every other package's files a process start): every file starts
          // its own servers, wallets, databases, browsers and temp directories, and stops or removes them.
          isolate: false,
          // Generous: with three files at once, a test that starts several processes waits its turn for a core.
          testTimeout: 90_000,
          hookTimeout: 90_000,
          env,
        },
      })),
      {
        test: {
          name: "reliability",
          root: "./server",
          include: ["test/reliability/**/*.test.ts"],
          // It builds the previous release: opt-in, npm run test:upgrade (vitest.upgrade.config.ts).
          exclude: ["test/reliability/rolling-upgrade.test.ts"],
          // Load, faults and crashes on a shared 2-core machine: generous limits, no timing assertions.
          testTimeout: 300_000,
          hookTimeout: 120_000,
          env,
        },
      },
    ],
  },
});
