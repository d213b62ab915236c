import type { Client } from "openapi-fetch";
import type { Result } from "../../sdk-common/src/api-error.js";
import { toResult } from "../../sdk-common/src/call-result.js";
import { checkClientOptions } from "../../sdk-common/src/option-checks.js";
import { eachItem } from "../../sdk-common/src/paginate.js";
import { createSignedClient, type ConnectionOptions } from "../../sdk-common/src/signed-client.js";
import type { ServiceComponents as components, ServicePaths as paths } from "@croupier/contract";
import type {
  BalanceResponse,
  BetTransaction,
  RollbackTransaction,
  TransactionRequest,
  TransactionResponse,
  VerifySessionResponse,
  ProviderGrant,
  ProviderGrantPage,
  AuditEntry,
  AuditPage,
  RevokedPreviousSecret,
  RotatedSecret,
  StudioSettings,
  RoundDetail,
  SessionPage,
  SessionSummary,
  TransactionDetail,
  TransactionPage,
  TransactionSummary,
  WebhookDelivery,
  WebhookDeliveryPage,
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

/** The provider wallet API, the studio's reads and its settings, signed, typed, and never throwing on 4xx/5xx. */
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
  /** One page of your transactions at every operator you serve, newest first, each naming its operator; pass `nextCursor` back as `cursor`. */
  listTransactions(query?: ProviderTransactionQuery): Promise<Result<TransactionPage>>;
  /** One of your transactions in full: the body sent to the operator's wallet (token redacted) and the wallet calls made for it. */
  getTransaction(transactionId: string): Promise<Result<TransactionDetail>>;
  /** One of your rounds at one operator, with its transactions in order and its state. */
  getRound(operatorId: string, gameId: string, roundId: string): Promise<Result<RoundDetail>>;
  /** One page of the sessions on your games at every operator, newest first (active ones unless `status` says otherwise); never a token. */
  listSessions(query?: ProviderSessionQuery): Promise<Result<SessionPage>>;
  /** One page of the calls the service made to your webhooks, newest first; pass `nextCursor` back as `cursor`. */
  listWebhookDeliveries(query?: WebhookDeliveryQuery): Promise<Result<WebhookDeliveryPage>>;
  /** One call made to your webhooks; a 404 error for an id that is not yours. */
  getWebhookDelivery(id: string): Promise<Result<WebhookDelivery>>;
  /** One page of the grants operators issued to you, newest first, with their status and last error; pass `nextCursor` back as `cursor`. */
  listGrants(query?: ProviderGrantQuery): Promise<Result<ProviderGrantPage>>;
  /** One grant issued to you; a 404 error for an id that is not yours. */
  getGrant(id: string): Promise<Result<ProviderGrant>>;
  /**
   * Re-sends a failed call's exact body now, as its next attempt: a session revoke, a grant's issue while the grant is
   * failed (same requestRef; accepted, the grant becomes active) or its cancel while it is active (same externalRef).
   * Resolves with the new delivery; a 409 error when the grant has moved on, 400 for a call never re-sent.
   */
  resendWebhookDelivery(id: string): Promise<Result<WebhookDelivery>>;
  /** Your audit log, newest first: webhook URL, test webhooks, re-sends and secret changes, with who made each. */
  listAuditLog(query?: ProviderAuditQuery): Promise<Result<AuditPage>>;
  /** Your webhook URL in effect and your previous secret's grace period. This and the calls below need the current secret. */
  getSettings(): Promise<Result<StudioSettings>>;
  /** Sets your webhook URL, effective at once on every instance (a private or loopback address is a 400 error). */
  setWebhookUrl(webhookUrl: string): Promise<Result<StudioSettings>>;
  /** Sends one signed test webhook (a revoke of a session nobody holds) and resolves with its delivery: your answer. */
  sendTestWebhook(): Promise<Result<WebhookDelivery>>;
  /**
   * Rotates your secret: the new one (shown once) signs this client's next calls and our webhooks at once; the old one
   * keeps working for ordinary calls until `previousSecretValidUntil`.
   */
  rotateSecret(): Promise<Result<RotatedSecret>>;
  /** Ends the previous secret's grace period now (for when it leaked). */
  revokePreviousSecret(): Promise<Result<RevokedPreviousSecret>>;
  /*
   * Auto-pagination: each list above as an async iterator over its items, page after page, from the page the query
   * names (the first without `cursor`) to the last. One request per page, sent when the items before it are used up,
   * so `break` stops it. A failed page throws its CroupierApiError.
   */
  /** Every transaction {@link ProviderClient.listTransactions} would list, across all its pages. */
  eachTransaction(query?: ProviderTransactionQuery): AsyncGenerator<TransactionSummary, void, undefined>;
  /** Every session {@link ProviderClient.listSessions} would list, across all its pages. */
  eachSession(query?: ProviderSessionQuery): AsyncGenerator<SessionSummary, void, undefined>;
  /** Every call {@link ProviderClient.listWebhookDeliveries} would list, across all its pages. */
  eachWebhookDelivery(query?: WebhookDeliveryQuery): AsyncGenerator<WebhookDelivery, void, undefined>;
  /** Every grant {@link ProviderClient.listGrants} would list, across all its pages. */
  eachGrant(query?: ProviderGrantQuery): AsyncGenerator<ProviderGrant, void, undefined>;
  /** Every entry {@link ProviderClient.listAuditLog} would list, across all its pages. */
  eachAuditEntry(query?: ProviderAuditQuery): AsyncGenerator<AuditEntry, void, undefined>;
}

/** The filters and paging of {@link ProviderClient.listTransactions}. */
export type ProviderTransactionQuery = NonNullable<paths["/v1/provider/transactions"]["get"]["parameters"]["query"]>;
/** The filters and paging of {@link ProviderClient.listSessions}. */
export type ProviderSessionQuery = NonNullable<paths["/v1/provider/sessions"]["get"]["parameters"]["query"]>;
/** The filters and paging of {@link ProviderClient.listAuditLog}. */
export type ProviderAuditQuery = NonNullable<paths["/v1/provider/audit-log"]["get"]["parameters"]["query"]>;

/** The filters and paging of {@link ProviderClient.listWebhookDeliveries}. */
export type WebhookDeliveryQuery = NonNullable<paths["/v1/provider/webhook-deliveries"]["get"]["parameters"]["query"]>;
/** The filters and paging of {@link ProviderClient.listGrants}. */
export type ProviderGrantQuery = NonNullable<paths["/v1/provider/free-spins/grants"]["get"]["parameters"]["query"]>;

/**
 * Creates a client for the provider wallet API. Every request is signed (method, full target with any
 * base-path prefix, fresh timestamp and nonce, exact body) and each attempt times out after `timeoutMs`. Options
 * that cannot work (no secret, a `baseUrl` without http:// or https://, ...) throw a
 * {@link CroupierConfigurationError} naming the option, here rather than at the first call.
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
  checkClientOptions("createProviderClient", options);
  const { raw, credentials } = createSignedClient<paths>(options);
  const retry = options.retry ?? {};
  // The body object is serialized afresh per attempt to identical bytes: same transactionId, new signature.
  // The cast only bridges `metadata`, which the generated type renders as Record<string, never> (see models.ts).
  const transaction = (body: TransactionRequest) =>
    withRetry(() => toResult(() => raw.POST("/v1/wallet/transaction", { body: body as components["schemas"]["TransactionRequest"] })), retry);
  const client: ProviderClient = {
    raw,
    verifySession: (sessionToken) => toResult(() => raw.POST("/v1/wallet/session/verify", { body: { sessionToken } })),
    transaction,
    bet: (body) => transaction({ ...body, type: "BET" }),
    win: (body) => transaction({ ...body, type: "WIN" }),
    rollback: (body) => transaction({ ...body, type: "ROLLBACK" }),
    balance: (sessionToken) => toResult(() => raw.POST("/v1/wallet/balance", { body: { sessionToken } })),
    listTransactions: (query = {}) => toResult(() => raw.GET("/v1/provider/transactions", { params: { query } })),
    getTransaction: (transactionId) => toResult(() => raw.GET("/v1/provider/transactions/{transactionId}", { params: { path: { transactionId } } })),
    getRound: (operatorId, gameId, roundId) =>
      toResult(() => raw.GET("/v1/provider/rounds/{operatorId}/{gameId}/{roundId}", { params: { path: { operatorId, gameId, roundId } } })),
    listSessions: (query = {}) => toResult(() => raw.GET("/v1/provider/sessions", { params: { query } })),
    listWebhookDeliveries: (query = {}) => toResult(() => raw.GET("/v1/provider/webhook-deliveries", { params: { query } })),
    getWebhookDelivery: (id) => toResult(() => raw.GET("/v1/provider/webhook-deliveries/{id}", { params: { path: { id } } })),
    listGrants: (query = {}) => toResult(() => raw.GET("/v1/provider/free-spins/grants", { params: { query } })),
    getGrant: (id) => toResult(() => raw.GET("/v1/provider/free-spins/grants/{id}", { params: { path: { id } } })),
    resendWebhookDelivery: (id) => toResult(() => raw.POST("/v1/provider/webhook-deliveries/{id}/resend", { params: { path: { id } } })),
    listAuditLog: (query = {}) => toResult(() => raw.GET("/v1/provider/audit-log", { params: { query } })),
    getSettings: () => toResult(() => raw.GET("/v1/provider/portal/settings")),
    setWebhookUrl: (webhookUrl) => toResult(() => raw.POST("/v1/provider/portal/webhook-url", { body: { webhookUrl } })),
    sendTestWebhook: () => toResult(() => raw.POST("/v1/provider/portal/test-webhook")),
    async rotateSecret() {
      const result = await toResult(() => raw.POST("/v1/provider/portal/rotate-secret"));
      if (result.data) credentials.secret = result.data.secret;
      return result;
    },
    // openapi-fetch reads a body whose only member is a JSON null as {}: the generated type says what arrives.
    revokePreviousSecret: () => toResult(() => raw.POST("/v1/provider/portal/revoke-previous-secret")) as Promise<Result<RevokedPreviousSecret>>,
    eachTransaction: (query = {}) => eachItem((page) => client.listTransactions(page), query),
    eachSession: (query = {}) => eachItem((page) => client.listSessions(page), query),
    eachWebhookDelivery: (query = {}) => eachItem((page) => client.listWebhookDeliveries(page), query),
    eachGrant: (query = {}) => eachItem((page) => client.listGrants(page), query),
    eachAuditEntry: (query = {}) => eachItem((page) => client.listAuditLog(page), query),
  };
  return client;
}
