import { defineConfig } from "vitest/config";
import { env } from "./vitest.config.js";

/**
 * npm run test:upgrade: the rolling upgrade test alone (server/test/reliability/README.md). Not part of npm test: it
 * checks out and builds the previous release (UPGRADE_FROM) in a temporary git worktree before it starts.
 */
export default defineConfig({
  test: {
    name: "upgrade",
    root: "./server",
    include: ["test/reliability/rolling-upgrade.test.ts"],
    testTimeout: 300_000,
    // The previous release's checkout and build come first.
    hookTimeout: 600_000,
    env,
  },
});
