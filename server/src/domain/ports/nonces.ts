/** The nonces port: every nonce accepted within its validity, so that a replayed request is refused. */
import type { NonceStore } from "@croupier/signing";

/**
 * The signing package's {@link NonceStore}, answered asynchronously: a store shared by several instances must ask its
 * database. `remember` is the check and the record in one atomic step: of two concurrent calls with one nonce, one wins.
 */
export interface NonceLog extends NonceStore {
  remember(tenantId: string, nonce: string, expiresAtSeconds: number): Promise<boolean>;
}

/**
 * A signed call's nonce whose check waits for the money path's first write (issue 20): a store records it in the same
 * unit of work as a new transaction's claim (`TransactionStore.claimFirst`, ./ledger.ts), and whatever else the call does,
 * {@link settle} records it first, before anything is done or answered. Either way it is checked and recorded once.
 */
export interface DeferredNonce {
  readonly tenantId: string;
  readonly nonce: string;
  readonly expiresAtSeconds: number;
  /** Whether it was fresh: recorded now, unless a store recorded it already (its answer is kept). */
  settle(): Promise<boolean>;
  /** A store recorded it with its own writes and found it `fresh` (or, false, seen before: a replay). */
  recordedWith(fresh: boolean): void;
}
