import type { ErrorRequestHandler, Response } from "express";
import { ApiError, toApiError, type ApiErrorCode } from "../domain/errors.js";

/** The single mapping from domain error codes to HTTP statuses. */
export const STATUS_BY_CODE: Record<ApiErrorCode, number> = {
  invalid_nonce: 400,
  bad_request: 400,
  invalid_signature: 401,
  replayed_request: 401,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  retryable_failure: 500,
  internal: 500,
  upstream_failed: 502,
  not_configured: 503,
};

/** Writes an ApiError as the spec's wire shape: plain text for a bad signature, `{ "error": message }` otherwise. */
export function sendError(res: Response, error: ApiError): void {
  const status = STATUS_BY_CODE[error.code];
  res.locals.errorCode = error.code;
  if (error.code === "invalid_signature") {
    res.status(status).type("text/plain").send("invalid signature");
    return;
  }
  if (error.details.retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(error.details.retryAfterSeconds));
  res.status(status).json({ error: error.message });
}

/**
 * The last middleware: turns anything thrown into the documented error shape. Errors from the OpenAPI validator
 * (and Express's own, such as a malformed URL) are client mistakes (their `status` is 4xx) and are reported as 400 with their message.
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  if (res.headersSent) return;
  const status = (error as { status?: unknown }).status;
  if (!(error instanceof ApiError) && typeof status === "number" && status >= 400 && status < 500) {
    const code: ApiErrorCode = status === 404 || status === 405 ? "not_found" : "bad_request";
    sendError(res, new ApiError(code, describeClientError(error)));
    return;
  }
  const apiError = toApiError(error);
  if (apiError.code === "internal") res.locals.internalError = error;
  sendError(res, apiError);
};

function describeClientError(error: unknown): string {
  const e = error as { message?: unknown; errors?: { path?: string; message?: string }[] };
  if (Array.isArray(e.errors) && e.errors.length > 0) {
    const details = e.errors.map((d) => `${(d.path ?? "").replace(/^\//, "").replace(/\//g, ".")} ${d.message ?? ""}`.trim());
    // A body of two forms (anyOf) fails with each form's findings, then a summary: say each finding once, no summary.
    const findings = details.filter((detail) => !/ must match a schema in (anyOf|oneOf)$/.test(detail));
    return [...new Set(findings.length > 0 ? findings : details)].join("; ");
  }
  return typeof e.message === "string" ? e.message : "bad request";
}
