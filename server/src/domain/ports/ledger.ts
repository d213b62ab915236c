/**
 * The ledger port: what the relay, the reconciler and the settlement retry need from the store that records every
 * wallet call. Owned by the domain; `store/` implements it (SQLite today, PostgreSQL next). Every method is
 * asynchronous and each is one unit of work on the store's side.
 */
import type { OperatorWalletSchemas, ServiceSchemas } from "@croupier/contract";
import type { DeferredNonce } from "./nonces.js";

/** Who asked for a call to the operator's wallet. */
export type CallRequester = ServiceSchemas["WalletCallRequester"];

/** Who asked for one call, as its delivery log entry records it; `actor` names the person or key for OPERATOR. */
export interface CallRequest {
  by: CallRequester;
  actor: string | null;
}

/** Why a call got no HTTP answer; INTERRUPTED when the service stopped while it was out. */
export type CallFailure = ServiceSchemas["WalletCallFailure"];

/** How a call ended: the wallet's status and answer, or why there was none. */
export interface CallEnd {
  httpStatus: number | null;
  failure: CallFailure | null;
  response: string | null;
}

/** One call of a transaction's delivery log. Times are unix milliseconds. */
export interface DeliveryLogEntry {
  attempt: number;
  requestedBy: CallRequester;
  actor: string | null;
  startedAt: number;
  endedAt: number | null;
  httpStatus: number | null;
  failure: CallFailure | null;
  response: string | null;
  outcome: Exclude<TransactionState, "PENDING"> | null;
}

/**
 * Where a relayed transaction stands, the states the contract's ledger views show (TransactionState). PENDING: the
 * operator is being called (or a crash left it unknown).
 */
export type TransactionState = ServiceSchemas["TransactionState"];

/** The transaction types the relay sends, the wallet contract's: a provider's BET, WIN and ROLLBACK, the admin's ADJUSTMENT. */
export type RelayedType = OperatorWalletSchemas["WalletTransactionRequest"]["type"];

/** Identifies a transaction: transactionIds are the provider's, so they are unique per provider only. */
export interface TransactionKey {
  providerId: string;
  transactionId: string;
}

/** Everything recorded before the operator is called. */
export interface NewTransaction extends TransactionKey {
  operatorId: string;
  playerRef: string;
  gameId: string;
  roundId: string;
  type: RelayedType;
  amount: number;
  currency: string;
  originalTransactionId: string | null;
  roundComplete: boolean;
  /** Fingerprint of the canonical request fields; a reuse of the id with another fingerprint is refused. */
  requestHash: string;
  /**
   * The digest of the session token it came with (the one sessions are looked up by: domain/secret-box.ts), so that a
   * retry can tell whether it comes through the same session.
   */
  sessionTokenHash: string;
  /**
   * The exact JSON sent to the operator, resent byte for byte on every retry; stored as the relay hands it over,
   * sealed (it carries the session token: domain/secret-box.ts).
   */
  callbackBody: string;
}

/** A stored transaction. Times are unix milliseconds. */
export interface TransactionRecord extends Omit<NewTransaction, "sessionTokenHash"> {
  /** Null on records stored before it was kept (their session is checked live on a retry). */
  sessionTokenHash: string | null;
  state: TransactionState;
  responseBalance: number | null;
  attempts: number;
  lastError: string | null;
  nextRetryAt: number | null;
  problem: boolean;
  createdAt: number;
  updatedAt: number;
}

/** The outcome of one call to the operator, as recorded. */
export interface RecordedOutcome {
  state: Exclude<TransactionState, "PENDING">;
  balance: number | null;
  error: string | null;
  /** When the platform's settlement retry may resend it (credits only); null otherwise. */
  nextRetryAt: number | null;
  /** How the call ended, for the delivery log. */
  call: CallEnd;
}

/**
 * What a claim found: the caller now owns the call, or the transaction is settled, or someone else has it, or (for a
 * new id) the operator's wallet would take it for another provider's transaction.
 */
export type ClaimResult =
  | { kind: "claimed"; record: TransactionRecord }
  | { kind: "id-of-another-provider" }
  | { kind: "original-of-another-provider" }
  | { kind: "settled"; record: TransactionRecord }
  | { kind: "different-body"; record: TransactionRecord }
  | { kind: "in-flight"; record: TransactionRecord };

/**
 * What a provider's first attempt at a transaction found ({@link TransactionStore.claimFirst}): the caller now owns the
 * call; or nothing was written: the call was a replay, its session is no longer live, the id is stored already, or (as
 * for a claim) it is another provider's in the operator's wallet.
 */
export type FirstClaimResult =
  | { kind: "claimed"; record: TransactionRecord }
  | { kind: "replayed" }
  | { kind: "session-ended" }
  | { kind: "exists" }
  | { kind: "id-of-another-provider" }
  | { kind: "original-of-another-provider" };

/**
 * Where a round stands: OPEN while played, COMPLETED by the provider's final call, CLOSED by the reconciler. The stored
 * names, deliberately not the contract's RoundState (COMPLETE, RECONCILED): reconciliation-views.ts maps them.
 */
export type RoundStatus = "OPEN" | "COMPLETED" | "CLOSED";

/** A round as the reconciler sees it, keyed as the spec scopes roundId. */
export interface RoundRef {
  providerId: string;
  operatorId: string;
  gameId: string;
  roundId: string;
  playerRef: string;
  /** Unix ms of the round's last provider activity when it was read. */
  lastActivityAt: number;
}

/**
 * The wallet relay's ledger (transactions) and its round bookkeeping (rounds). Every method is one unit of work,
 * so a claim (check and PENDING write) cannot interleave with another. The writes on the money
 * path (claim, claimForResend, recordOutcome) resolve once they are committed.
 */
export interface TransactionStore {
  find(key: TransactionKey): Promise<TransactionRecord | undefined>;
  /**
   * Records a new transaction as PENDING, or re-claims an existing one with the same fingerprint that is FAILED,
   * TIMED_OUT, or PENDING but last touched before `pendingStaleBefore` (left by a crashed process).
   * `touchRound` records round activity (provider calls do; platform resends do not). A new transaction is refused
   * when another provider already sent its transactionId to the same operator for the same player, or when it is a
   * ROLLBACK naming another provider's BET there: the operator's wallet deduplicates per (player, transactionId) and
   * finds a bet by its id alone (decisions.md §4). Checked in the same unit of work as the insert, so two concurrent
   * claims cannot both pass.
   * A claim starts a call: its entry in the delivery log, naming `request`, is written with it.
   */
  claim(transaction: NewTransaction, now: number, pendingStaleBefore: number, touchRound: boolean, request: CallRequest): Promise<ClaimResult>;
  /**
   * The money path's one write before the call, for a provider's transaction whose id the ledger does not hold: the
   * call's nonce (when given) is recorded first, and a replay writes nothing else; then the session the transaction
   * came with (`sessionTokenHash`) must still be stored and unexpired at `now`, and the id new; then it is claimed as
   * {@link claim} claims a new id (the same checks against other providers, round activity recorded). All in one unit
   * of work, so a kick committed before it is seen, and the nonce, the check and the claim stand or fall together.
   * Nothing but the nonce is written unless it answers `claimed`; a caller told `session-ended` or `exists` takes the
   * full way (find, session, {@link claim}).
   */
  claimFirst(transaction: NewTransaction, now: number, request: CallRequest, nonce: DeferredNonce | undefined): Promise<FirstClaimResult>;
  /** Re-claims an existing unsettled record for a resend (platform or operator); undefined when it is settled or busy. */
  claimForResend(key: TransactionKey, now: number, pendingStaleBefore: number, request: CallRequest): Promise<TransactionRecord | undefined>;
  /**
   * Writes the outcome of a call on the record as claimed (nobody else changes it while it is PENDING) and returns
   * the updated record; an OK/DECLINED BET or WIN carrying roundComplete completes its round. Settling a record
   * resolves its open problems, and an OK ROLLBACK those of the BET it reverses.
   */
  recordOutcome(record: TransactionRecord, outcome: RecordedOutcome, now: number): Promise<TransactionRecord>;
  /**
   * Crash recovery: writes the outcome of a PENDING record read earlier, only if it is still exactly as read. A
   * provider's retry may have claimed and settled it meanwhile; false then, and nothing is written. A BET or
   * ADJUSTMENT so left unknown, which nobody resends, joins the problems queue.
   */
  recordOrphanOutcome(orphan: TransactionRecord, outcome: RecordedOutcome, now: number): Promise<boolean>;
  /** PENDING rows, for crash recovery at start. */
  pending(): Promise<TransactionRecord[]>;
  /** WIN and ROLLBACK rows left FAILED or TIMED_OUT, not yet problems, whose retry time has come. */
  dueCredits(now: number, limit: number): Promise<TransactionRecord[]>;
  /** Flags a record that outlived the settlement horizon: it needs a person (an UNSETTLED_CREDIT problem). */
  markProblem(record: TransactionRecord, now: number): Promise<void>;
  /** The credits whose UNSETTLED_CREDIT problem is open in the problems queue, oldest first (a resolved one is not). */
  problems(): Promise<TransactionRecord[]>;
  /** How many records are PENDING, and how many UNSETTLED_CREDIT problems are open, for the metrics. */
  transactionCounts(): Promise<{ pending: number; problems: number }>;
  /** Rounds neither completed nor closed whose last activity is at or before `before`. */
  staleRounds(before: number, limit: number): Promise<RoundRef[]>;
  /** Every transaction of one round. */
  transactionsOfRound(round: RoundRef): Promise<TransactionRecord[]>;
  /**
   * Force-closes a round once its outstanding bets are rolled back, unless the provider was active in it since it
   * was read (a bet may have arrived meanwhile). True when it closed; its open problem, if any, is then resolved.
   */
  closeRound(round: RoundRef): Promise<boolean>;
  /** Queues a round the reconciler could not close in time as an UNCLOSED_ROUND problem (once while it is open). */
  flagUnclosedRound(round: RoundRef, detail: string, now: number): Promise<void>;
  /** The status of one round, or undefined when the platform has never seen it. */
  roundStatus(round: Omit<RoundRef, "playerRef" | "lastActivityAt">): Promise<RoundStatus | undefined>;
  /** An OK ROLLBACK reversing the given BET, if any. */
  reversalOf(bet: TransactionKey): Promise<TransactionRecord | undefined>;
}
