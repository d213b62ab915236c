import {
  optionalBoolean,
  requireCurrency,
  requireInteger,
  requireObject,
  requireOneOf,
  requireIdentifier,
  type JsonObject,
} from "../../sdk-common/src/body-checks.js";
import { LIMITS, metadataProblem } from "@croupier/contract";
import { HandlerError } from "../../sdk-common/src/handler-error.js";
import { checkReceiverOptions } from "../../sdk-common/src/option-checks.js";
import { createSignedHandler, type ReceiverOptions, type SignedRequestHandler } from "../../sdk-common/src/signed-handler.js";
import type { TransactionAnswer, TransactionRequest, TransactionResponse } from "./models.js";

/** Options of {@link createWalletCallbackHandler}. */
export interface WalletCallbackOptions extends ReceiverOptions {
  /** Applies one BET, WIN, ROLLBACK or ADJUSTMENT. Wrap it in {@link withIdempotency}: the spec makes replaying answers your duty. */
  onTransaction(request: TransactionRequest): Promise<TransactionAnswer> | TransactionAnswer;
  /** Returns the player's balance in minor units. */
  onBalance(playerRef: string): Promise<{ balance: number }> | { balance: number };
}

/** The framework-neutral wallet callback receiver: raw request in, response out. */
export type WalletCallbackHandler = SignedRequestHandler;

/** Each of the contract's transaction types once: a type the contract adds (or drops) fails to compile here. */
const EVERY_TRANSACTION_TYPE: Record<TransactionRequest["type"], true> = { BET: true, WIN: true, ROLLBACK: true, ADJUSTMENT: true };
const TRANSACTION_TYPES = Object.keys(EVERY_TRANSACTION_TYPE) as TransactionRequest["type"][];
/** The identifiers every form carries, named as the contract names them: a field renamed in the TypeSpec breaks this build. */
const TRANSACTION_IDENTIFIERS = [
  "transactionId",
  "sessionToken",
  "roundId",
  "playerRef",
  "gameId",
] as const satisfies readonly (keyof TransactionRequest)[];

function invalid(message: string): never {
  throw new HandlerError(400, message);
}

/** Checks a transaction body against spec section "TransactionRequest". */
export function parseTransactionRequest(value: unknown): TransactionRequest {
  const body = requireObject(value);
  for (const field of TRANSACTION_IDENTIFIERS) requireIdentifier(body, field);
  const type = requireOneOf(body, "type", TRANSACTION_TYPES);
  requireInteger(body, "amount", LIMITS.amountMinimum);
  requireCurrency(body, "currency");
  optionalBoolean(body, "roundComplete");
  if (type === "ROLLBACK") requireIdentifier(body, "originalTransactionId");
  else if (body.originalTransactionId != null) invalid("originalTransactionId is only allowed on a ROLLBACK");
  if (type === "ADJUSTMENT") requireOneOf(body, "direction", ["DEBIT", "CREDIT"] as const);
  else if (body.direction != null) invalid("direction is only allowed on an ADJUSTMENT");
  checkMetadata(body);
  return body as unknown as TransactionRequest;
}

/** The contract's metadata limits, the ones the service checks (a JSON object, 8 KiB serialized, 1,024 levels deep). */
function checkMetadata(body: JsonObject): void {
  if (body.metadata === undefined) return;
  const problem = metadataProblem(body.metadata);
  if (problem !== undefined) invalid(problem);
}

/**
 * A callback answer that breaks the contract is a bug in the integrator's wallet: answer 500 (a failure
 * the service retries) rather than send the service something it must treat as invalid.
 */
function checkTransactionResponse(request: TransactionRequest, response: TransactionAnswer): TransactionResponse {
  const valid =
    typeof response === "object" &&
    response !== null &&
    (response.status === "OK" || response.status === "DECLINED") &&
    Number.isSafeInteger(response.balance);
  if (!valid) throw new TypeError("onTransaction must return { status: 'OK' | 'DECLINED', balance: integer }");
  if (response.status === "DECLINED" && request.type !== "BET") {
    throw new TypeError(`onTransaction declined a ${request.type}: only a BET may be DECLINED; a failure must be an error (non-200)`);
  }
  return response as TransactionResponse;
}

/**
 * Receives the service's signed wallet callbacks (spec section C): `POST /v1/wallet/transaction` and
 * `GET /v1/wallet/balance?playerRef=…`, also under any path prefix. It verifies the signature over the
 * raw body and full target (nonce format → 400, bad signature, wrong tenant or stale timestamp → 401
 * text `invalid signature`, replayed nonce → 401 JSON), validates the body (→ 400 `{"error": …}`) and
 * calls your callbacks. Serve it with `toNodeListener` or `toExpressMiddleware`.
 *
 * @example
 * const handler = createWalletCallbackHandler({
 *   tenantId: "op-acme",
 *   secrets: [process.env.CROUPIER_SECRET!],
 *   onTransaction: withIdempotency(new MemoryIdempotencyStore(), (tx) => wallet.apply(tx)),
 *   onBalance: (playerRef) => ({ balance: wallet.balanceOf(playerRef) }),
 * });
 * http.createServer(toNodeListener(handler)).listen(9001);
 */
export function createWalletCallbackHandler(options: WalletCallbackOptions): WalletCallbackHandler {
  checkReceiverOptions("createWalletCallbackHandler", options, { required: ["onTransaction", "onBalance"], optional: [] });
  return createSignedHandler(options, [
    {
      method: "POST",
      path: "/v1/wallet/transaction",
      async handle({ body }) {
        const request = parseTransactionRequest(body);
        return checkTransactionResponse(request, await options.onTransaction(request));
      },
    },
    {
      method: "GET",
      path: "/v1/wallet/balance",
      async handle({ query }) {
        const playerRef = query.get("playerRef");
        if (!playerRef) invalid("playerRef query parameter is required");
        const { balance } = await options.onBalance(playerRef);
        if (!Number.isSafeInteger(balance)) throw new TypeError("onBalance must return { balance: integer }");
        return { balance };
      },
    },
  ]);
}
