import type { RequestHandler } from "express";
import type { Logger } from "pino";

/**
 * One structured line per request: tenant, route, status, latency. Never the body, a secret or a session token:
 * only the route pattern is logged, so path parameters and query values stay out of the log too.
 */
export function requestLog(logger: Logger): RequestHandler {
  // With even error lines off there is nothing to log: skip the per-request listener and timing altogether.
  if (!logger.isLevelEnabled("error")) return (_req, _res, next) => next();
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const latencyMs = Number(process.hrtime.bigint() - started) / 1e6;
      const route = (req.route?.path as string | undefined) ?? req.path;
      const entry = {
        tenant: res.locals.tenantId as string | undefined,
        method: req.method,
        route: typeof route === "string" && route.length <= 200 ? route : "(unmatched)",
        status: res.statusCode,
        latencyMs: Math.round(latencyMs * 100) / 100,
        ...(res.locals.errorCode ? { error: res.locals.errorCode as string } : {}),
        ...(res.locals.authFailure ? { authFailure: res.locals.authFailure as string } : {}),
      };
      if (res.statusCode >= 500) logger.error({ ...entry, err: res.locals.internalError }, "request failed");
      else logger.info(entry, "request");
    });
    next();
  };
}
