import { defineConfig } from "tsup";

// @croupier/signing and @croupier/contract are bundled in (code and types), so the published kit depends on nothing unpublished and
// nothing at all at run time: it talks HTTP with Node's own fetch. The CLI keeps its shebang line.
export default defineConfig({
  entry: ["src/index.ts", "src/cli.ts"],
  format: ["esm", "cjs"],
  tsconfig: "tsconfig.build.json",
  dts: { entry: "src/index.ts" },
  clean: true,
  sourcemap: true,
  target: "node20",
  noExternal: ["@croupier/signing", "@croupier/contract"],
});
