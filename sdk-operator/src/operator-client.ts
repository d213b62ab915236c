import type { Client } from "openapi-fetch";
import type { Result } from "../../sdk-common/src/api-error.js";
import { toResult } from "../../sdk-common/src/call-result.js";
import { createSignedClient, type ConnectionOptions } from "../../sdk-common/src/signed-client.js";
import type { paths } from "../../sdk-common/src/generated/service.js";
import type {
  AuditPage,
  CallbackSettings,
  GameSummary,
  GrantResponseBody,
  IssueGrantRequestBody,
  KickPlayerResponse,
  LaunchGameRequestBody,
  LaunchGameResponse,
  Problem,
  ProblemPage,
  ProblemQuery,
  ResendResult,
  RevokedPreviousSecret,
  RotatedSecret,
  RoundDetail,
  RoundReplayResponse,
  TransactionDetail,
  TransactionPage,
  TransactionQuery,
  TestCallResult,
} from "./models.js";

/** Options of {@link createOperatorClient}. */
export type OperatorClientOptions = ConnectionOptions;

/** Every operator and portal route of the service, signed, typed, and never throwing on 4xx/5xx. */
export interface OperatorClient {
  /** The typed openapi-fetch client with signing installed: `raw.POST("/v1/operator/...", { body })`. */
  raw: Client<paths>;
  /** Games visible to the operator tenant. */
  listGames(): Promise<Result<GameSummary[]>>;
  /** Launches a game for a player: returns the launch URL (for an iframe) and the session token. */
  launchGame(body: LaunchGameRequestBody): Promise<Result<LaunchGameResponse>>;
  /** Ends every active session of a player; `revokedCount` 0 is success too. */
  kickPlayer(playerRef: string): Promise<Result<KickPlayerResponse>>;
  /** Mints a short-lived replay link for a round. */
  replayRound(body: { roundId: string; gameId: string }): Promise<Result<RoundReplayResponse>>;
  /** Issues a free-spin grant; a repeat with the same idempotencyKey returns the original grant. */
  issueGrant(body: IssueGrantRequestBody): Promise<Result<GrantResponseBody>>;
  /** The tenant's grants, optionally of one player. */
  listGrants(playerRef?: string): Promise<Result<GrantResponseBody[]>>;
  /** One grant by id (a UUID). */
  getGrant(id: string): Promise<Result<GrantResponseBody>>;
  /** Cancels an active grant (502 when the provider's cancel failed: retry). */
  cancelGrant(id: string): Promise<Result<GrantResponseBody>>;
  /** Sets the wallet callback base URL, effective immediately. */
  setCallbackUrl(callbackUrl: string): Promise<Result<CallbackSettings>>;
  /**
   * Rotates the shared secret. On success the client signs with the new secret from the next call on;
   * store `data.secret` (shown once) and keep the old one in your verifier until `previousSecretValidUntil`.
   */
  rotateSecret(): Promise<Result<RotatedSecret>>;
  /**
   * Ends the previous secret's grace period at once (after a leak): only the current secret verifies from then on.
   * Needs the current secret, as every portal call does (403 `current secret required` with the previous one).
   */
  revokePreviousSecret(): Promise<Result<RevokedPreviousSecret>>;
  /** The tenant's transactions, newest first, filtered; pass `nextCursor` back as `cursor` for the next page. */
  listTransactions(query?: TransactionQuery): Promise<Result<TransactionPage>>;
  /** One transaction in full: the body sent to the wallet and every call made for it (its delivery log). */
  getTransaction(providerId: string, transactionId: string): Promise<Result<TransactionDetail>>;
  /** One round with its transactions in order and its state (OPEN, COMPLETE, RECONCILED). */
  getRound(gameId: string, roundId: string): Promise<Result<RoundDetail>>;
  /** The problems that need a person (open ones by default) and the open count per kind. */
  listProblems(query?: ProblemQuery): Promise<Result<ProblemPage>>;
  /** Re-sends a problem's transaction now (same id, identical body); 409 when it is already settled or in flight. */
  resendProblem(id: string): Promise<Result<ResendResult>>;
  /** Marks a problem resolved; the note saying why is required. */
  resolveProblem(id: string, note: string): Promise<Result<Problem>>;
  /** The tenant's audit log, newest first. */
  listAuditLog(query?: { cursor?: string; limit?: number }): Promise<Result<AuditPage>>;
  /** Sends one signed, read-only balance call to your wallet for a player and returns what it answered. */
  testWalletCall(playerRef: string): Promise<Result<TestCallResult>>;
}

/**
 * Creates a client for the operator API and the portal. Every request is signed (method, full target
 * with prefix and query, fresh timestamp and nonce, exact body); each attempt times out after
 * `timeoutMs`. No call is retried automatically: launch and kick are not idempotent, and a grant is
 * safe to resend yourself with the same idempotencyKey.
 *
 * @example
 * const client = createOperatorClient({ baseUrl: "https://croupier.example", tenantId: "op-acme", secret });
 * const { data, error } = await client.launchGame({ playerRef: "p-1", gameId: "starfall", currency: "EUR", mode: "REAL" });
 * if (error) throw error; // CroupierApiError: status, message, retryAfter
 * iframe.src = data.launchUrl;
 */
export function createOperatorClient(options: OperatorClientOptions): OperatorClient {
  const { raw, credentials } = createSignedClient<paths>(options);
  return {
    raw,
    listGames: () => toResult(() => raw.GET("/v1/operator/games")),
    launchGame: (body) => toResult(() => raw.POST("/v1/operator/games/launch", { body })),
    kickPlayer: (playerRef) => toResult(() => raw.POST("/v1/operator/players/kick", { body: { playerRef } })),
    replayRound: (body) => toResult(() => raw.POST("/v1/operator/rounds/replay", { body })),
    issueGrant: (body) => toResult(() => raw.POST("/v1/operator/free-spins/grants", { body })),
    listGrants: (playerRef) =>
      toResult(() => raw.GET("/v1/operator/free-spins/grants", playerRef === undefined ? {} : { params: { query: { playerRef } } })),
    getGrant: (id) => toResult(() => raw.GET("/v1/operator/free-spins/grants/{id}", { params: { path: { id } } })),
    cancelGrant: (id) => toResult(() => raw.POST("/v1/operator/free-spins/grants/{id}/cancel", { params: { path: { id } } })),
    setCallbackUrl: (callbackUrl) => toResult(() => raw.POST("/portal/api/callback-url", { body: { callbackUrl } })),
    async rotateSecret() {
      const result = await toResult(() => raw.POST("/portal/api/rotate-secret"));
      if (result.data) credentials.secret = result.data.secret;
      return result;
    },
    // openapi-fetch reads a body whose only member is a JSON null as {}: the generated type says what arrives.
    revokePreviousSecret: () => toResult(() => raw.POST("/portal/api/revoke-previous-secret")) as Promise<Result<RevokedPreviousSecret>>,
    listTransactions: (query = {}) => toResult(() => raw.GET("/v1/operator/transactions", { params: { query } })),
    getTransaction: (providerId, transactionId) =>
      toResult(() => raw.GET("/v1/operator/transactions/{providerId}/{transactionId}", { params: { path: { providerId, transactionId } } })),
    getRound: (gameId, roundId) => toResult(() => raw.GET("/v1/operator/rounds/{gameId}/{roundId}", { params: { path: { gameId, roundId } } })),
    listProblems: (query = {}) => toResult(() => raw.GET("/v1/operator/problems", { params: { query } })),
    resendProblem: (id) => toResult(() => raw.POST("/v1/operator/problems/{id}/resend", { params: { path: { id } } })),
    resolveProblem: (id, note) => toResult(() => raw.POST("/v1/operator/problems/{id}/resolve", { params: { path: { id } }, body: { note } })),
    listAuditLog: (query = {}) => toResult(() => raw.GET("/v1/operator/audit-log", { params: { query } })),
    testWalletCall: (playerRef) => toResult(() => raw.POST("/portal/api/test-call", { body: { playerRef } })),
  };
}
