import { defineConfig } from "tsup";

// The signing package is bundled in, so the published SDK depends on nothing but openapi-fetch.
export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
  noExternal: ["@croupier/signing"],
});
