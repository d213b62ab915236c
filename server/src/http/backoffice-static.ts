import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import express, { Router } from "express";
import { notFound } from "../domain/errors.js";

/** Where `npm install` (the root build) put the back office's static files. */
export function backofficeAssetsDir(): string {
  const manifest = createRequire(import.meta.url).resolve("@croupier/backoffice/package.json");
  return join(dirname(manifest), "dist");
}

// Only the app's own bundle runs, and nothing may frame it (its buttons move money).
const SECURITY_HEADERS = {
  "Content-Security-Policy":
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
} as const;

/**
 * Serves the web back office's built files at `/backoffice/`, unsigned (its API calls go through the one pipeline);
 * without a build, the page says how to make one.
 */
export function backofficeStatic(dir = backofficeAssetsDir()): Router {
  const router = Router({ caseSensitive: true, strict: true });
  const built = existsSync(join(dir, "index.html"));
  router.use((req, res, next) => {
    if (req.path.startsWith("/backoffice/api/")) return next();
    if (req.path === "/backoffice") return res.redirect(301, "/backoffice/");
    if (!req.path.startsWith("/backoffice/")) return next();
    res.set(SECURITY_HEADERS);
    if (!built) {
      return res.status(503).type("text/plain").send("The back office is not built: run npm install (or npm run build) in the repository.\n");
    }
    next();
  });
  // Hashed asset names never change content, so browsers may keep them; index.html is always revalidated.
  router.use(
    "/backoffice",
    express.static(dir, {
      index: "index.html",
      redirect: false,
      fallthrough: true,
      setHeaders: (res, path) => res.setHeader("Cache-Control", path.endsWith("index.html") ? "no-cache" : "public, max-age=31536000, immutable"),
    }),
  );
  router.use((req, _res, next) => {
    const file = req.path.startsWith("/backoffice/") && !req.path.startsWith("/backoffice/api/");
    next(file ? notFound("no such file in the back office") : undefined);
  });
  return router;
}
