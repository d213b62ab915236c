/** The ledger-queries port: what the reconciliation API reads of an operator's ledger, and the delivery log's retention. */
import type { DeliveryLogEntry, RelayedType, RoundStatus, TransactionKey, TransactionRecord, TransactionState } from "./ledger.js";

/** Whose ledger a read covers: one operator's, or one provider's at every operator it serves. */
export type LedgerScope = { operatorId: string } | { providerId: string };

/** The filters of a transaction list; every one given must match. Times are unix ms, `to` exclusive. */
export interface TransactionFilter {
  operatorId?: string;
  playerRef?: string;
  roundId?: string;
  transactionId?: string;
  type?: RelayedType;
  state?: TransactionState;
  providerId?: string;
  gameId?: string;
  from?: number;
  to?: number;
}

/** Where a page of transactions starts: strictly older than this (createdAt, rowid). */
export interface TransactionPosition {
  createdAt: number;
  rowid: number;
}

/** A listed record with its position, for the next page's cursor. */
export type ListedTransaction = TransactionRecord & { position: TransactionPosition };

/** One round as the operator sees it. */
export interface RoundView {
  providerId: string;
  gameId: string;
  roundId: string;
  playerRef: string;
  status: RoundStatus;
  lastActivityAt: number;
  transactions: TransactionRecord[];
}

/**
 * Most transactions whose delivery log one purge call clears (a month of transactions must not hold the event loop in
 * one statement); fewer than this means the range is done.
 */
export const PURGE_SLICE = 512;

/**
 * Reads of one tenant's ledger (an operator's, or a provider's across operators; a tenant never reads another's rows),
 * newest first, and the delivery log's retention.
 */
export interface LedgerQueries {
  /** Up to `limit` of the scope's transactions matching `filter`, newest first, older than `after` when given. */
  list(scope: LedgerScope, filter: TransactionFilter, after: TransactionPosition | undefined, limit: number): Promise<ListedTransaction[]>;
  /** One of the scope's transactions with its delivery log; undefined when it has none by that key. */
  detail(scope: LedgerScope, key: TransactionKey): Promise<(TransactionRecord & { deliveryLog: DeliveryLogEntry[] }) | undefined>;
  /**
   * One of the operator's rounds with its transactions in the order received; undefined when it has none (or, with
   * `providerId`, none of that provider's).
   */
  round(operatorId: string, gameId: string, roundId: string, providerId?: string): Promise<RoundView | undefined>;
  /** Clears the delivery log of up to {@link PURGE_SLICE} of the operator's transactions created in [from, before); resolves with how many. */
  purgeDeliveryLogs(operatorId: string, from: number, before: number): Promise<number>;
}
