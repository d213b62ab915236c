import type { ServiceSchemas } from "@croupier/contract";
import type { Catalogue } from "../tenants/catalogue.js";
import type { DemoWallet, TransactionResponse } from "./demo-wallet.js";
import { ApiError, badRequest, notConfigured } from "../errors.js";
import type { TransactionKey, TransactionRecord } from "../ports/ledger.js";
import type { OperatorWallet } from "../ports/operator-wallet.js";
import type { Session } from "../ports/sessions.js";
import type { ReachableOperator } from "../ports/tenants.js";
import type { SessionService } from "../sessions/session-service.js";
import type { ProviderCall, SessionVerdict } from "./relay-order.js";
import type { TransactionRelay } from "./transaction-relay.js";
import { requestFingerprint, transactionIdReused, validateTransactionRequest, type ProviderRequest } from "./transaction-request.js";
import type { TenantDirectory } from "../tenants/tenant-directory.js";

/** The contract's VerifySessionResponse (decisions.md §2): what a provider learns about its session; never the operator. */
export type VerifiedSession = ServiceSchemas["VerifySessionResponse"];

/** What a transaction must share with its session. */
const SESSION_FIELDS = ["playerRef", "gameId", "currency"] as const;

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

  /** session/verify: the session as its provider may see it; `internal` when its operator or game is no longer configured (spec A.1). */
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

  /** balance: the operator's live answer as the JSON text it sent (spec A.3), or the fun-play balance. */
  async balance(providerId: string, sessionToken: string): Promise<string> {
    const session = await this.deps.sessions.resolveForProvider(sessionToken, providerId);
    if (session.demo) return JSON.stringify({ balance: this.deps.demo.balance(session.token) });
    const outcome = await this.liveBalance(session.operatorId, session.playerRef);
    return outcome.body;
  }

  /**
   * transaction: the cross-field rules, the session's verdict (its refusal deferred: a retry through the session it was
   * made in still learns its outcome once that session ended), then one order to the relay, whose outcome is the answer.
   */
  async transaction(call: ProviderCall): Promise<TransactionResponse> {
    const request = validateTransactionRequest(call.body);
    const key = { providerId: call.providerId, transactionId: request.transactionId };
    // Fun play already applied through this session: its stored answer, once the ledger confirms the id is not real money's.
    const played = this.deps.demo.applied(key) ? this.deps.demo.repeat(key, requestFingerprint(request), request.sessionToken) : undefined;
    const session: SessionVerdict = played ? { kind: "fun-play" } : await this.verdict(call.providerId, request, key);
    const outcome = await this.deps.relay.submit({ by: "PROVIDER", call, request, session });
    switch (outcome.kind) {
      case "recorded":
        return answer(outcome.record);
      // A bet the reconciler already reversed is reported as not taken, with the balance after the refund; a reversal a
      // person resolved by hand has none stored, so the wallet's balance now, as for a credit resolved by hand.
      case "reversed": {
        const { reversal } = outcome;
        const balance = reversal.resolvedByHand
          ? (await this.liveBalance(reversal.operatorId, reversal.playerRef)).balance
          : reversal.responseBalance!;
        return { status: "DECLINED", balance };
      }
      case "resolved-by-hand":
        return this.resolvedByHand(outcome.record);
      case "fun-play":
        if (played) return played;
        if (!this.deps.catalogue.game(request.gameId)) throw notConfigured("game not configured");
        return this.deps.demo.apply(call.providerId, request.sessionToken, request, outcome.fingerprint);
    }
  }

  /**
   * The session of a provider's transaction: a real-money session this instance knows is taken as it is (the claim
   * checks it still stands), any other is read.
   */
  private async verdict(providerId: string, request: ProviderRequest, key: TransactionKey): Promise<SessionVerdict> {
    const known = this.deps.sessions.knownForProvider(request.sessionToken, providerId);
    let session: Session;
    try {
      session = known !== undefined && !known.demo ? known : await this.deps.sessions.resolveForProvider(request.sessionToken, providerId);
    } catch (error) {
      if (error instanceof ApiError) return { kind: "refused", refusal: error };
      throw error;
    }
    const mismatch = SESSION_FIELDS.find((field) => request[field] !== session[field]);
    if (mismatch !== undefined) return { kind: "refused", refusal: badRequest(`${mismatch} does not match the session`) };
    // Applied to fun play through another session: another request with a used id.
    if (this.deps.demo.applied(key)) return { kind: "refused", refusal: transactionIdReused() };
    if (session.demo) return { kind: "fun-play" };
    if (!this.deps.catalogue.game(session.gameId)) return { kind: "unsendable", session, refusal: notConfigured("game not configured") };
    const operator = this.reachableOperator(session.operatorId);
    return operator instanceof ApiError ? { kind: "unsendable", session, refusal: operator } : { kind: "usable", session, operator };
  }

  /** A credit a person resolved is closed (decisions.md §5): its retry is answered OK with the wallet's balance now. */
  private async resolvedByHand(record: TransactionRecord): Promise<TransactionResponse> {
    return { status: "OK", balance: (await this.liveBalance(record.operatorId, record.playerRef)).balance };
  }

  /** The player's balance as the operator's wallet answers it now, or `retryable_failure`. */
  private async liveBalance(operatorId: string, playerRef: string): Promise<{ balance: number; body: string }> {
    const operator = this.reachableOperator(operatorId);
    if (operator instanceof ApiError) throw operator;
    const outcome = await this.deps.operatorWallet.balance(operator, playerRef);
    if (!outcome.ok)
      throw new ApiError("retryable_failure", "the operator's wallet balance could not be read; retry later", { cause: outcome.error });
    return outcome;
  }

  /** The operator to call, or why there is none (`not_configured`). */
  private reachableOperator(operatorId: string): ReachableOperator | ApiError {
    const operator = this.deps.tenants.operator(operatorId);
    if (!operator) return notConfigured("operator not configured");
    if (!operator.callbackUrl) return notConfigured("the operator has not configured its wallet callback URL");
    return operator as ReachableOperator;
  }
}

/** The provider's answer for a record: its settled response, or a `retryable_failure` naming what happened. */
function answer(record: TransactionRecord): TransactionResponse {
  if ((record.state === "OK" || record.state === "DECLINED") && record.responseBalance !== null) {
    return { status: record.state, balance: record.responseBalance };
  }
  if (record.state === "TIMED_OUT") {
    throw new ApiError("retryable_failure", "the operator's wallet did not answer in time (TIMED_OUT); retry with the same transactionId");
  }
  throw new ApiError("retryable_failure", "the operator's wallet did not apply the transaction; retry with the same transactionId");
}
