import { defineConfig } from "vite";

// Served by the service under /backoffice/; every asset is bundled at build time, nothing is fetched from elsewhere.
export default defineConfig({
  base: "/backoffice/",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 200 },
});
