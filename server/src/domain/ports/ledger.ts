/**
 * The ledger port: what the relay, the reconciler and the settlement retry need from the store that records every
 * wallet call. Owned by the domain; `store/` implements it for SQLite and PostgreSQL. Every method is asynchronous and
 * each is one unit of work on the store's side.
 */
import type { OperatorWalletSchemas, ServiceSchemas } from "@croupier/contract";

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
  /**
   * A person resolved this credit's UNSETTLED_CREDIT problem: it is closed for good and never sent again (decisions.md
   * §5). The database sets it with the resolution, whoever writes that (store/migrations.ts).
   */
  resolvedByHand: boolean;
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

/** A signed call's nonce, recorded with the claim of its transaction: remembered until `expiresAtSeconds`. */
export interface NonceEntry {
  tenantId: string;
  nonce: string;
  expiresAtSeconds: number;
}

/**
 * What a claim is asked to do: send a provider's transaction (`provider`), only report what is stored under its id
 * (`look`), send the platform's own (`platform`), or send a stored record again (`resend`).
 */
export type ClaimIntent =
  | { kind: "provider"; transaction: NewTransaction; nonce: NonceEntry | undefined }
  | { kind: "look"; key: TransactionKey; requestHash: string; nonce: NonceEntry | undefined }
  | { kind: "platform"; transaction: NewTransaction }
  | { kind: "resend"; key: TransactionKey };

/** What a claim found. Only `claimed` wrote anything beyond the nonce: the caller then owns the call. */
export type ClaimResult =
  | { kind: "claimed"; record: TransactionRecord }
  /** The nonce was seen before: nothing else was done. */
  | { kind: "replayed" }
  /** `look`, `resend`: nothing is stored under the id. */
  | { kind: "absent" }
  /** Stored with another request (another fingerprint). */
  | { kind: "different-body"; record: TransactionRecord }
  | { kind: "settled"; record: TransactionRecord }
  /** A credit whose problem a person resolved: closed for good, never sent again (decisions.md §5). */
  | { kind: "resolved-by-hand"; record: TransactionRecord }
  /** `look`: stored and not settled. */
  | { kind: "unsettled"; record: TransactionRecord }
  /** Another attempt is calling the wallet now (its claim is younger than the callback timeout). */
  | { kind: "in-flight"; record: TransactionRecord }
  /** `provider`: stored as another operator's money (a session of another operator). */
  | { kind: "other-operator"; record: TransactionRecord }
  /** `provider`: a stored BET that a ROLLBACK (the provider's or the reconciler's) reversed. */
  | { kind: "reversed"; reversal: TransactionRecord }
  /** `provider`: a stored BET the reconciler is reversing (its rollback is out, or its round is closing). */
  | { kind: "being-reversed"; record: TransactionRecord }
  /** `provider`: a new transaction in a round the reconciler closed (decisions.md §5). */
  | { kind: "round-closed" }
  /** `provider`: the session was kicked or expired (it is no longer stored and unexpired). */
  | { kind: "session-ended" }
  /** A new id the operator's wallet already got from another provider for this player (decisions.md §4). */
  | { kind: "id-of-another-provider" }
  /** A new ROLLBACK naming another provider's BET at this operator (decisions.md §4). */
  | { kind: "original-of-another-provider" };

/**
 * Where a round stands: OPEN while played; COMPLETED by the provider's final call; CLOSING once the reconciler closed
 * it to the provider, until its rollbacks are applied; then CLOSED. The stored names, deliberately not the contract's
 * RoundState (COMPLETE, RECONCILED): reconciliation-views.ts maps them.
 */
export type RoundStatus = "OPEN" | "COMPLETED" | "CLOSING" | "CLOSED";

/** Identifies a round, as the spec scopes roundId. */
export interface RoundKey {
  providerId: string;
  operatorId: string;
  gameId: string;
  roundId: string;
}

/** A round as the reconciler sees it. */
export interface RoundRef extends RoundKey {
  playerRef: string;
  /** OPEN and stale, or CLOSING: the reconciler's rollbacks still to apply. */
  status: "OPEN" | "CLOSING";
  /** Unix ms of the round's last provider activity when it was read. */
  lastActivityAt: number;
}

/** The reconciler's first rollback of a round, claimed with the round's closing ({@link TransactionStore.closeRound}). */
export interface FirstRollback {
  transaction: NewTransaction;
  pendingStaleBefore: number;
  request: CallRequest;
}

/**
 * What the reconciler's conditional close found: the round closed (CLOSED at once with nothing to reverse, else CLOSING
 * with its first rollback's claim); the provider completed it (a completing WIN exists: COMPLETED now); or it changed
 * since it was read (new activity, or no longer OPEN), and nothing was written.
 */
export type RoundClosing = { kind: "closed" } | { kind: "closing"; claim: ClaimResult } | { kind: "completed" } | { kind: "changed" };

/**
 * The wallet relay's ledger (transactions) and its round bookkeeping (rounds). Every method is one unit of work,
 * so a claim (check and PENDING write) cannot interleave with another. The writes on the money path (claim,
 * recordOutcome) resolve once they are committed.
 */
export interface TransactionStore {
  find(key: TransactionKey): Promise<TransactionRecord | undefined>;
  /**
   * The one claim: decision and PENDING write in one unit of work, so of concurrent claims on any instances one owns
   * the call. Its rules: docs/architecture.md, The claim.
   */
  claim(intent: ClaimIntent, now: number, pendingStaleBefore: number, request: CallRequest): Promise<ClaimResult>;
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
  /**
   * Flags a record that outlived the settlement horizon: it needs a person (an UNSETTLED_CREDIT problem). Only while it
   * is still FAILED or TIMED_OUT (a provider's retry may have settled it since it was read); false otherwise.
   */
  markProblem(record: TransactionRecord, now: number): Promise<boolean>;
  /** The credits whose UNSETTLED_CREDIT problem is open in the problems queue, oldest first (a resolved one is not). */
  problems(): Promise<TransactionRecord[]>;
  /** How many records are PENDING, and how many UNSETTLED_CREDIT problems are open, for the metrics. */
  transactionCounts(): Promise<{ pending: number; problems: number }>;
  /** Rounds for the reconciler: OPEN ones whose last activity is at or before `staleBefore`, and every CLOSING one. */
  roundsToReconcile(staleBefore: number, limit: number): Promise<RoundRef[]>;
  /** Every transaction of one round. */
  transactionsOfRound(round: RoundRef): Promise<TransactionRecord[]>;
  /**
   * The reconciler's one decision on an unchanged OPEN round (decisions.md §5): COMPLETED if a completing WIN exists,
   * else CLOSED, or CLOSING with `firstRollback` claimed in the same unit of work.
   */
  closeRound(round: RoundRef, firstRollback: FirstRollback | undefined, now: number): Promise<RoundClosing>;
  /** A CLOSING round whose rollbacks are all applied becomes CLOSED; its UNCLOSED_ROUND problem, if any, is resolved. */
  markReconciled(round: RoundRef, now: number): Promise<void>;
  /** Queues a round the reconciler could not close in time as an UNCLOSED_ROUND problem (once while it is open). */
  flagUnclosedRound(round: RoundRef, detail: string, now: number): Promise<void>;
  /** The status of one round, or undefined when the platform has never seen it. */
  roundStatus(round: RoundKey): Promise<RoundStatus | undefined>;
}
