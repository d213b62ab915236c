import type { TransactionType } from "./transaction-types.js";

/** Counters since the wallet started, read by `GET /control/stats`: tests use them to prove "exactly once". */
export interface WalletStatsSnapshot {
  /** Transactions newly applied with status OK, per type (replays not counted). */
  applied: Record<TransactionType, number>;
  /** BETs newly declined (replays not counted). */
  declined: number;
  /** Repeats answered from the idempotency cache. */
  replayed: number;
  /** Balance queries answered. */
  balanceQueries: number;
  /** Injected faults that fired. */
  faults: { failures: number; timeouts: number; droppedReplies: number; forcedDeclines: number };
}

/** Mutable counters behind {@link WalletStatsSnapshot}. */
export class WalletStats {
  private readonly counts: WalletStatsSnapshot = {
    applied: { BET: 0, WIN: 0, ROLLBACK: 0, ADJUSTMENT: 0 },
    declined: 0,
    replayed: 0,
    balanceQueries: 0,
    faults: { failures: 0, timeouts: 0, droppedReplies: 0, forcedDeclines: 0 },
  };

  /** Records the outcome of one transaction call. */
  recordTransaction(type: TransactionType, outcome: "applied" | "declined" | "replayed"): void {
    if (outcome === "applied") this.counts.applied[type] += 1;
    else if (outcome === "declined") this.counts.declined += 1;
    else this.counts.replayed += 1;
  }

  /** Records one answered balance query. */
  recordBalanceQuery(): void {
    this.counts.balanceQueries += 1;
  }

  /** Records one injected fault that fired. */
  recordFault(fault: keyof WalletStatsSnapshot["faults"]): void {
    this.counts.faults[fault] += 1;
  }

  /** A deep copy, safe to serialise or compare. */
  snapshot(): WalletStatsSnapshot {
    return structuredClone(this.counts);
  }
}
