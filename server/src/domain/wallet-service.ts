import type { ServiceSchemas } from "@croupier/contract";
import type { Catalogue } from "./catalogue.js";
import type { DemoWallet, TransactionResponse } from "./demo-wallet.js";
import { ApiError, badRequest, notConfigured, replayedRequest } from "./errors.js";
import type { TransactionRecord } from "./ports/ledger.js";
import type { DeferredNonce } from "./ports/nonces.js";
import type { OperatorWallet } from "./ports/operator-wallet.js";
import type { Session } from "./ports/sessions.js";
import type { ReachableOperator } from "./ports/tenants.js";
import type { SessionService } from "./session-service.js";
import type { TransactionRelay } from "./transaction-relay.js";
import { transactionIdReused, validateTransactionRequest, type ProviderRequest, type TransactionRequest } from "./transaction-request.js";
import type { TenantDirectory } from "./tenant-directory.js";

/** The contract's VerifySessionResponse (decisions.md §2): what a provider learns about its session; never the operator. */
export type VerifiedSession = ServiceSchemas["VerifySessionResponse"];

/**
 * The provider wallet API (spec A): session verify, live balance and the money path. Real-money transactions
 * go through the {@link TransactionRelay}; DEMO sessions through the {@link DemoWallet}.
 */
export class WalletService {
  constructor(
    private readonly deps: {
      sessions: SessionService;
      tenants: TenantDirectory;
      catalogue: Catalogue;
      relay: TransactionRelay;
      operatorWallet: OperatorWallet;
      demo: DemoWallet;
    },
  ) {}

  /**
   * session/verify: 401 unknown/expired/kicked, 403 another provider's, 500 when its operator or its game is no longer
   * configured (spec A.1: "500 when configuration resolution failed").
   */
  async verify(providerId: string, sessionToken: string): Promise<VerifiedSession> {
    const session = await this.deps.sessions.resolveForProvider(sessionToken, providerId);
    if (!this.deps.tenants.operator(session.operatorId) || !this.deps.catalogue.game(session.gameId)) {
      throw new ApiError("internal", "session configuration could not be resolved");
    }
    return {
      playerRef: session.playerRef,
      gameId: session.gameId,
      currency: session.currency,
      language: session.language ?? "",
      mode: session.demo ? "DEMO" : "REAL",
      expiresAt: new Date(session.expiresAt).toISOString(),
    };
  }

  /**
   * balance: the operator's live answer, as the JSON text it sent (spec A.3: "returns the response verbatim"), or
   * the fun-play balance; 503 without a callback URL, 500 when the wallet fails or answers without an integer balance.
   */
  async balance(providerId: string, sessionToken: string): Promise<string> {
    const session = await this.deps.sessions.resolveForProvider(sessionToken, providerId);
    if (session.demo) return JSON.stringify({ balance: this.deps.demo.balance(session.token) });
    const operator = this.reachableOperator(session);
    const outcome = await this.deps.operatorWallet.balance(operator, session.playerRef);
    if (!outcome.ok)
      throw new ApiError("retryable_failure", "the operator's wallet balance could not be read; retry later", { cause: outcome.error });
    return outcome.body;
  }

  /**
   * transaction: validates, then answers a repeat of a settled transactionId through the session it was made in
   * from the record without looking at that session again (a provider retrying after a kick still learns the
   * outcome), else resolves the session (401/403), checks it against the request (400) and the configuration (503),
   * and relays exactly once. A repeat through another session must come from a live one of the same operator's real
   * money (a fresh launch for the same player and game), else it is another request with a used id (400). `rawBody`
   * is the request as received, so metadata reaches the operator byte for byte. `nonce`, when the caller put its
   * recording off, is recorded with the first claim, or else before anything else is done (a replay: 401).
   */
  async transaction(providerId: string, request: TransactionRequest, rawBody?: string, nonce?: DeferredNonce): Promise<TransactionResponse> {
    const valid = validateTransactionRequest(request);
    const first = await this.firstAttempt(providerId, valid, nonce, rawBody);
    if (first !== undefined) return first;
    if (nonce !== undefined && !(await nonce.settle())) throw replayedRequest();
    const ticket = await this.deps.relay.lookUp(providerId, valid);
    const { key, fingerprint, prior } = ticket;
    const settled = prior !== undefined && (prior.record.state === "OK" || prior.record.state === "DECLINED");
    if (settled && prior.sameSession) return answer(prior.record);
    const demoRepeat = this.deps.demo.repeat(key, fingerprint, valid.sessionToken);
    if (demoRepeat) return demoRepeat;

    const session = await this.deps.sessions.resolveForProvider(valid.sessionToken, providerId);
    for (const field of ["playerRef", "gameId", "currency"] as const) {
      if (valid[field] !== session[field]) throw badRequest(`${field} does not match the session`);
    }
    // The record is another operator's money (or real money, for a DEMO session): resending it here would move it there.
    // Likewise an id applied to another session's fun-play balance.
    if (prior && (session.demo || session.operatorId !== prior.record.operatorId)) throw transactionIdReused();
    if (this.deps.demo.applied(key)) throw transactionIdReused();
    if (settled) return answer(prior.record);
    if (!this.deps.catalogue.game(session.gameId)) throw notConfigured("game not configured");
    if (session.demo) return this.deps.demo.apply(providerId, session.token, valid, fingerprint);

    const outcome = await this.deps.relay.relay(
      { by: "PROVIDER", ticket, operatorId: session.operatorId, request: valid, rawBody },
      this.reachableOperator(session),
    );
    // A bet the reconciler already reversed is reported as not taken, with the balance after the refund.
    if (outcome.kind === "reversed") return { status: "DECLINED", balance: outcome.reversal.responseBalance! };
    return answer(outcome.record);
  }

  /**
   * The money path's common case in one write before the call (issue 20): a new transaction through a real-money
   * session this instance knows (else reads once), matching it, its game and operator configured. The claim records
   * the call's nonce and checks that the session still stands and the id is new ({@link TransactionRelay.relayFirst}).
   * Undefined, nothing written but the nonce, for anything else: {@link transaction}'s full way then decides, in its
   * order.
   */
  private async firstAttempt(
    providerId: string,
    valid: ProviderRequest,
    nonce: DeferredNonce | undefined,
    rawBody: string | undefined,
  ): Promise<TransactionResponse | undefined> {
    // A session this instance has not seen is read once; any refusal is the full way's to give, in its order.
    const session =
      this.deps.sessions.knownForProvider(valid.sessionToken, providerId) ??
      (await this.deps.sessions.resolveForProvider(valid.sessionToken, providerId).catch(() => undefined));
    if (session === undefined || session.demo) return undefined;
    if (valid.playerRef !== session.playerRef || valid.gameId !== session.gameId || valid.currency !== session.currency) return undefined;
    if (this.deps.demo.applied({ providerId, transactionId: valid.transactionId }) || !this.deps.catalogue.game(session.gameId)) return undefined;
    const operator = this.deps.tenants.operator(session.operatorId);
    if (!operator?.callbackUrl) return undefined;
    const record = await this.deps.relay.relayFirst(
      { providerId, operatorId: session.operatorId, request: valid, rawBody },
      operator as ReachableOperator,
      nonce,
    );
    return record && answer(record);
  }

  private reachableOperator(session: Session): ReachableOperator {
    const operator = this.deps.tenants.operator(session.operatorId);
    if (!operator) throw notConfigured("operator not configured");
    if (!operator.callbackUrl) throw notConfigured("the operator has not configured its wallet callback URL");
    return operator as ReachableOperator;
  }
}

/** The provider's answer for a record: its settled response, or a retryable 500 naming what happened. */
function answer(record: TransactionRecord): TransactionResponse {
  if ((record.state === "OK" || record.state === "DECLINED") && record.responseBalance !== null) {
    return { status: record.state, balance: record.responseBalance };
  }
  if (record.state === "TIMED_OUT") {
    throw new ApiError("retryable_failure", "the operator's wallet did not answer in time (TIMED_OUT); retry with the same transactionId");
  }
  throw new ApiError("retryable_failure", "the operator's wallet did not apply the transaction; retry with the same transactionId");
}
