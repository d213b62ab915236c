import { defineConfig } from "vitest/config";

const packages = ["signing", "spec", "server", "sdk-operator", "sdk-provider", "mock-operator-wallet", "scripts"];

export default defineConfig({
  test: {
    projects: packages.map((name) => ({
      test: {
        name,
        root: `./${name}`,
        include: ["**/*.test.ts"],
        exclude: ["**/node_modules/**", "**/dist/**"],
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
