/** The monitoring port: what the back office's sessions page and overview read, scoped to one operator. */
import type { DeliveryLogEntry, RelayedType, TransactionState } from "./ledger.js";

/** A listed session: never its token. Times are unix ms; `position` is the page cursor's (createdAt, rowid). */
export interface ListedSession {
  rowid: number;
  playerRef: string;
  gameId: string;
  providerId: string;
  currency: string;
  language: string | null;
  demo: boolean;
  createdAt: number;
  expiresAt: number;
}

export interface SessionFilter {
  playerRef?: string;
  gameId?: string;
  /** Sessions whose expiry is after `now` (active), at or before it (expired), or both. */
  status: "active" | "expired" | "all";
  now: number;
}

/** One wallet call of the window: its outcome (null while out or cut short) and duration (null unless finished). */
export interface WindowCall {
  outcome: DeliveryLogEntry["outcome"];
  durationMs: number | null;
}

/** How many transactions of the window are in one (state, type). */
export interface StateTypeCount {
  state: TransactionState;
  type: RelayedType;
  n: number;
}

/** Reads only, of one operator's sessions and last hour. */
export interface MonitoringQueries {
  /** Up to `limit` of the operator's sessions matching `filter`, newest first, older than `after` when given. */
  sessions(
    operatorId: string,
    filter: SessionFilter,
    after: { createdAt: number; rowid: number } | undefined,
    limit: number,
  ): Promise<ListedSession[]>;
  /** How many of the operator's transactions created in [from, to) are in each (state, type). */
  transactionCounts(operatorId: string, from: number, to: number): Promise<StateTypeCount[]>;
  /** The wallet calls started in [from, to) for the operator's transactions created since `createdSince`. */
  walletCalls(operatorId: string, createdSince: number, from: number, to: number): Promise<WindowCall[]>;
  /** How many of the operator's sessions have not expired at `now`. */
  activeSessions(operatorId: string, now: number): Promise<number>;
}
