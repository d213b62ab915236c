import type { RequestHandler, Response } from "express";
import { badRequest } from "../domain/errors.js";

/**
 * Parses the verified raw body as JSON whatever its Content-Type says (every body of this API is JSON, and the
 * validator picks the body's schema by Content-Type, so it is told so); the text stays on the response's locals.
 */
export const jsonBody: RequestHandler = (req, res, next) => {
  const text = (req.body as Buffer | undefined)?.toString("utf8");
  res.locals.rawText = text;
  if (text === undefined || text.length === 0) {
    req.body = undefined;
  } else {
    try {
      req.body = JSON.parse(text);
    } catch {
      return next(badRequest("request body is not valid JSON"));
    }
  }
  if (req.body !== undefined || req.method === "POST" || req.method === "PUT" || req.method === "PATCH") {
    req.headers["content-type"] = "application/json";
  }
  next();
};

/** The request body's text as received (a provider's metadata reaches the operator byte for byte). */
export function rawTextOf(res: Response): string | undefined {
  return res.locals.rawText as string | undefined;
}
