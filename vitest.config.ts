import { defineConfig } from "vitest/config";

/**
 * The at-rest key every service a test starts uses (CROUPIER_SECRET_KEY is required: README, Security): set in each
 * test process's environment, which the services tests spawn inherit; in-process ones read it through the harness.
 * For tests only; tests of a missing or wrong key take it out or replace it.
 */
const env = { CROUPIER_SECRET_KEY: "Y3JvdXBpZXIgdGVzdHMgb25seTogbmV2ZXIgcmVhbCE=" };

const packages = ["signing", "spec", "backoffice", "server", "sdk-operator", "sdk-provider", "conformance", "mock-operator-wallet", "scripts"];

export default defineConfig({
  test: {
    projects: [
      ...packages.map((name) => ({
        test: {
          name,
          root: `./${name}`,
          include: ["**/*.test.ts"],
          // The reliability suite runs as its own project (npm run test:reliability), never twice.
          exclude: ["**/node_modules/**", "**/dist/**", ...(name === "server" ? ["test/reliability/**"] : [])],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env,
        },
      })),
      {
        test: {
          name: "reliability",
          root: "./server",
          include: ["test/reliability/**/*.test.ts"],
          // Load, faults and crashes on a shared 2-core machine: generous limits, no timing assertions.
          testTimeout: 300_000,
          hookTimeout: 120_000,
          env,
        },
      },
    ],
  },
});
