import type { ServiceSchemas } from "@croupier/contract";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { ApiError, badRequest, toApiError } from "../domain/errors.js";
import type { DeferredNonce } from "../domain/ports/nonces.js";
import type { TransactionRequest } from "../domain/transaction-request.js";
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
import { describeFindings, ERROR_CODE_HEADER, errorReply } from "./error-handler.js";
import { parseJsonBody } from "./json-body.js";
import { OperationSchemas, type OperationKey } from "./operation-schemas.js";
import { readRawBody } from "./raw-body.js";
import { requestIdOf } from "./request-id.js";
import { requestLine, type RequestLogEntry } from "./request-log.js";
import type { Metrics } from "../observability/metrics.js";

/**
 * A route's work once the call is authenticated and its body validated: the JSON text of the 200 answer. `nonce` is
 * the call's nonce still to record, on the transaction route only (the ledger records it with its claim: issue 20).
 */
type WalletHandler = (
  wallet: WalletService,
  caller: Caller,
  body: unknown,
  text: string | undefined,
  nonce: DeferredNonce | undefined,
) => string | Promise<string>;

const TRANSACTION_PATH = "/v1/wallet/transaction";

/** The body of session verify and balance, as the contract states it (already validated against it). */
type SessionTokenRequest = ServiceSchemas["SessionTokenRequest"];

/** By documented path. */
const HANDLERS = new Map<string, WalletHandler>([
  [
    "/v1/wallet/session/verify",
    async (wallet, caller, body) => JSON.stringify(await wallet.verify(caller.tenantId, (body as SessionTokenRequest).sessionToken)),
  ],
  // The operator's answer, verbatim (spec A.3).
  ["/v1/wallet/balance", (wallet, caller, body) => wallet.balance(caller.tenantId, (body as SessionTokenRequest).sessionToken)],
  // The raw text goes along so that metadata reaches the operator byte for byte.
  [
    TRANSACTION_PATH,
    async (wallet, caller, body, text, nonce) => JSON.stringify(await wallet.transaction(caller.tenantId, body as TransactionRequest, text, nonce)),
  ],
]);

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
  wallet: WalletService;
  authentication: AuthenticateOptions;
  logger: Logger;
  /** Where each answered request is counted. */
  metrics?: Metrics;
  /** The service's OpenAPI document, whose schemas validate the requests (and, when asked, the answers). */
  documentPath: string;
  /** Checks every answer against the document first; a violation is answered 500 (tests turn this on). */
  validateResponses: boolean;
}

/**
 * The provider wallet API (spec A: session verify, balance, transaction), served on node:http without Express. It is
 * the money path, every game round's calls, and Express's per-request machinery (router layers tried in turn, its
 * request and response objects, express-openapi-validator's middleware chain) cost more CPU than everything else the
 * service does for a transaction. The pipeline is the one the other routes go through, in the same order and with the
 * same pieces: signing headers before the body, raw body, authentication (decisions.md §1), JSON parse, validation against the same OpenAPI document
 * (its schemas compiled by {@link OperationSchemas}), the domain call, the one error mapping, the request log line.
 *
 * The returned function answers a POST to one of the three paths (as documented, or with a trailing slash, as Express
 * matches; any query) and returns true; for any other request it returns false and touches nothing.
 */
export function providerWalletApi(options: ProviderWalletApiOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const checkHeaders = createHeaderCheck(options.authentication);
  const authenticate = createAuthenticator(options.authentication);
  const authenticateDeferring = createAuthenticator(options.authentication, true);
  const schemas = new OperationSchemas(
    options.documentPath,
    [...HANDLERS.keys()].map((path) => ({ method: "post", path })),
    { checkResponses: options.validateResponses },
  );
  const line = requestLine(options.logger, options.metrics);

  /**
   * `request` is the call as it arrived; `key` the documented operation it is for. `early` is the answer of a stage
   * that refused the call before its body was read (signing headers) or while reading it.
   */
  const serve = async (
    request: SignedRequest,
    res: ServerResponse,
    key: OperationKey,
    started: bigint,
    early: ApiError | Authentication | undefined,
  ): Promise<void> => {
    const entry: RequestLogEntry = { method: "POST", route: key.path, status: 0, requestId: requestIdOf(res) };
    let answer: Answer;
    let internalError: unknown;
    let nonce: DeferredNonce | undefined;
    try {
      if (early instanceof ApiError) throw early;
      const auth = early ?? (await (key.path === TRANSACTION_PATH ? authenticateDeferring : authenticate)(request));
      if (!auth.ok) {
        entry.tenant = auth.tenantId;
        entry.authFailure = auth.authFailure;
        throw auth.error;
      }
      entry.tenant = auth.caller.tenantId;
      nonce = auth.nonce;
      const text = request.body?.toString("utf8");
      const body = parseJsonBody(text);
      const findings = schemas.checkRequestBody(key, body);
      if (findings) throw badRequest(describeFindings(findings));
      answer = { status: 200, contentType: JSON_TYPE, body: await HANDLERS.get(key.path)!(options.wallet, auth.caller, body, text, nonce) };
    } catch (error) {
      // A refusal of a call whose nonce is not yet recorded is a replay's refusal when it is one.
      const refusal = nonce === undefined ? error : await settleRefusal(nonce, { ok: false, error: toApiError(error) }).then((r) => r.error);
      const apiError = toApiError(refusal);
      if (apiError.code === "internal") internalError = error;
      entry.error = apiError.code;
      answer = toAnswer(apiError);
    }
    const violation = options.validateResponses ? schemas.checkResponse(key, answer.status, answer.contentType, answer.body) : undefined;
    if (violation !== undefined) {
      internalError = new Error(`the answer breaks the contract: ${violation}`);
      entry.error = "internal";
      answer = toAnswer(new ApiError("internal", "internal error"));
    }
    write(res, answer);
    entry.status = answer.status;
    line?.(entry, started, internalError);
  };

  return (req, res) => {
    if (req.method !== "POST") return false;
    const url = req.url ?? "";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    const documented = HANDLERS.has(path) ? path : path.endsWith("/") && HANDLERS.has(path.slice(0, -1)) ? path.slice(0, -1) : undefined;
    if (documented === undefined) return false;
    const started = line ? process.hrtime.bigint() : 0n;
    const answer = (body: Buffer | undefined, early: ApiError | Authentication | undefined) => {
      serve({ method: "POST", target: url, path, headers: req.headers, body }, res, { method: "post", path: documented }, started, early).catch(
        (unexpected: unknown) => {
          // Every failure of the call is answered inside serve; this is a bug there, and must not end the process.
          options.logger.error({ err: unexpected }, "provider wallet call failed unanswered");
          res.destroy();
        },
      );
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
