import { HTTP_URL_RULE, IDENTIFIER_RULE, LIMITS, NOTE_RULE } from "@croupier/contract";
import type { ErrorRequestHandler, Response } from "express";
import { ApiError, cappedMessage, toApiError, type ApiErrorCode } from "../domain/errors.js";
import { refuseAfterRecording } from "./authenticate.js";
import { pendingNonceOf } from "./caller.js";

/**
 * The single mapping from error codes to HTTP statuses. The codes are the wire codes too (ErrorCode in
 * spec/common/errors.tsp documents each; server/test/error-codes.test.ts keeps this table and the contract equal).
 */
export const STATUS_BY_CODE: Record<ApiErrorCode, number> = {
  invalid_nonce: 400,
  bad_request: 400,
  transaction_id_of_another_provider: 400,
  original_transaction_of_another_provider: 400,
  ROUND_CLOSED: 400,
  IDEMPOTENCY_MISMATCH: 400,
  invalid_signature: 401,
  replayed_request: 401,
  unauthenticated: 401,
  forbidden: 403,
  current_secret_required: 403,
  not_found: 404,
  unsupported_media_type: 415,
  conflict: 409,
  rate_limited: 429,
  retryable_failure: 500,
  internal: 500,
  upstream_failed: 502,
  not_configured: 503,
};

/** The header that carries an error's code on every error response, the plain-text 401 included. */
export const ERROR_CODE_HEADER = "X-Error-Code";

/** An error as it goes on the wire: the plain text of a bad signature, or the JSON body of any other; always with its code. */
type ErrorReply = { status: number; code: ApiErrorCode } & (
  | { text: string }
  | { json: { error: string; code: ApiErrorCode }; retryAfterSeconds?: number }
);

/** The spec's wire shape of an error: plain text `invalid signature`, or `{ "error": message, "code": code }` (429: with Retry-After). */
function errorReply(error: ApiError): ErrorReply {
  const { code } = error;
  const status = STATUS_BY_CODE[code];
  if (code === "invalid_signature") return { status, code, text: "invalid signature" };
  const retryAfterSeconds = error.details.retryAfterSeconds;
  return { status, code, json: { error: cappedMessage(error.message), code }, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
}

/** Writes an ApiError through Express (see {@link errorReply}). */
export function sendError(res: Response, error: ApiError): void {
  const reply = errorReply(error);
  res.locals.errorCode = error.code;
  res.setHeader(ERROR_CODE_HEADER, reply.code);
  if ("text" in reply) {
    res.status(reply.status).type("text/plain").send(reply.text);
    return;
  }
  if (reply.retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(reply.retryAfterSeconds));
  res.status(reply.status).json(reply.json);
}

/** One finding of a schema validation: where in the request, and what is wrong there. */
interface ValidationFinding {
  path?: string;
  message?: string;
}

/** Ajv names a failed pattern by its source; the contract's own patterns (spec/common/scalars.tsp) are said in words instead. */
const PATTERNS_IN_WORDS = new Map([
  [`must match pattern "${LIMITS.identifierPattern}"`, IDENTIFIER_RULE],
  [`must match pattern "${LIMITS.httpUrlPattern}"`, HTTP_URL_RULE],
  [`must match pattern "${LIMITS.notePattern}"`, NOTE_RULE],
]);
const inWords = (message: string) => {
  for (const [pattern, words] of PATTERNS_IN_WORDS) if (message.endsWith(pattern)) return message.slice(0, -pattern.length) + words;
  return message;
};

/**
 * The message of a 400 for schema findings, as `body.amount must be >= 0`, each finding once. A body of two forms
 * (anyOf) fails with each form's findings, then a summary; a body of the form its `type` names (a discriminated union,
 * see validation-document.ts) fails with that form's findings, then `must match "then" schema`: summaries are left out.
 */
function describeFindings(findings: readonly ValidationFinding[]): string {
  const details = findings.map((d) => `${(d.path ?? "").replace(/^\//, "").replace(/\//g, ".")} ${inWords(d.message ?? "")}`.trim());
  const specific = details.filter((detail) => !/ must match (a schema in (anyOf|oneOf)|"then" schema)$/.test(detail));
  return [...new Set(specific.length > 0 ? specific : details)].join("; ");
}

/**
 * What any failure of a request is answered as: errors from the OpenAPI validator (and Express's own, such as a
 * malformed URL) are client mistakes (their `status` is 4xx) and are reported as 400 (404 for an unknown route or
 * method) with their message; an ApiError as itself; anything else as an internal error.
 */
export function toServiceError(error: unknown): ApiError {
  const status = (error as { status?: unknown }).status;
  if (!(error instanceof ApiError) && typeof status === "number" && status >= 400 && status < 500) {
    const code: ApiErrorCode = status === 404 || status === 405 ? "not_found" : "bad_request";
    return new ApiError(code, code === "not_found" ? describeRouteError(error) : describeClientError(error));
  }
  return toApiError(error);
}

/**
 * The last middleware: turns anything thrown into the documented error shape ({@link toServiceError}). A call whose
 * nonce its transaction's claim was to record has it recorded first: a replay is refused as one (decisions.md §1).
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (res.headersSent) return;
  const apiError = toServiceError(error);
  if (apiError.code === "internal") res.locals.internalError = error;
  const nonce = pendingNonceOf(res);
  if (nonce?.pending !== true) return sendError(res, apiError);
  refuseAfterRecording(nonce, { ok: false, error: apiError }).then(({ error: refusal }) => sendError(res, refusal), next);
};

/** The validator's finding for a path parameter that does not decode (a lone `%`, a sequence that is no UTF-8). */
const MALFORMED_PATH_FINDING = "malformed uri'";

/** An unknown route or method, with the path as sent (the validator's finding writes it as a property path, `v1.operator.x`). */
function describeRouteError(error: unknown): string {
  const [finding] = (error as { errors?: ValidationFinding[] }).errors ?? [];
  if (finding?.path === undefined || finding.message === undefined) return describeClientError(error);
  return `${finding.message}: ${finding.path}`;
}

function describeClientError(error: unknown): string {
  const e = error as { message?: unknown; errors?: ValidationFinding[] };
  if (e.errors?.some((finding) => finding.message === MALFORMED_PATH_FINDING)) {
    return "the request path is malformed: a % must start a percent-encoded UTF-8 sequence";
  }
  if (Array.isArray(e.errors) && e.errors.length > 0) return describeFindings(e.errors);
  return typeof e.message === "string" ? e.message : "bad request";
}
