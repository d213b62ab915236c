import type { RequestHandler } from "express";
import { badRequest } from "../domain/errors.js";

/**
 * Parses the raw body (already verified) as JSON. Runs after authentication because the signature covers the
 * raw bytes, never re-serialised JSON. Keeps the raw bytes on `res.locals.rawBody`. Every body of this API is JSON,
 * so a body is parsed whatever its Content-Type says, and the validator is told it is JSON.
 */
export const jsonBody: RequestHandler = (req, res, next) => {
  const raw: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  res.locals.rawBody = raw;
  if (raw.length === 0) {
    req.body = undefined;
    if (req.method === "POST" || req.method === "PUT" || req.method === "PATCH") {
      req.headers["content-type"] = "application/json";
    }
    return next();
  }
  try {
    req.body = JSON.parse(raw.toString("utf8"));
  } catch {
    return next(badRequest("request body is not valid JSON"));
  }
  req.headers["content-type"] = "application/json";
  next();
};
