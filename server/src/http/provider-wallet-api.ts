import type { ServicePaths } from "@croupier/contract";
import type { Express, Request, RequestHandler, Response } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { ApiError } from "../domain/errors.js";
import type { DeferredNonce } from "../domain/ports/nonces.js";
import type { WalletService } from "../domain/wallet-service.js";
import {
  closeAfterRefusal,
  createAuthenticator,
  createHeaderCheck,
  settleRefusal,
  type AuthenticateOptions,
  type Authentication,
  type Caller,
  type SignedRequest,
} from "./authenticate.js";
import { ERROR_CODE_HEADER, errorReply, toServiceError } from "./error-handler.js";
import { setJsonBody } from "./json-body.js";
import { openApiValidator, type OpenApiValidation } from "./openapi-validator.js";
import type { ParsedDocument } from "./validation-document.js";
import { readRawBody } from "./raw-body.js";
import { requestIdOf } from "./request-id.js";
import { requestLine, type RequestLogEntry } from "./request-log.js";
import type { Metrics } from "../observability/metrics.js";

type WalletPath = "/v1/wallet/session/verify" | "/v1/wallet/balance" | "/v1/wallet/transaction";

/** A route's request body as the contract states it, which the validator has checked before the handler runs. */
type RequestBody<P extends WalletPath> = ServicePaths[P]["post"]["requestBody"]["content"]["application/json"];

/**
 * A route's work once the call is authenticated and its body validated: the JSON text of the 200 answer. `nonce` is
 * the call's nonce still to record, on the transaction route only (the ledger records it with its claim: issue 20).
 */
type WalletHandler<P extends WalletPath> = (
  wallet: WalletService,
  caller: Caller,
  body: RequestBody<P>,
  text: string | undefined,
  nonce: DeferredNonce | undefined,
) => string | Promise<string>;

const TRANSACTION_PATH = "/v1/wallet/transaction";

const HANDLERS: { readonly [P in WalletPath]: WalletHandler<P> } = {
  "/v1/wallet/session/verify": async (wallet, caller, body) => JSON.stringify(await wallet.verify(caller.tenantId, body.sessionToken)),
  // The operator's answer, verbatim (spec A.3).
  "/v1/wallet/balance": (wallet, caller, body) => wallet.balance(caller.tenantId, body.sessionToken),
  // The raw text goes along so that metadata reaches the operator byte for byte.
  [TRANSACTION_PATH]: async (wallet, caller, body, text, nonce) => JSON.stringify(await wallet.transaction(caller.tenantId, body, text, nonce)),
};

const isWalletPath = (path: string): path is WalletPath => Object.hasOwn(HANDLERS, path);

/** The documented paths this entry serves. */
const PROVIDER_WALLET_PATHS: readonly WalletPath[] = Object.keys(HANDLERS).filter(isWalletPath);

/** The documented wallet path a request path is for: as documented, or with a trailing slash (as Express matches). */
function documentedPathOf(path: string): WalletPath | undefined {
  if (isWalletPath(path)) return path;
  const trimmed = path.endsWith("/") ? path.slice(0, -1) : path;
  return isWalletPath(trimmed) ? trimmed : undefined;
}

/** Whether a request path is one of the provider wallet API's routes. */
export const isProviderWalletRoute = (path: string): boolean => documentedPathOf(path) !== undefined;

/** The provider wallet API's express-openapi-validator instances, and which one validates a documented path. */
export interface ProviderWalletValidators {
  /** Every instance's middleware, in turn: what the app runs for the wallet's paths that reach it. */
  handlers: RequestHandler[];
  validatesResponses: boolean;
  of: (path: WalletPath) => OpenApiValidation;
}

/**
 * The validators of the wallet API's paths: one express-openapi-validator instance per path, each passing every other
 * path by. The validator finds a request's operation by compiling each of its documented routes in turn, in path order,
 * on every request (cdimascio/express-openapi-validator#1217): alone in its instance, a wallet call's route is the only
 * one compiled (docs/benchmarks.md). Each instance is given only its path and the components that path reaches.
 */
export function providerWalletValidators(document: ParsedDocument, validateResponses: boolean): ProviderWalletValidators {
  const byPath = new Map(
    PROVIDER_WALLET_PATHS.map((documented) => {
      const validator = openApiValidator({
        document,
        validateResponses,
        paths: [documented],
        ignorePaths: (path) => documentedPathOf(path) !== documented,
      });
      return [documented, validator] as const;
    }),
  );
  return {
    handlers: [...byPath.values()].flatMap((validator) => validator.handlers),
    validatesResponses: validateResponses,
    of: (path) => {
      const validator = byPath.get(path);
      if (validator === undefined) throw new Error(`no validator for ${path}`);
      return validator;
    },
  };
}

const JSON_TYPE = "application/json; charset=utf-8";
const TEXT_TYPE = "text/plain; charset=utf-8";

/** An answer about to be written. */
interface Answer {
  status: number;
  contentType: string;
  body: string;
  retryAfterSeconds?: number;
  errorCode?: string;
}

export interface ProviderWalletApiOptions {
  /** The Express app of the other routes: the validator reads a request through its request prototype and settings. */
  app: Express;
  /** The validators of the {@link PROVIDER_WALLET_PATHS}. */
  validators: ProviderWalletValidators;
  wallet: WalletService;
  authentication: AuthenticateOptions;
  logger: Logger;
  /** Where each answered request is counted. */
  metrics?: Metrics;
}

/**
 * The provider wallet API (spec A: session verify, balance, transaction), served on node:http without Express's
 * router. It is the money path, every game round's calls, and Express's per-request machinery (router layers tried in
 * turn, each route's handlers behind them) cost more CPU than everything else the service does for a transaction.
 * The pipeline is the one the other routes go through, in the same order and with the same stage functions: signing
 * headers before the body, raw body, authentication (decisions.md §1), JSON parse, express-openapi-validator's
 * middleware over the same document (run in order on a view of the request, as Express's router runs middleware),
 * the domain call, the one error mapping, the request log line.
 *
 * The returned function answers a POST to one of the three paths (as documented, or with a trailing slash, as Express
 * matches; any query) and returns true; for any other request it returns false and touches nothing.
 */
export function providerWalletApi(options: ProviderWalletApiOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const checkHeaders = createHeaderCheck(options.authentication);
  const authenticate = createAuthenticator(options.authentication);
  const authenticateDeferring = createAuthenticator(options.authentication, true);
  const { validators } = options;
  const { validatesResponses } = validators;
  const line = requestLine(options.logger, options.metrics);

  /**
   * `signed` is the call as it arrived; `path` the documented path it is for. `early` is the answer of a stage
   * that refused the call before its body was read (signing headers) or while reading it.
   */
  const serve = async (
    req: IncomingMessage,
    res: ServerResponse,
    signed: SignedRequest,
    path: WalletPath,
    started: bigint,
    early: ApiError | Authentication | undefined,
  ): Promise<void> => {
    const entry: RequestLogEntry = { method: "POST", route: path, status: 0, requestId: requestIdOf(res) };
    let answer: Answer;
    let internalError: unknown;
    // Set when the validator checks answers: a contract violation it found in the answer being sent.
    let violation: unknown;
    let checked: Response | undefined;
    let nonce: DeferredNonce | undefined;
    try {
      if (early instanceof ApiError) throw early;
      const auth = early ?? (await (path === TRANSACTION_PATH ? authenticateDeferring : authenticate)(signed));
      if (!auth.ok) {
        entry.tenant = auth.tenantId;
        entry.authFailure = auth.authFailure;
        throw auth.error;
      }
      entry.tenant = auth.caller.tenantId;
      nonce = auth.nonce;
      const text = signed.body?.toString("utf8");
      const express = asExpress(options.app, req, res, validatesResponses);
      setJsonBody(express.req, text);
      if (validatesResponses) {
        // The validator's response check wraps `res.json` and calls what it wrapped with a valid answer: this writer.
        express.res.json = () => {
          write(res, answer);
          return express.res;
        };
        checked = express.res;
      }
      await new Promise<void>((resolve, reject) => {
        let settled = false;
        runMiddleware(validators.of(path).handlers, express.req, express.res, (error) => {
          if (settled) violation = error;
          else if (error === undefined) resolve();
          else reject(error);
          settled = true;
        });
      });
      answer = { status: 200, contentType: JSON_TYPE, body: await HANDLERS[path](options.wallet, auth.caller, express.req.body, text, nonce) };
    } catch (error) {
      const mapped = toServiceError(error);
      // A refusal of a call whose nonce is not yet recorded is a replay's refusal when it is one.
      const apiError = nonce === undefined ? mapped : (await settleRefusal(nonce, { ok: false, error: mapped })).error;
      if (apiError.code === "internal") internalError = error;
      entry.error = apiError.code;
      answer = toAnswer(apiError);
    }
    if (checked !== undefined && answer.contentType === JSON_TYPE) {
      // As Express's routes answer: status and type set, then `res.json` with the value.
      checked.statusCode = answer.status;
      checked.setHeader("Content-Type", answer.contentType);
      try {
        checked.json(JSON.parse(answer.body));
      } catch (error) {
        violation = error;
      }
    } else {
      write(res, answer);
    }
    if (violation !== undefined) {
      internalError = violation;
      entry.error = "internal";
      answer = toAnswer(new ApiError("internal", "internal error"));
      write(res, answer);
    }
    entry.status = answer.status;
    line?.(entry, started, internalError);
  };

  return (req, res) => {
    if (req.method !== "POST") return false;
    const url = req.url ?? "";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    const documented = documentedPathOf(path);
    if (documented === undefined) return false;
    const started = line ? process.hrtime.bigint() : 0n;
    const answer = (body: Buffer | undefined, early: ApiError | Authentication | undefined) => {
      serve(req, res, { method: "POST", target: url, path, headers: req.headers, body }, documented, started, early).catch((unexpected: unknown) => {
        // Every failure of the call is answered inside serve; this is a bug there, and must not end the process.
        options.logger.error({ err: unexpected }, "provider wallet call failed unanswered");
        res.destroy();
      });
    };
    const refused = checkHeaders({ target: url, headers: req.headers });
    if (refused !== undefined) {
      closeAfterRefusal(req, res);
      answer(undefined, refused);
    } else {
      readRawBody(req, (error, body) => answer(body, error));
    }
    return true;
  };
}

/**
 * The request as the validator reads it: an object of the app's request prototype (which gives `req.path`,
 * `req.query` and `req.app`) over the request's method, URL, headers and body, with the base and original URL
 * Express's router sets. A view, rather than the IncomingMessage itself given that prototype as Express does: swapping
 * the prototypes of node's own request and response objects on every call cost about a fifth more CPU per transaction
 * (docs/benchmarks.md). The response gets the app's prototype only when the validator checks answers (tests), as that
 * check wraps `res.json`; otherwise none of the validator's middleware reads it (in 5.6 only the answer check,
 * multipart parsing and operation handlers do, and the last two never apply here: the body is JSON, handlers are ours).
 */
function asExpress(app: Express, req: IncomingMessage, res: ServerResponse, answersChecked: boolean): { req: Request; res: Response } {
  const request: Request = Object.create(app.request);
  request.method = "POST";
  request.url = req.url ?? "";
  request.originalUrl = request.url;
  request.baseUrl = "";
  request.headers = req.headers;
  const response: Response = answersChecked ? Object.setPrototypeOf(res, app.response) : Object.create(app.response);
  request.res = response;
  response.req = request;
  response.locals = Object.create(null);
  return { req: request, res: response };
}

/**
 * Runs middleware in order, as Express's router runs the handlers of an `app.use`: each gets `next`, and an error
 * passed to it, thrown, or rejected ends the run. `settled` is called once the last handler calls `next`, or with
 * the error. A handler that calls its `next` again later reaches `settled` again: the response validator does, from
 * `res.json`, with an answer that breaks the contract (under Express that goes on to the error handler).
 */
function runMiddleware(handlers: readonly RequestHandler[], req: Request, res: Response, settled: (error?: unknown) => void): void {
  const step =
    (index: number) =>
    (error?: unknown): void => {
      if (error !== undefined && error !== null) return settled(error);
      const handler = handlers[index];
      if (handler === undefined) return settled();
      try {
        const result: unknown = handler(req, res, step(index + 1));
        if (result instanceof Promise) result.catch(settled);
      } catch (thrown) {
        settled(thrown);
      }
    };
  step(0)();
}

function toAnswer(error: ApiError): Answer {
  const reply = errorReply(error);
  if ("text" in reply) return { status: reply.status, contentType: TEXT_TYPE, body: reply.text, errorCode: reply.code };
  return {
    status: reply.status,
    contentType: JSON_TYPE,
    body: JSON.stringify(reply.json),
    errorCode: reply.code,
    ...(reply.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: reply.retryAfterSeconds }),
  };
}

function write(res: ServerResponse, answer: Answer): void {
  const headers: Record<string, string | number> = { "Content-Type": answer.contentType, "Content-Length": Buffer.byteLength(answer.body) };
  if (answer.retryAfterSeconds !== undefined) headers["Retry-After"] = String(answer.retryAfterSeconds);
  if (answer.errorCode !== undefined) headers[ERROR_CODE_HEADER] = answer.errorCode;
  res.writeHead(answer.status, headers).end(answer.body);
}
