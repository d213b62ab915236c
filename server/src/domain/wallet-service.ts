import type { ServiceSchemas } from "@croupier/contract";
import type { Catalogue } from "./catalogue.js";
import type { DemoWallet, TransactionResponse } from "./demo-wallet.js";
import { ApiError, badRequest, notConfigured } from "./errors.js";
import type { TransactionKey, TransactionRecord } from "./ports/ledger.js";
import type { DeferredNonce } from "./ports/nonces.js";
import type { OperatorWallet } from "./ports/operator-wallet.js";
import type { Session } from "./ports/sessions.js";
import type { ReachableOperator } from "./ports/tenants.js";
import type { SessionService } from "./session-service.js";
import type { ProviderSession } from "./relay-order.js";
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
   * transaction: validates, then hands the transaction to the relay ({@link TransactionRelay.submit}), which owns the
   * ledger's rules and asks this service, at their turn, for the session (the first claim's target; else resolved,
   * 401/403, and checked against the request, 400) and for DEMO play; the configuration is checked before a call
   * (503). `rawBody` is the request as received, so metadata reaches the operator byte for byte. `nonce`, when the
   * caller put its recording off, is recorded with the first claim, or else before anything else is done (a replay: 401).
   */
  async transaction(providerId: string, request: TransactionRequest, rawBody?: string, nonce?: DeferredNonce): Promise<TransactionResponse> {
    const valid = validateTransactionRequest(request);
    const outcome = await this.deps.relay.submit({
      by: "PROVIDER",
      providerId,
      request: valid,
      rawBody,
      nonce,
      side: {
        firstClaim: () => this.firstClaim(providerId, valid),
        resolve: (key, fingerprint) => this.session(providerId, valid, key, fingerprint),
      },
    });
    switch (outcome.kind) {
      case "answered":
        return outcome.answer;
      // A bet the reconciler already reversed is reported as not taken, with the balance after the refund.
      case "reversed":
        return { status: "DECLINED", balance: outcome.reversal.responseBalance! };
      case "recorded":
        return answer(outcome.record);
    }
  }

  /**
   * The money path's common case, for the relay's first claim (issue 20): a real-money session this instance knows
   * (else reads once), matching the request, its game and operator configured. Undefined for anything else: the
   * relay's full way then decides, in its order.
   */
  private async firstClaim(providerId: string, valid: ProviderRequest): Promise<{ operatorId: string; operator: ReachableOperator } | undefined> {
    // A session this instance has not seen is read once; any refusal is the full way's to give, in its order.
    const session =
      this.deps.sessions.knownForProvider(valid.sessionToken, providerId) ??
      (await this.deps.sessions.resolveForProvider(valid.sessionToken, providerId).catch(() => undefined));
    if (session === undefined || session.demo) return undefined;
    if (valid.playerRef !== session.playerRef || valid.gameId !== session.gameId || valid.currency !== session.currency) return undefined;
    if (this.deps.demo.applied({ providerId, transactionId: valid.transactionId }) || !this.deps.catalogue.game(session.gameId)) return undefined;
    const operator = this.deps.tenants.operator(session.operatorId);
    if (!operator?.callbackUrl) return undefined;
    return { operatorId: session.operatorId, operator: operator as ReachableOperator };
  }

  /**
   * The full way's session, once the ledger holds nothing settled through the same one: a DEMO repeat's stored
   * answer, else the session resolved (401/403) and checked against the request (400). An id applied to another
   * session's fun-play balance is another request with a used id (400). Admitting it checks the game (503), then
   * plays DEMO on the fun-play wallet or names the operator to call (503 when not configured).
   */
  private async session(
    providerId: string,
    valid: ProviderRequest,
    key: TransactionKey,
    fingerprint: string,
  ): Promise<ProviderSession | { answer: TransactionResponse }> {
    const demoRepeat = this.deps.demo.repeat(key, fingerprint, valid.sessionToken);
    if (demoRepeat) return { answer: demoRepeat };
    const session = await this.deps.sessions.resolveForProvider(valid.sessionToken, providerId);
    for (const field of ["playerRef", "gameId", "currency"] as const) {
      if (valid[field] !== session[field]) throw badRequest(`${field} does not match the session`);
    }
    if (this.deps.demo.applied(key)) throw transactionIdReused();
    return {
      operatorId: session.operatorId,
      demo: session.demo,
      admit: () => {
        if (!this.deps.catalogue.game(session.gameId)) throw notConfigured("game not configured");
        if (session.demo) return { answer: this.deps.demo.apply(providerId, session.token, valid, fingerprint) };
        return this.reachableOperator(session);
      },
    };
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
