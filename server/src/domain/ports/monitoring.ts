/** The monitoring port: what the back office's sessions page and overview read, scoped to one operator (or a provider's sessions). */
import type { LedgerScope } from "./ledger-queries.js";

/** A listed session: never its token. Times are unix ms; `position` is the page cursor's (createdAt, rowid). */
export interface ListedSession {
  rowid: number;
  /** The session's reference: the start of its token's digest, as the webhook delivery log names it. */
  sessionRef: string;
  playerRef: string;
  gameId: string;
  providerId: string;
  operatorId: string;
  currency: string;
  language: string | null;
  demo: boolean;
  createdAt: number;
  expiresAt: number;
}

export interface SessionFilter {
  operatorId?: string;
  playerRef?: string;
  gameId?: string;
  /** Only the session with this reference. */
  sessionRef?: string;
  /** Sessions whose expiry is after `now` (active), at or before it (expired), or both. */
  status: "active" | "expired" | "all";
  now: number;
}

/**
 * Upper bounds, in ms, of the latency buckets the counters keep: an ended call counts in the first bucket at or above
 * its duration, or in one more bucket beyond the last. Shipped migrations are built on them: they never change.
 */
export const LATENCY_BUCKET_BOUNDS_MS = [
  1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000, 1500, 2000, 3000, 5000, 7000, 10000, 15000, 20000, 30000, 60000,
] as const;

/**
 * One minute of an operator's counters (`minute`: unix ms / 60000). Transactions count in the minute they were received,
 * per type and per state now; wallet calls in the minute they started, then per outcome once ended, with their summed
 * durations and latency buckets ({@link LATENCY_BUCKET_BOUNDS_MS}, then the bucket beyond).
 */
export interface OperatorMinute {
  minute: number;
  received: number;
  bet: number;
  win: number;
  rollback: number;
  adjustment: number;
  pending: number;
  ok: number;
  declined: number;
  failed: number;
  timedOut: number;
  callsStarted: number;
  callsOk: number;
  callsDeclined: number;
  callsFailed: number;
  callsTimedOut: number;
  latencyMsSum: number;
  latencyBuckets: number[];
}

/** Reads only, of one operator's sessions and last hour. */
export interface MonitoringQueries {
  /** Up to `limit` of the scope's sessions matching `filter`, newest first, older than `after` when given. */
  sessions(
    scope: LedgerScope,
    filter: SessionFilter,
    after: { createdAt: number; rowid: number } | undefined,
    limit: number,
  ): Promise<ListedSession[]>;
  /** The operator's counters from `fromMinute` on, oldest first: the store keeps them as the money moves. */
  minutes(operatorId: string, fromMinute: number): Promise<OperatorMinute[]>;
  /** How many of the operator's sessions have not expired at `now`. */
  activeSessions(operatorId: string, now: number): Promise<number>;
}
