import { defineConfig } from "vitest/config";

// Runs the README's example as an operator would: `conformance/test/examples.test.ts` starts a wallet and runs it.
export default defineConfig({ test: { root: import.meta.dirname, include: ["*.spec.ts"] } });
