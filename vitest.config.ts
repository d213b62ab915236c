import { defineConfig } from "vitest/config";

const packages = ["signing", "spec", "server", "sdk-operator", "sdk-provider", "conformance", "mock-operator-wallet", "scripts"];

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
        },
      },
    ],
  },
});
