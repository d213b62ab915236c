import type { RequestHandler } from "express";
import type { Logger } from "pino";
import type { Metrics } from "../observability/metrics.js";
import { requestIdOf } from "./request-id.js";

/** What one request leaves in the log: never the body, a secret or a session token. */
export interface RequestLogEntry {
  tenant?: string;
  method: string;
  /** The route pattern, so path parameters and query values stay out of the log too. */
  route: string;
  /** True when no route matched: `route` is then the raw path, which the metrics must not use as a label. */
  unmatched?: boolean;
  status: number;
  /** The response's X-Request-Id (http/request-id.ts), so a caller's report finds its line. */
  requestId?: string | undefined;
  /** The ApiError code of an error answer. */
  error?: string;
  /** Why a signature was refused (`bad-signature`, `wrong-role`, ...). */
  authFailure?: string;
}

/** Writes a request's line once it is answered; `started` is `process.hrtime.bigint()` at its arrival. */
export type RequestLine = (entry: RequestLogEntry, started: bigint, internalError?: unknown) => void;

/**
 * One structured line per request (tenant, route, status, latency) and its count in the metrics. Undefined when there
 * are no metrics and even error lines are off: callers then skip the per-request listener and timing altogether.
 */
function requestLine(logger: Logger, metrics?: Metrics): RequestLine | undefined {
  const logs = logger.isLevelEnabled("error");
  // At `warn` and `error` only failed requests are written: the others' lines are not built at all.
  const logsAnswers = logger.isLevelEnabled("info");
  if (!logs && !metrics) return undefined;
  return (entry, started, internalError) => {
    const elapsedNs = Number(process.hrtime.bigint() - started);
    const route = entry.route.length <= 200 ? entry.route : "(unmatched)";
    metrics?.observeRequest(entry.unmatched ? "(unmatched)" : route, entry.method, entry.status, elapsedNs / 1e9);
    if (!logs || (entry.status < 500 && !logsAnswers)) return;
    const latencyMs = Math.round(elapsedNs / 1e4) / 100;
    // Every key written out (pino leaves undefined ones out of the line): spreads that add keys take V8's slow path, which
    // made a line cost 9 µs against 2 (docs/benchmarks.md).
    const line = {
      tenant: entry.tenant,
      requestId: entry.requestId,
      method: entry.method,
      route,
      status: entry.status,
      latencyMs,
      error: entry.error || undefined,
      authFailure: entry.authFailure || undefined,
    };
    if (entry.status >= 500) logger.error({ ...line, err: internalError }, "request failed");
    else logger.info(line, "request");
  };
}

/** The request log as Express middleware: the entry is read from the request and `res.locals` once the answer is sent. */
export function requestLog(logger: Logger, metrics?: Metrics): RequestHandler {
  const line = requestLine(logger, metrics);
  if (!line) return (_req, _res, next) => next();
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const matched = req.route?.path as unknown;
      const route = matched ?? req.path;
      line(
        {
          tenant: res.locals.tenantId as string | undefined,
          requestId: requestIdOf(res),
          method: req.method,
          route: typeof route === "string" ? route : "(unmatched)",
          unmatched: typeof matched !== "string",
          status: res.statusCode,
          error: res.locals.errorCode as string | undefined,
          authFailure: res.locals.authFailure as string | undefined,
        },
        started,
        res.locals.internalError,
      );
    });
    next();
  };
}
