import type { IncomingMessage, ServerResponse } from "node:http";
import { HandlerError } from "./handler-error.js";
import { DEFAULT_MAX_BODY_BYTES, readRawBody } from "./raw-body.js";
import type { HandlerResponse, SignedRequestHandler } from "./signed-handler.js";

/** Options of the node:http and Express adapters. */
export interface AdapterOptions {
  /** Largest accepted body in bytes; more is answered 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Called with unexpected errors before the adapter answers 500 (node:http) or passes them to `next` (Express). */
  onError?: (error: unknown) => void;
}

/** The parts of an Express request the adapter reads (kept structural: the SDK has no runtime dependency on Express). */
export type ExpressLikeRequest = IncomingMessage & { originalUrl?: string; body?: unknown };

/** An Express-compatible middleware: `(req, res, next) => void`. */
export type ExpressLikeMiddleware = (req: ExpressLikeRequest, res: ServerResponse, next: (error?: unknown) => void) => void;

function send(res: ServerResponse, answer: HandlerResponse): void {
  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.end(answer.body);
}

/** Adapter-level failures that still have a proper answer (today only 413). */
function knownFailure(error: unknown): HandlerResponse | undefined {
  if (!(error instanceof HandlerError)) return undefined;
  return {
    status: error.status,
    headers: { "content-type": "application/json", connection: "close" },
    body: JSON.stringify({ error: error.message }),
  };
}

/** Writes the handler's answer, or the proper answer of an adapter-level failure; anything else goes to `unexpected`. */
function answerWith(res: ServerResponse, answer: Promise<HandlerResponse>, unexpected: (error: unknown) => void): void {
  answer.then(
    (response) => send(res, response),
    (error: unknown) => {
      const known = knownFailure(error);
      if (known) send(res, known);
      else unexpected(error);
    },
  );
}

/**
 * Serves a Croupier receiver with plain `node:http`: reads the raw body itself (413 above
 * `maxBodyBytes`), passes `req.url` as the signed target, and writes the answer.
 *
 * @example
 * http.createServer(toNodeListener(handler)).listen(9001, "127.0.0.1");
 */
export function toNodeListener(handler: SignedRequestHandler, options: AdapterOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const maxBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  return (req, res) => {
    const answer = readRawBody(req, maxBytes).then((body) =>
      handler({ method: req.method ?? "GET", target: req.url ?? "/", headers: req.headers, body }),
    );
    answerWith(res, answer, (error) => {
      options.onError?.(error);
      send(res, { status: 500, headers: { "content-type": "application/json" }, body: JSON.stringify({ error: "internal error" }) });
    });
  };
}

const PARSED_BODY_EXPLANATION =
  "The Croupier handler received an already-parsed body, but signatures cover the exact raw bytes sent. " +
  "Mount it before express.json() (it reads the stream itself), or use express.raw({ type: '*/*' }) on its route.";

/**
 * Serves a Croupier receiver from Express. Mount it before any body parser (it reads the stream
 * itself) or behind `express.raw()`; a body already parsed into an object is refused by calling
 * `next` with an explanatory TypeError. The signed target is `req.originalUrl`, so mounting under a
 * prefix works. It answers every request it receives, so mount it on the callback prefix.
 *
 * @example
 * const app = express();
 * app.use("/croupier", toExpressMiddleware(handler));
 * app.use(express.json()); // your other routes
 */
export function toExpressMiddleware(handler: SignedRequestHandler, options: AdapterOptions = {}): ExpressLikeMiddleware {
  const maxBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  return (req, res, next) => {
    const parsed = req.body;
    let body: Promise<string | Uint8Array>;
    // Express 5 leaves req.body undefined unless a parser ran; express.raw/express.text leave bytes or text.
    if (parsed === undefined) body = readRawBody(req, maxBytes);
    else if (typeof parsed === "string" || parsed instanceof Uint8Array) body = Promise.resolve(parsed);
    else return next(new TypeError(PARSED_BODY_EXPLANATION));
    const answer = body.then((raw) =>
      handler({ method: req.method ?? "GET", target: req.originalUrl ?? req.url ?? "/", headers: req.headers, body: raw }),
    );
    answerWith(res, answer, (error) => {
      options.onError?.(error);
      next(error);
    });
  };
}
