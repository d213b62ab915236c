import { defineConfig } from "tsup";

// The build of both SDKs (each package's tsup.config.ts re-exports it; tsup runs in the package's own folder).
// The signing and contract packages are bundled in, so the published SDK depends on nothing but openapi-fetch.
export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  // tsconfig.build.json maps @croupier/signing and @croupier/contract to their source, so their types are inlined into the .d.ts
  // as well: the published package must not point at an unpublished workspace.
  tsconfig: "tsconfig.build.json",
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
  noExternal: ["@croupier/signing", "@croupier/contract"],
});
