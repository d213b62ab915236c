import type { Client } from "openapi-fetch";
import type { Result } from "../../sdk-common/src/api-error.js";
import { toResult } from "../../sdk-common/src/call-result.js";
import { createSignedClient, type ConnectionOptions } from "../../sdk-common/src/signed-client.js";
import type { ServiceComponents as components, ServicePaths as paths } from "@croupier/contract";
import type {
  BalanceResponse,
  BetTransaction,
  RollbackTransaction,
  TransactionRequest,
  TransactionResponse,
  VerifySessionResponse,
} from "./models.js";
import { withRetry, type RetryOptions } from "../../sdk-common/src/retry.js";

/** Options of {@link createProviderClient}. */
export interface ProviderClientOptions extends ConnectionOptions {
  /** Transaction retry policy; `false` sends each transaction once. Default: 5 attempts, 100 ms to 5 s backoff. */
  retry?: false | RetryOptions;
}

/** The fields a BET or WIN needs: the helper fills `type`. */
export type BetOrWinBody = Omit<BetTransaction, "type">;
/** The fields a ROLLBACK needs: the helper fills `type`; originalTransactionId names the BET. */
export type RollbackBody = Omit<RollbackTransaction, "type">;

/** The provider wallet API, signed, typed, and never throwing on 4xx/5xx. */
export interface ProviderClient {
  /** The typed openapi-fetch client with signing installed (no automatic retry on it). */
  raw: Client<paths>;
  /** Resolves a session token from launch: player, game, currency, language, mode, expiry. Not retried. */
  verifySession(sessionToken: string): Promise<Result<VerifySessionResponse>>;
  /**
   * Submits a BET, WIN or ROLLBACK, retried with the same transactionId on network errors, timeouts,
   * 409, 429 (after Retry-After), 500, 502 and 504. A 200 DECLINED is a result, not an error.
   */
  transaction(body: TransactionRequest): Promise<Result<TransactionResponse>>;
  /** {@link ProviderClient.transaction} with `type: "BET"`. */
  bet(body: BetOrWinBody): Promise<Result<TransactionResponse>>;
  /** {@link ProviderClient.transaction} with `type: "WIN"`. */
  win(body: BetOrWinBody): Promise<Result<TransactionResponse>>;
  /** {@link ProviderClient.transaction} with `type: "ROLLBACK"`. */
  rollback(body: RollbackBody): Promise<Result<TransactionResponse>>;
  /** The player's live balance from the operator's wallet. Not retried: a failed read can simply be asked again. */
  balance(sessionToken: string): Promise<Result<BalanceResponse>>;
}

/**
 * Creates a client for the provider wallet API. Every request is signed (method, full target with any
 * base-path prefix, fresh timestamp and nonce, exact body) and each attempt times out after `timeoutMs`.
 *
 * @example
 * const croupier = createProviderClient({ baseUrl: "https://croupier.example", tenantId: "prov-star", secret });
 * const { data, error } = await croupier.bet({
 *   transactionId: "tx-0001", sessionToken, roundId: "round-1", playerRef, amount: 250, currency: "EUR", gameId: "starfall",
 * });
 * if (error) console.error(error.status, error.message); // after retries
 * else if (data.status === "DECLINED") showInsufficientFunds(data.balance);
 */
export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const { raw } = createSignedClient<paths>(options);
  const retry = options.retry ?? {};
  // The body object is serialized afresh per attempt to identical bytes: same transactionId, new signature.
  // The cast only bridges `metadata`, which the generated type renders as Record<string, never> (see models.ts).
  const transaction = (body: TransactionRequest) =>
    withRetry(() => toResult(() => raw.POST("/v1/wallet/transaction", { body: body as components["schemas"]["TransactionRequest"] })), retry);
  return {
    raw,
    verifySession: (sessionToken) => toResult(() => raw.POST("/v1/wallet/session/verify", { body: { sessionToken } })),
    transaction,
    bet: (body) => transaction({ ...body, type: "BET" }),
    win: (body) => transaction({ ...body, type: "WIN" }),
    rollback: (body) => transaction({ ...body, type: "ROLLBACK" }),
    balance: (sessionToken) => toResult(() => raw.POST("/v1/wallet/balance", { body: { sessionToken } })),
  };
}
