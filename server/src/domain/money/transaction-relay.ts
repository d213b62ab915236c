import type { Logger } from "pino";
import { ApiError, replayedRequest, unauthenticated } from "../errors.js";
import type {
  CallRequest,
  ClaimIntent,
  ClaimResult,
  NewTransaction,
  RoundRef,
  TransactionKey,
  TransactionRecord,
  TransactionStore,
} from "../ports/ledger.js";
import type { CallbackOutcome, OperatorWallet } from "../ports/operator-wallet.js";
import type { ReachableOperator } from "../ports/tenants.js";
import { tokenDigest, type SecretBox } from "../secret-box.js";
import { staleRollbackId, transactionOf, type ProviderOrder, type RelayOrder, type SessionVerdict } from "./relay-order.js";
import { requestFingerprint, transactionIdReused } from "./transaction-request.js";
import { DEFAULT_CALLBACK_TIMEOUT_MS, type TenantDirectory } from "../tenants/tenant-directory.js";

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
 * What the relay did with an order (see {@link TransactionRelay.submit}): a record made, found or re-sent; a credit a
 * person resolved, never sent again; a provider's BET already reversed; a provider's fun play, for the wallet service to
 * play (the ledger does not hold the id); a re-send left alone (settled, busy, or resolved by hand).
 */
export type RelayOutcome =
  | { kind: "recorded"; record: TransactionRecord }
  | { kind: "resolved-by-hand"; record: TransactionRecord }
  | { kind: "reversed"; reversal: TransactionRecord }
  | { kind: "fun-play"; fingerprint: string }
  | { kind: "busy" };

/** What a platform order (the reconciler's, an admin's) came to: the record as it then stands, or a credit a person resolved. */
type RecordedOutcome = Extract<RelayOutcome, { kind: "recorded" | "resolved-by-hand" }>;

/**
 * The reconciler's close of an OPEN round with its first reversal ({@link TransactionRelay.closeRound}): the round
 * changed since it was read or the provider completed it (nothing sent), or it is closing and that reversal was sent
 * (`applied` once the wallet applied it).
 */
export type RoundCloseOutcome = { kind: "changed" } | { kind: "completed" } | { kind: "closing"; applied: boolean };

/** A record to insert, its callback body plain (to send) and sealed (to store). */
type NewRecord = { transaction: NewTransaction; sealed: NewTransaction };

const keyOf = (k: TransactionKey) => `${k.providerId}\u0000${k.transactionId}`;

/**
 * Whether the settlement retry resends an unsettled record: credits owed to the player (WIN, ROLLBACK). A BET is
 * reversed by the reconciler instead; an ADJUSTMENT is resent by the admin who issued it, with the same id.
 */
const resentByPlatform = (type: TransactionRecord["type"]) => type === "WIN" || type === "ROLLBACK";

/**
 * Moves money exactly once: every call to the operator's transaction callback, whoever asks, is one claim in the
 * ledger, then the call, then its outcome.
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
   * The one entry point: the order's one claim, then the call when it claimed, else what the ledger holds or the
   * refusal it calls for. A `recorded` record may be FAILED or TIMED_OUT; the caller decides what that means for its
   * client. A re-send answers `busy` when the record is settled, resolved by hand or another attempt has it.
   */
  submit(order: ProviderOrder): Promise<Exclude<RelayOutcome, { kind: "busy" }>>;
  submit(order: Extract<RelayOrder, { by: "RECONCILER" | "ADMIN" }>): Promise<RecordedOutcome>;
  submit(order: Extract<RelayOrder, { resend: TransactionKey }>): Promise<Extract<RelayOutcome, { kind: "recorded" | "busy" }>>;
  async submit(order: RelayOrder): Promise<RelayOutcome> {
    if ("resend" in order) {
      if (this.isInFlight(order.resend)) return { kind: "busy" };
      const claim = await this.claim({ kind: "resend", key: order.resend }, order.operator, { by: order.by, actor: order.actor });
      return claim.kind === "claimed" ? { kind: "recorded", record: await this.deliver(claim.record, order.operator) } : { kind: "busy" };
    }
    if (order.by === "PROVIDER") return this.providerTransaction(order);
    const { transaction, requester } = transactionOf(order);
    if (this.isInFlight(transaction)) throw inFlightConflict();
    const sealed = this.sealed(transaction);
    const claim = await this.claim({ kind: "platform", transaction: sealed }, order.operator, { by: requester, actor: null });
    return this.platformOutcome(claim, { transaction, sealed }, order.operator);
  }

  /**
   * The reconciler's one decision on an OPEN round (decisions.md §5): the round closes and the reversal of `bet`, its
   * first outstanding one, is claimed in the same unit of work, unless the round changed since it was read or the
   * provider completed it; then the reversal is sent. From then on no provider transaction is taken in the round.
   */
  async closeRound(round: RoundRef, bet: TransactionRecord, operator: ReachableOperator): Promise<RoundCloseOutcome> {
    const { transaction, requester } = transactionOf({ by: "RECONCILER", bet, operator });
    const now = this.now();
    const sealed = this.sealed(transaction);
    const pendingStaleBefore = now - operator.callbackTimeoutMs;
    const closing = await this.store.closeRound(round, { transaction: sealed, pendingStaleBefore, request: { by: requester, actor: null } }, now);
    // "closed" is the answer to a close without a reversal to claim, never to this one.
    if (closing.kind !== "closing") return { kind: closing.kind === "completed" ? "completed" : "changed" };
    const sent = await this.platformOutcome(closing.claim, { transaction, sealed }, operator);
    return { kind: "closing", applied: sent.kind === "resolved-by-hand" || sent.record.state === "OK" };
  }

  /**
   * A provider's transaction: one claim (`provider` through a usable session, else `look`), which also records the
   * call's nonce, then what it found decides: the call, the stored answer, fun play, or a refusal.
   */
  private async providerTransaction(order: ProviderOrder): Promise<Exclude<RelayOutcome, { kind: "busy" }>> {
    const { call, request, session } = order;
    const key = { providerId: call.providerId, transactionId: request.transactionId };
    const fingerprint = requestFingerprint(request);
    const nonce = call.nonce?.pending ? call.nonce.entry : undefined;
    let claim: ClaimResult;
    let newRecord: NewRecord | undefined;
    if (session.kind === "usable") {
      if (this.isInFlight(key)) throw inFlightConflict();
      const { operatorId } = session.session;
      const { transaction } = transactionOf({ by: "PROVIDER", providerId: call.providerId, operatorId, request, rawBody: call.rawBody, fingerprint });
      newRecord = { transaction, sealed: this.sealed(transaction) };
      claim = await this.claim({ kind: "provider", transaction: newRecord.sealed, nonce }, session.operator, PROVIDER_CALL);
    } else {
      claim = await this.store.claim({ kind: "look", key, requestHash: fingerprint, nonce }, this.now(), 0, PROVIDER_CALL);
    }
    if (nonce !== undefined) call.nonce!.recordedByClaim(claim.kind !== "replayed");
    switch (claim.kind) {
      case "claimed":
        if (session.kind !== "usable" || newRecord === undefined) throw new Error("a look never claims");
        return { kind: "recorded", record: await this.deliver(claim.record, session.operator, this.bodyOf(claim.record, newRecord)) };
      case "settled":
      case "resolved-by-hand":
        return storedAnswer(claim, order.session, tokenDigest(request.sessionToken));
      case "unsettled":
        throw unsendable(claim.record, session);
      case "absent":
        if (session.kind === "fun-play") return { kind: "fun-play", fingerprint };
        throw session.kind === "usable" ? new Error("a look is never usable") : session.refusal;
      case "reversed":
        return { kind: "reversed", reversal: claim.reversal };
      case "replayed":
        throw replayedRequest();
      case "different-body":
      case "other-operator":
        throw transactionIdReused();
      case "in-flight":
        throw inFlightConflict();
      case "being-reversed": {
        const reversal = await this.reversalResolvedByHand(claim.record);
        if (reversal === undefined) throw betBeingReversed();
        return { kind: "reversed", reversal };
      }
      case "round-closed":
        throw roundClosed();
      case "session-ended":
        throw unauthenticated("invalid or expired session token");
      case "id-of-another-provider":
        throw idOfAnotherProvider();
      case "original-of-another-provider":
        throw originalOfAnotherProvider();
    }
  }

  /**
   * The reconciler's reversal of `bet` when a person resolved it by hand: the stake was refunded another way and that
   * reversal is never sent (decisions.md §5), so the bet is answered as reversed rather than refused as being reversed for good. The mark is
   * final, so reading it after the claim is safe.
   */
  private async reversalResolvedByHand(bet: TransactionRecord): Promise<TransactionRecord | undefined> {
    const reversal = await this.store.find({ providerId: bet.providerId, transactionId: staleRollbackId(bet.transactionId) });
    return reversal?.resolvedByHand ? reversal : undefined;
  }

  /** What a claim of the reconciler's rollback or an admin's adjustment means: the call made, the stored record, or a refusal. */
  private async platformOutcome(claim: ClaimResult, newRecord: NewRecord, operator: ReachableOperator): Promise<RecordedOutcome> {
    switch (claim.kind) {
      case "claimed":
        return { kind: "recorded", record: await this.deliver(claim.record, operator, this.bodyOf(claim.record, newRecord)) };
      case "settled":
        return { kind: "recorded", record: claim.record };
      case "resolved-by-hand":
        return { kind: "resolved-by-hand", record: claim.record };
      case "different-body":
        throw transactionIdReused();
      case "in-flight":
        throw inFlightConflict();
      case "id-of-another-provider":
        throw idOfAnotherProvider();
      case "original-of-another-provider":
        throw originalOfAnotherProvider();
      case "replayed":
      case "absent":
      case "unsettled":
      case "other-operator":
      case "reversed":
      case "being-reversed":
      case "round-closed":
      case "session-ended":
        throw new Error(`a platform claim answered ${claim.kind}`);
    }
  }

  /** The store's claim, within the operator's callback timeout (an older PENDING claim was left by a stopped process). */
  private claim(intent: ClaimIntent, operator: ReachableOperator, request: CallRequest): Promise<ClaimResult> {
    const now = this.now();
    return this.store.claim(intent, now, now - operator.callbackTimeoutMs, request);
  }

  private sealed(transaction: NewTransaction): NewTransaction {
    return { ...transaction, callbackBody: this.box.seal(transaction.callbackBody) };
  }

  /** A record this claim inserted holds the body just sealed (an IV is never drawn twice): the plain one is in hand. */
  private bodyOf(record: TransactionRecord, newRecord: NewRecord): string | undefined {
    return record.callbackBody === newRecord.sealed.callbackBody ? newRecord.transaction.callbackBody : undefined;
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

// No retry can make these pass (decisions.md §4, §5).
const idOfAnotherProvider = () => new ApiError("transaction_id_of_another_provider", "transactionId already used by another provider");
const originalOfAnotherProvider = () => new ApiError("original_transaction_of_another_provider", "originalTransactionId belongs to another provider");
const roundClosed = () => new ApiError("ROUND_CLOSED", "round closed by the reconciler");
const betBeingReversed = () => new ApiError("conflict", "this bet is being reversed by the stale-round reconciler; retry later");

const PROVIDER_CALL = { by: "PROVIDER", actor: null } as const;

function inFlightConflict(): ApiError {
  return new ApiError("conflict", "another attempt for this transactionId is in flight; do not retry yet");
}

/**
 * A settled record, or a credit a person resolved, found by a provider's claim: answered through the session it was made
 * in (even once that session ended) or through a live matching session of the same operator's real money; a `provider`
 * claim checked that already. Through any other, the session's refusal, or the id's reuse (another operator's money, or
 * real money through fun play).
 */
function storedAnswer(
  claim: Extract<ClaimResult, { kind: "settled" | "resolved-by-hand" }>,
  session: SessionVerdict,
  digest: string,
): RecordedOutcome {
  const answer: RecordedOutcome =
    claim.kind === "settled" ? { kind: "recorded", record: claim.record } : { kind: "resolved-by-hand", record: claim.record };
  // A record stored before digests were kept (null) counts as another session's.
  if (claim.record.sessionTokenHash === digest || session.kind === "usable") return answer;
  if (session.kind === "refused") throw session.refusal;
  if (session.kind === "fun-play" || session.session.operatorId !== claim.record.operatorId) throw transactionIdReused();
  return answer;
}

/** Why an unsettled record a `look` found is not sent: the session's refusal, or the id's reuse as for {@link storedAnswer}. */
function unsendable(record: TransactionRecord, session: SessionVerdict): ApiError {
  if (session.kind === "refused") return session.refusal;
  if (session.kind === "usable") return new ApiError("internal", "a usable session's claim never looks");
  if (session.kind === "fun-play" || session.session.operatorId !== record.operatorId) return transactionIdReused();
  return session.refusal;
}
