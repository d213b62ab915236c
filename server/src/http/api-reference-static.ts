import { existsSync } from "node:fs";
import { join } from "node:path";
import express, { Router } from "express";
import { API_REFERENCE_DIR } from "../api-reference/location.js";
import { notFound } from "../domain/errors.js";

// Static pages with one style sheet: nothing runs, nothing comes from another host, nothing may frame them.
const SECURITY_HEADERS = {
  "Content-Security-Policy": "default-src 'self'; script-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
} as const;

/**
 * Serves the API reference at `/docs/`: the pages `npm run build` rendered from the three OpenAPI documents
 * (api-reference/build.ts), and the documents themselves, unsigned. Without a build the page says how to make one.
 */
export function apiReferenceStatic(dir = API_REFERENCE_DIR): Router {
  const router = Router({ caseSensitive: true, strict: true });
  const built = existsSync(join(dir, "index.html"));
  router.use((req, res, next) => {
    if (req.path === "/docs") return res.redirect(301, "/docs/");
    if (!req.path.startsWith("/docs/")) return next();
    res.set(SECURITY_HEADERS);
    if (!built)
      return res.status(503).type("text/plain").send("The API reference is not built: run npm install (or npm run build) in the repository.\n");
    next();
  });
  router.use(
    "/docs",
    express.static(dir, { index: "index.html", redirect: false, fallthrough: true, setHeaders: (res) => res.setHeader("Cache-Control", "no-cache") }),
  );
  router.use((req, _res, next) => next(req.path.startsWith("/docs/") ? notFound("no such page in the API reference") : undefined));
  return router;
}
