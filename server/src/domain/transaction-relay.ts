import type { Logger } from "pino";
import type { TransactionResponse } from "./demo-wallet.js";
import { ApiError, replayedRequest } from "./errors.js";
import type { CallRequest, NewTransaction, TransactionKey, TransactionRecord, TransactionStore } from "./ports/ledger.js";
import type { DeferredNonce } from "./ports/nonces.js";
import type { CallbackOutcome, OperatorWallet } from "./ports/operator-wallet.js";
import type { ReachableOperator } from "./ports/tenants.js";
import { tokenDigest, type SecretBox } from "./secret-box.js";
import { staleRollbackId, transactionOf, type ProviderTransaction, type RelayOrder } from "./relay-order.js";
import { requestFingerprint, transactionIdReused } from "./transaction-request.js";
import { DEFAULT_CALLBACK_TIMEOUT_MS, type TenantDirectory } from "./tenant-directory.js";

/** The `settlementRetry` block of the configuration (decisions.md §3). */
export interface SettlementPolicy {
  initialDelaySeconds: number;
  maxDelaySeconds: number;
  horizonSeconds: number;
}

/** Delay before the platform resends a credit after its n-th failed attempt: initial, doubling, capped. */
export function settlementDelayMs(policy: SettlementPolicy, attempts: number): number {
  const seconds = Math.min(policy.initialDelaySeconds * 2 ** Math.max(0, attempts - 1), policy.maxDelaySeconds);
  return Math.round(seconds * 1000);
}

/**
 * What the relay did with an order (see {@link TransactionRelay.submit}): a record made, found or re-sent; a provider's
 * BET the reconciler already reversed; a provider's DEMO play, answered without the ledger; a re-send left alone.
 */
export type RelayOutcome =
  | { kind: "recorded"; record: TransactionRecord }
  | { kind: "reversed"; reversal: TransactionRecord }
  | { kind: "answered"; answer: TransactionResponse }
  | { kind: "busy" };

const keyOf = (k: TransactionKey) => `${k.providerId}\u0000${k.transactionId}`;

/**
 * Whether the settlement retry resends an unsettled record: credits owed to the player (WIN, ROLLBACK). A BET is
 * reversed by the reconciler instead; an ADJUSTMENT is resent by the admin who issued it, with the same id.
 */
const resentByPlatform = (type: TransactionRecord["type"]) => type === "WIN" || type === "ROLLBACK";

/**
 * Moves money exactly once. Every call to the operator's transaction callback goes through here, whoever asks
 * (provider, settlement retry, reconciler, admin, the operator's re-send): the record is claimed as PENDING in one
 * synchronous SQLite transaction before the call and its outcome written after; an in-process in-flight set refuses a
 * second caller for the same transaction while the first is waiting on the operator. The claim and the outcome also
 * write the call's delivery log entry (who asked, when, what came back). The callback body is stored sealed by the
 * {@link SecretBox} (it carries the player's session token) and opened for each send, so every resend is still the
 * identical bytes.
 */
export class TransactionRelay {
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly store: TransactionStore,
    private readonly wallet: OperatorWallet,
    private readonly tenants: TenantDirectory,
    private readonly policy: SettlementPolicy,
    private readonly box: SecretBox,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** True while this process is waiting on the operator for that transaction. */
  isInFlight(key: TransactionKey): boolean {
    return this.inFlight.has(keyOf(key));
  }

  /**
   * The one entry point: whoever asks (provider, reconciler, admin, settlement retry, the operator's re-send) says
   * what it knows, and the relay records and sends what the order describes, or answers from the ledger without a call.
   * - a provider's transaction: see {@link provider}.
   * - the reconciler's reversal, an admin's adjustment: the stored record when it is already settled; 409 while
   *   another attempt is in flight; 400 when the id was used with a different request or by another provider.
   * - a re-send: `busy` when the record is settled or another attempt has it.
   * A `recorded` record may be FAILED or TIMED_OUT; the caller decides what that means for its client.
   */
  submit(order: Extract<RelayOrder, { by: "PROVIDER" }>): Promise<Exclude<RelayOutcome, { kind: "busy" }>>;
  submit(order: Extract<RelayOrder, { by: "RECONCILER" | "ADMIN" }>): Promise<Extract<RelayOutcome, { kind: "recorded" }>>;
  submit(order: Extract<RelayOrder, { resend: TransactionKey }>): Promise<Extract<RelayOutcome, { kind: "recorded" | "busy" }>>;
  async submit(order: RelayOrder): Promise<RelayOutcome> {
    if ("resend" in order) {
      const record = await this.resend(order.resend, order.operator, { by: order.by, actor: order.actor });
      return record ? { kind: "recorded", record } : { kind: "busy" };
    }
    if (order.by === "PROVIDER") return this.provider(order);
    const { transaction, requester, touchRound } = transactionOf(order);
    return { kind: "recorded", record: await this.claimAndSend(transaction, order.operator, touchRound, { by: requester, actor: null }) };
  }

  /**
   * A provider's transaction, its session and DEMO play left to the provider's side, in this order:
   * 1. the first claim when that side names a target: one write before the call ({@link TransactionStore.claimFirst})
   *    records the nonce, checks that the session still stands and the id is new, and claims it; anything else
   *    (the id stored or in flight here, the session ended) writes nothing but the nonce and takes the full way;
   * 2. the nonce, unless the first claim recorded it (a replay: 401); 400 when the id was used with a different
   *    request; a settled record made through the same session is answered without looking at that session again
   *    (a provider retrying after a kick still learns the outcome);
   * 3. the session, resolved and checked by the provider's side; a record made through another session must be the
   *    same operator's real money (a fresh launch for the same player and game), else 400; a settled one is answered;
   * 4. a retry of a BET the reconciler already reversed is never sent again (the wallet could apply it after the
   *    refund): `reversed` names the reversal; while that reversal is unsettled the retry must wait (409);
   * 5. the claim and the call, as for any new record.
   */
  private async provider(order: Extract<RelayOrder, { by: "PROVIDER" }>): Promise<Exclude<RelayOutcome, { kind: "busy" }>> {
    const { providerId, request, rawBody, side } = order;
    const key = { providerId, transactionId: request.transactionId };
    const fingerprint = requestFingerprint(request);
    const target = await side.firstClaim();
    if (target !== undefined) {
      const transaction = { providerId, operatorId: target.operatorId, request, rawBody, fingerprint };
      const record = await this.claimFirst(transaction, target.operator, order.nonce);
      if (record !== undefined) return { kind: "recorded", record };
    }
    if (order.nonce !== undefined && !(await order.nonce.settle())) throw replayedRequest();
    const prior = await this.store.find(key);
    if (prior && prior.requestHash !== fingerprint) throw transactionIdReused();
    const settled = prior !== undefined && (prior.state === "OK" || prior.state === "DECLINED");
    // A record stored before digests were kept (null) counts as another session's: the live session is checked.
    if (settled && prior.sessionTokenHash === tokenDigest(request.sessionToken)) return { kind: "recorded", record: prior };
    const session = await side.resolve(key, fingerprint);
    if ("answer" in session) return { kind: "answered", answer: session.answer };
    // The record is another operator's money (or real money, for a DEMO session): resending it here would move it there.
    if (prior && (session.demo || session.operatorId !== prior.operatorId)) throw transactionIdReused();
    if (settled) return { kind: "recorded", record: prior };
    const admitted = session.admit();
    if ("answer" in admitted) return { kind: "answered", answer: admitted.answer };
    if (request.type === "BET" && prior) {
      const reversal = await this.store.reversalOf(key);
      if (reversal?.responseBalance != null) return { kind: "reversed", reversal };
      if (await this.store.find({ providerId, transactionId: staleRollbackId(request.transactionId) })) {
        throw new ApiError("conflict", "this bet is being reversed by the stale-round reconciler; retry later");
      }
    }
    const { transaction, requester, touchRound } = transactionOf({
      by: "PROVIDER",
      providerId,
      operatorId: session.operatorId,
      request,
      rawBody,
      fingerprint,
    });
    return { kind: "recorded", record: await this.claimAndSend(transaction, admitted, touchRound, { by: requester, actor: null }) };
  }

  /**
   * A provider's new transaction in one write before the call: claimed and sent when its id is new and its session
   * still live, the call's nonce recorded with it. Undefined, with nothing sent and nothing but the nonce written,
   * when the id is stored or in flight here or the session ended.
   */
  private async claimFirst(
    order: ProviderTransaction,
    operator: ReachableOperator,
    nonce: DeferredNonce | undefined,
  ): Promise<TransactionRecord | undefined> {
    if (this.isInFlight({ providerId: order.providerId, transactionId: order.request.transactionId })) return undefined;
    const { transaction } = transactionOf({ by: "PROVIDER", ...order });
    const sealed = { ...transaction, callbackBody: this.box.seal(transaction.callbackBody) };
    const claim = await this.store.claimFirst(sealed, this.now(), { by: "PROVIDER", actor: null }, nonce);
    switch (claim.kind) {
      case "replayed":
        throw replayedRequest();
      case "session-ended":
      case "exists":
        return undefined;
      case "id-of-another-provider":
        throw idOfAnotherProvider();
      case "original-of-another-provider":
        throw originalOfAnotherProvider();
      case "claimed":
        return this.deliver(claim.record, operator, transaction.callbackBody);
    }
  }

  /** Claims a new record (its body sealed) and sends it, or returns the stored record when it is already settled. */
  private async claimAndSend(
    transaction: NewTransaction,
    operator: ReachableOperator,
    touchRound: boolean,
    request: CallRequest,
  ): Promise<TransactionRecord> {
    if (this.isInFlight(transaction)) throw inFlightConflict();
    const now = this.now();
    const sealed = { ...transaction, callbackBody: this.box.seal(transaction.callbackBody) };
    const claim = await this.store.claim(sealed, now, now - operator.callbackTimeoutMs, touchRound, request);
    switch (claim.kind) {
      case "settled":
        return claim.record;
      case "different-body":
        throw transactionIdReused();
      case "in-flight":
        throw inFlightConflict();
      case "id-of-another-provider":
        throw idOfAnotherProvider();
      case "original-of-another-provider":
        throw originalOfAnotherProvider();
      case "claimed":
        // A record this claim inserted holds the body just sealed (an IV is never drawn twice); a reclaimed one its own.
        return this.deliver(claim.record, operator, claim.record.callbackBody === sealed.callbackBody ? transaction.callbackBody : undefined);
    }
  }

  /** Re-claims an unsettled record and sends its stored body again; undefined when it is settled or busy elsewhere. */
  private async resend(key: TransactionKey, operator: ReachableOperator, request: CallRequest): Promise<TransactionRecord | undefined> {
    if (this.isInFlight(key)) return undefined;
    const now = this.now();
    const record = await this.store.claimForResend(key, now, now - operator.callbackTimeoutMs, request);
    return record ? this.deliver(record, operator) : undefined;
  }

  /** The exact body sent to the operator for a stored record (stored sealed). */
  callbackBodyOf(record: TransactionRecord): string {
    return this.box.open(record.callbackBody);
  }

  /**
   * Crash recovery: a PENDING record nobody in this process is sending, older than its operator's callback
   * timeout, has an unknown outcome: it becomes TIMED_OUT (credits due for the settlement retry at once).
   * Returns how many were recovered.
   */
  async recoverOrphans(): Promise<number> {
    const now = this.now();
    let recovered = 0;
    for (const record of await this.store.pending()) {
      if (this.isInFlight(record)) continue;
      const timeout = this.tenants.operator(record.operatorId)?.callbackTimeoutMs ?? DEFAULT_CALLBACK_TIMEOUT_MS;
      if (record.updatedAt + timeout > now) continue;
      // Conditional: between reading the list and this write, a provider's retry may have claimed and settled the
      // record; overwriting its OK with TIMED_OUT would hide a move the wallet made.
      const written = await this.store.recordOrphanOutcome(
        record,
        {
          state: "TIMED_OUT",
          balance: null,
          error: "outcome unknown: the service stopped while the operator was being called",
          nextRetryAt: resentByPlatform(record.type) ? now : null,
          call: { httpStatus: null, failure: "INTERRUPTED", response: null },
        },
        now,
      );
      if (written) recovered += 1;
    }
    if (recovered > 0) this.logger.warn({ recovered }, "pending transactions left by a stopped process marked TIMED_OUT");
    return recovered;
  }

  /** Sends a claimed record: `body` is its callback body when the caller still has it unsealed, else it is opened. */
  private async deliver(record: TransactionRecord, operator: ReachableOperator, body?: string): Promise<TransactionRecord> {
    const key = keyOf(record);
    this.inFlight.add(key);
    try {
      return await this.recordOutcome(record, await this.wallet.transaction(operator, record.type, body ?? this.callbackBodyOf(record)));
    } finally {
      // Only after the outcome is written, so nobody sees neither the in-flight mark nor the outcome.
      this.inFlight.delete(key);
    }
  }

  private recordOutcome(record: TransactionRecord, outcome: CallbackOutcome): Promise<TransactionRecord> {
    const now = this.now();
    if (!("error" in outcome)) {
      return this.store.recordOutcome(
        record,
        { state: outcome.state, balance: outcome.balance, error: null, nextRetryAt: null, call: outcome.call },
        now,
      );
    }
    this.logger.warn(
      {
        provider: record.providerId,
        transactionId: record.transactionId,
        type: record.type,
        state: outcome.state,
        attempts: record.attempts,
        error: outcome.error,
      },
      "wallet transaction callback failed",
    );
    const nextRetryAt = resentByPlatform(record.type) ? now + settlementDelayMs(this.policy, record.attempts) : null;
    return this.store.recordOutcome(record, { state: outcome.state, balance: null, error: outcome.error, nextRetryAt, call: outcome.call }, now);
  }
}

// 400, not 409: no retry can make these pass (decisions.md §4).
const idOfAnotherProvider = () => new ApiError("transaction_id_of_another_provider", "transactionId already used by another provider");
const originalOfAnotherProvider = () => new ApiError("original_transaction_of_another_provider", "originalTransactionId belongs to another provider");

function inFlightConflict(): ApiError {
  return new ApiError("conflict", "another attempt for this transactionId is in flight; do not retry yet");
}
