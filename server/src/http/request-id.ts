import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** The header that carries a request's id both ways. */
export const REQUEST_ID_HEADER = "X-Request-Id";

/** A caller's id is kept only when it is short and plain, so nothing odd reaches the logs or the response. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:~-]{1,128}$/;

/**
 * Gives the response its X-Request-Id before any handler runs: the caller's own when it is 1-128 characters of
 * `A-Z a-z 0-9 - _ . : ~`, otherwise a fresh UUID; the request log reads it back with {@link requestIdOf}.
 */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): void {
  const sent = req.headers["x-request-id"];
  res.setHeader(REQUEST_ID_HEADER, typeof sent === "string" && SANE_REQUEST_ID.test(sent) ? sent : randomUUID());
}

/** The id {@link assignRequestId} gave the response. */
export function requestIdOf(res: ServerResponse): string | undefined {
  const id = res.getHeader(REQUEST_ID_HEADER);
  return typeof id === "string" ? id : undefined;
}
