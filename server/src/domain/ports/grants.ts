/** The grants port: the operator-side record of free-spin batches. */
import type { ServiceSchemas } from "@croupier/contract";

/** The status of a free-spin grant, as the contract states it (GrantStatus). */
export type GrantStatus = ServiceSchemas["GrantStatus"];

/** A free-spin grant as stored: the operator-side record of one batch. Times are RFC 3339 strings. */
export interface GrantRecord {
  id: string;
  operatorId: string;
  providerId: string;
  gameId: string;
  playerRef: string;
  campaignId: string | null;
  spins: number;
  betAmountMinor: number;
  currency: string;
  externalRef: string | null;
  status: GrantStatus;
  idempotencyKey: string;
  expiresAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What inserting a new grant did: it was recorded, or the (operator, idempotencyKey) already names a grant. */
export type GrantInsertResult = { inserted: true; grant: GrantRecord } | { inserted: false; grant: GrantRecord };

/**
 * Grant persistence. Status changes are conditional on the expected current status so that two writers can
 * never both move one grant (a late provider answer cannot resurrect a grant failed as interrupted).
 */
/** Which grants a list page reads: one player's or all, in which order, and past which grant. */
export interface GrantListPage {
  playerRef?: string | undefined;
  newestFirst: boolean;
  afterSeq?: number | undefined;
}

/** Which of the grants issued to a provider its list reads. */
export interface ProviderGrantFilter {
  playerRef?: string;
  status?: GrantStatus;
}

/** The `afterSeq` a first page starts past: before every grant, in either order. */
export const firstSeq = (newestFirst: boolean) => (newestFirst ? Number.MAX_SAFE_INTEGER : 0);

export interface GrantStore {
  /** Records a new pending grant unless its (operatorId, idempotencyKey) is taken; then returns the holder. */
  insertOrGet(grant: GrantRecord): Promise<GrantInsertResult>;
  /** The grant under this operator, or undefined (another operator's grant is as good as missing). */
  find(operatorId: string, id: string): Promise<GrantRecord | undefined>;
  /** Any grant by id, whoever issued it: for platform admin tools only. */
  findById(id: string): Promise<GrantRecord | undefined>;
  /** The operator's grant holding this idempotency key. */
  findByIdempotencyKey(operatorId: string, idempotencyKey: string): Promise<GrantRecord | undefined>;
  /**
   * Up to `limit` of the operator's grants past the one at `page.afterSeq` (undefined: from the start), in issue order
   * or newest first, optionally of one player; each with its `seq`, the page cursor's position.
   */
  list(operatorId: string, page: GrantListPage, limit: number): Promise<(GrantRecord & { seq: number })[]>;
  /**
   * Up to `limit` of the grants issued to the provider by any operator, newest first past the one at `afterSeq`
   * (undefined: from the newest), of one player or status when given; each with its `seq`, the page cursor's position.
   */
  listForProvider(
    providerId: string,
    filter: ProviderGrantFilter,
    afterSeq: number | undefined,
    limit: number,
  ): Promise<(GrantRecord & { seq: number })[]>;
  /** A grant issued to the provider, or undefined (another provider's grant is as good as missing). */
  findForProvider(providerId: string, id: string): Promise<GrantRecord | undefined>;
  /**
   * pending (or, for a re-sent issue call, failed) → active with the provider's reference; returns the updated grant,
   * or undefined if it was not in that state.
   */
  activate(id: string, externalRef: string, updatedAt: string, from?: "pending" | "failed"): Promise<GrantRecord | undefined>;
  /** pending → failed with the reason; returns the updated grant, or undefined if it was not pending. */
  fail(id: string, lastError: string, updatedAt: string): Promise<GrantRecord | undefined>;
  /** active → cancelled; returns the updated grant, or undefined if it was not active. */
  cancel(id: string, updatedAt: string): Promise<GrantRecord | undefined>;
  /**
   * Moves every grant still pending and last changed at or before `changedBy` to failed with the reason; returns how
   * many. For grants whose process can no longer be waiting for the provider (GrantService.failInterruptedGrants).
   */
  failPendingUnchangedSince(changedBy: string, lastError: string, updatedAt: string): Promise<number>;
}
