import type { Client } from "openapi-fetch";
import type { Result } from "../../sdk-common/src/api-error.js";
import { toResult } from "../../sdk-common/src/call-result.js";
import { checkClientOptions } from "../../sdk-common/src/option-checks.js";
import { eachItem } from "../../sdk-common/src/paginate.js";
import { withRetry, type RetryOptions } from "../../sdk-common/src/retry.js";
import { createSignedClient, type CallOptions, type ConnectionOptions } from "../../sdk-common/src/signed-client.js";
import type { ServicePaths as paths } from "@croupier/contract";
import type {
  AuditEntry,
  AuditPage,
  CallbackSettings,
  CampaignSummary,
  GameSummary,
  GrantPage,
  GrantQuery,
  GrantResponseBody,
  IssueGrantRequestBody,
  KickPlayerResponse,
  LaunchGameRequestBody,
  LaunchGameResponse,
  OverviewStats,
  Problem,
  ProblemPage,
  ProblemQuery,
  ResendResult,
  RevokedPreviousSecret,
  RotatedSecret,
  RoundDetail,
  RoundReplayResponse,
  SessionPage,
  SessionQuery,
  SessionSummary,
  TransactionDetail,
  TransactionPage,
  TransactionQuery,
  TransactionSummary,
  TestCallResult,
} from "./models.js";

/** Options of {@link createOperatorClient}. */
export interface OperatorClientOptions extends ConnectionOptions {
  /**
   * Opt-in retries (off by default) of the calls that are safe to repeat: the reads (listGames, listGrants,
   * listCampaigns, getGrant, listTransactions, getTransaction, getRound, listProblems, listAuditLog, listSessions, getOverview) and issueGrant, whose idempotencyKey makes a resend return the original grant. Launch, kick,
   * replay, cancel and the portal calls are never retried. `{}` uses the defaults: 5 attempts, 100 ms to 5 s
   * backoff; each attempt is signed afresh (new timestamp and nonce).
   */
  retry?: false | RetryOptions;
}

/** Every operator and portal route of the service, signed, typed, and never throwing on 4xx/5xx. */
export interface OperatorClient {
  /** The typed openapi-fetch client with signing installed: `raw.POST("/v1/operator/...", { body })`. */
  raw: Client<paths>;
  /** Games visible to the operator tenant. */
  listGames(call?: CallOptions): Promise<Result<GameSummary[]>>;
  /** Launches a game for a player: returns the launch URL (for an iframe) and the session token. */
  launchGame(body: LaunchGameRequestBody, call?: CallOptions): Promise<Result<LaunchGameResponse>>;
  /** Ends every active session of a player; `revokedCount` 0 is success too. */
  kickPlayer(playerRef: string, call?: CallOptions): Promise<Result<KickPlayerResponse>>;
  /** Mints a short-lived replay link for a round. */
  replayRound(body: { roundId: string; gameId: string }, call?: CallOptions): Promise<Result<RoundReplayResponse>>;
  /** Issues a free-spin grant; a repeat with the same idempotencyKey returns the original grant. */
  issueGrant(body: IssueGrantRequestBody, call?: CallOptions): Promise<Result<GrantResponseBody>>;
  /** The tenant's grants in issue order, optionally of one player; pass `nextCursor` back as `cursor` for the next page. */
  listGrants(query?: GrantQuery, call?: CallOptions): Promise<Result<GrantPage>>;
  /** The campaigns this operator may issue grants from now (active, in their window, on a game it sees), by id. */
  listCampaigns(call?: CallOptions): Promise<Result<CampaignSummary[]>>;
  /** One grant by id (a UUID). */
  getGrant(id: string, call?: CallOptions): Promise<Result<GrantResponseBody>>;
  /** Cancels an active grant (502 when the provider's cancel failed: retry). */
  cancelGrant(id: string, call?: CallOptions): Promise<Result<GrantResponseBody>>;
  /** Sets the wallet callback base URL, effective immediately. */
  setCallbackUrl(callbackUrl: string, call?: CallOptions): Promise<Result<CallbackSettings>>;
  /**
   * Rotates the shared secret. On success the client signs with the new secret from the next call on;
   * store `data.secret` (shown once) and keep the old one in your verifier until `previousSecretValidUntil`.
   */
  rotateSecret(call?: CallOptions): Promise<Result<RotatedSecret>>;
  /**
   * Ends the previous secret's grace period at once (after a leak): only the current secret verifies from then on.
   * Needs the current secret, as every portal call does (403 `current secret required` with the previous one).
   */
  revokePreviousSecret(call?: CallOptions): Promise<Result<RevokedPreviousSecret>>;
  /** The tenant's transactions, newest first, filtered; pass `nextCursor` back as `cursor` for the next page. */
  listTransactions(query?: TransactionQuery, call?: CallOptions): Promise<Result<TransactionPage>>;
  /** One transaction in full: the body sent to the wallet and every call made for it (its delivery log). */
  getTransaction(providerId: string, transactionId: string, call?: CallOptions): Promise<Result<TransactionDetail>>;
  /** One round with its transactions in order and its state (OPEN, COMPLETE, CLOSING, RECONCILED). */
  getRound(gameId: string, roundId: string, call?: CallOptions): Promise<Result<RoundDetail>>;
  /** The problems that need a person (open ones by default) and the open count per kind. */
  listProblems(query?: ProblemQuery, call?: CallOptions): Promise<Result<ProblemPage>>;
  /** Re-sends a problem's transaction now (same id, identical body); 409 when it is already settled or in flight. */
  resendProblem(id: string, call?: CallOptions): Promise<Result<ResendResult>>;
  /** Marks a problem resolved; the note saying why is required. */
  resolveProblem(id: string, note: string, call?: CallOptions): Promise<Result<Problem>>;
  /** The tenant's audit log, newest first. */
  listAuditLog(query?: { cursor?: string; limit?: number }, call?: CallOptions): Promise<Result<AuditPage>>;
  /** The tenant's players' sessions, newest first (active ones unless `status` says otherwise); never their tokens. */
  listSessions(query?: SessionQuery, call?: CallOptions): Promise<Result<SessionPage>>;
  /** The last hour: transactions per state and type, wallet calls per outcome with p50/p99 latency, open problems. */
  getOverview(call?: CallOptions): Promise<Result<OverviewStats>>;
  /** Sends one signed, read-only balance call to your wallet for a player and returns what it answered. */
  testWalletCall(playerRef: string, call?: CallOptions): Promise<Result<TestCallResult>>;
  /*
   * Auto-pagination: each list above as an async iterator over its items, page after page, from the page the query
   * names (the first without `cursor`) to the last. One request per page, sent when the items before it are used up,
   * so `break` stops it. A failed page throws its CroupierApiError (after `retry`, as listTransactions would).
   */
  /** Every grant {@link OperatorClient.listGrants} would list, across all its pages. */
  eachGrant(query?: GrantQuery, call?: CallOptions): AsyncGenerator<GrantResponseBody, void, undefined>;
  /** Every transaction {@link OperatorClient.listTransactions} would list, across all its pages. */
  eachTransaction(query?: TransactionQuery, call?: CallOptions): AsyncGenerator<TransactionSummary, void, undefined>;
  /** Every problem {@link OperatorClient.listProblems} would list, across all its pages. */
  eachProblem(query?: ProblemQuery, call?: CallOptions): AsyncGenerator<Problem, void, undefined>;
  /** Every entry {@link OperatorClient.listAuditLog} would list, across all its pages. */
  eachAuditEntry(query?: { cursor?: string; limit?: number }, call?: CallOptions): AsyncGenerator<AuditEntry, void, undefined>;
  /** Every session {@link OperatorClient.listSessions} would list, across all its pages. */
  eachSession(query?: SessionQuery, call?: CallOptions): AsyncGenerator<SessionSummary, void, undefined>;
}

/**
 * Creates a client for the operator API and the portal. Every request is signed (method, full target
 * with prefix and query, fresh timestamp and nonce, exact body); each attempt times out after
 * `timeoutMs`. Every method takes {@link CallOptions} last (`signal`, `timeoutMs`, `headers`). Nothing is
 * retried unless `retry` is given, and then only the reads and issueGrant: launch and kick are not idempotent.
 * Options that cannot work (no secret, a `baseUrl` without http:// or https://, ...) throw a
 * {@link CroupierConfigurationError} naming the option, here rather than at the first call.
 *
 * @example
 * const client = createOperatorClient({ baseUrl: "https://croupier.example", tenantId: "op-acme", secret });
 * const { data, error } = await client.launchGame({ playerRef: "p-1", gameId: "starfall", currency: "EUR", mode: "REAL" });
 * if (error) throw error; // CroupierApiError: status, message, retryAfter
 * iframe.src = data.launchUrl;
 */
export function createOperatorClient(options: OperatorClientOptions): OperatorClient {
  checkClientOptions("createOperatorClient", options);
  const { raw, credentials, init } = createSignedClient<paths>(options);
  const retry = options.retry ?? false;
  /** A call safe to repeat: the reads, and issueGrant (its idempotencyKey returns the original grant). */
  const repeatable = <T>(send: () => Promise<Result<T>>) => withRetry(send, retry);
  const client: OperatorClient = {
    raw,
    listGames: (call) => repeatable(() => toResult(() => raw.GET("/v1/operator/games", init(call)))),
    launchGame: (body, call) => toResult(() => raw.POST("/v1/operator/games/launch", { body, ...init(call) })),
    kickPlayer: (playerRef, call) => toResult(() => raw.POST("/v1/operator/players/kick", { body: { playerRef }, ...init(call) })),
    replayRound: (body, call) => toResult(() => raw.POST("/v1/operator/rounds/replay", { body, ...init(call) })),
    issueGrant: (body, call) => repeatable(() => toResult(() => raw.POST("/v1/operator/free-spins/grants", { body, ...init(call) }))),
    listGrants: (query = {}, call) =>
      repeatable(async (): Promise<Result<GrantPage>> => {
        const result = await toResult(() => raw.GET("/v1/operator/free-spins/grants", { params: { query }, ...init(call) }));
        if (result.error) return result;
        return { ...result, data: { items: result.data, nextCursor: result.response.headers.get("X-Next-Cursor") } };
      }),
    listCampaigns: (call) => repeatable(() => toResult(() => raw.GET("/v1/operator/free-spins/campaigns", init(call)))),
    getGrant: (id, call) =>
      repeatable(() => toResult(() => raw.GET("/v1/operator/free-spins/grants/{id}", { params: { path: { id } }, ...init(call) }))),
    cancelGrant: (id, call) => toResult(() => raw.POST("/v1/operator/free-spins/grants/{id}/cancel", { params: { path: { id } }, ...init(call) })),
    // openapi-fetch reads a body whose only member is a JSON null as {}: the generated type says what arrives.
    revokePreviousSecret: (call) =>
      toResult(() => raw.POST("/portal/api/revoke-previous-secret", init(call))) as Promise<Result<RevokedPreviousSecret>>,
    setCallbackUrl: (callbackUrl, call) => toResult(() => raw.POST("/portal/api/callback-url", { body: { callbackUrl }, ...init(call) })),
    async rotateSecret(call) {
      const result = await toResult(() => raw.POST("/portal/api/rotate-secret", init(call)));
      if (result.data) credentials.secret = result.data.secret;
      return result;
    },
    listTransactions: (query = {}, call) =>
      repeatable(() => toResult(() => raw.GET("/v1/operator/transactions", { params: { query }, ...init(call) }))),
    getTransaction: (providerId, transactionId, call) =>
      repeatable(() =>
        toResult(() =>
          raw.GET("/v1/operator/transactions/{providerId}/{transactionId}", { params: { path: { providerId, transactionId } }, ...init(call) }),
        ),
      ),
    getRound: (gameId, roundId, call) =>
      repeatable(() => toResult(() => raw.GET("/v1/operator/rounds/{gameId}/{roundId}", { params: { path: { gameId, roundId } }, ...init(call) }))),
    listProblems: (query = {}, call) => repeatable(() => toResult(() => raw.GET("/v1/operator/problems", { params: { query }, ...init(call) }))),
    resendProblem: (id, call) => toResult(() => raw.POST("/v1/operator/problems/{id}/resend", { params: { path: { id } }, ...init(call) })),
    resolveProblem: (id, note, call) =>
      toResult(() => raw.POST("/v1/operator/problems/{id}/resolve", { params: { path: { id } }, body: { note }, ...init(call) })),
    listAuditLog: (query = {}, call) => repeatable(() => toResult(() => raw.GET("/v1/operator/audit-log", { params: { query }, ...init(call) }))),
    listSessions: (query = {}, call) => repeatable(() => toResult(() => raw.GET("/v1/operator/sessions", { params: { query }, ...init(call) }))),
    getOverview: (call) => repeatable(() => toResult(() => raw.GET("/v1/operator/overview", init(call)))),
    testWalletCall: (playerRef, call) => toResult(() => raw.POST("/portal/api/test-call", { body: { playerRef }, ...init(call) })),
    eachGrant: (query = {}, call) => eachItem((page) => client.listGrants(page, call), query),
    eachTransaction: (query = {}, call) => eachItem((page) => client.listTransactions(page, call), query),
    eachProblem: (query = {}, call) => eachItem((page) => client.listProblems(page, call), query),
    eachAuditEntry: (query = {}, call) => eachItem((page) => client.listAuditLog(page, call), query),
    eachSession: (query = {}, call) => eachItem((page) => client.listSessions(page, call), query),
  };
  return client;
}
