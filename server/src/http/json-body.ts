import type { IncomingHttpHeaders } from "node:http";
import type { RequestHandler } from "express";
import { badRequest } from "../domain/errors.js";

/**
 * Parses a raw body's UTF-8 text (already verified) as JSON; undefined when there is none. Every body of this API is JSON, so a
 * body is parsed whatever its Content-Type says. Runs after authentication because the signature covers the raw
 * bytes, never re-serialised JSON.
 */
export function parseJsonBody(text: string | undefined): unknown {
  if (text === undefined || text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("request body is not valid JSON");
  }
}

/**
 * Puts the parsed body on the request, as the OpenAPI validator reads it, and tells the validator the body is JSON
 * (it picks the request body's schema by Content-Type). Both HTTP paths call this.
 */
export function setJsonBody(req: { method?: string | undefined; headers: IncomingHttpHeaders; body?: unknown }, text: string | undefined): void {
  req.body = parseJsonBody(text);
  if (req.body !== undefined || req.method === "POST" || req.method === "PUT" || req.method === "PATCH") {
    req.headers["content-type"] = "application/json";
  }
}

/** {@link setJsonBody} for Express, on the raw body the earlier middleware read. */
export const jsonBody: RequestHandler = (req, _res, next) => {
  try {
    setJsonBody(req, (req.body as Buffer | undefined)?.toString("utf8"));
  } catch (error) {
    return next(error);
  }
  next();
};
