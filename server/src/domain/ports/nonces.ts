/** The nonces port: every nonce accepted within its validity, so that a replayed request is refused. */
import type { NonceStore } from "@croupier/signing";
import type { NonceEntry } from "./ledger.js";

/**
 * The signing package's {@link NonceStore}, answered asynchronously: a store shared by several instances must ask its
 * database. `remember` is the check and the record in one atomic step: of two concurrent calls with one nonce, one wins.
 */
export interface NonceLog extends NonceStore {
  remember(tenantId: string, nonce: string, expiresAtSeconds: number): Promise<boolean>;
}

/**
 * A provider transaction's nonce, recorded with the claim of its transaction rather than on its own (one write where
 * there would be two): the relay hands {@link entry} to the claim and tells it what the claim found; any refusal given
 * before that records it first ({@link record}), so a replay is always refused as one. Checked and recorded once.
 */
export interface PendingNonce {
  readonly entry: NonceEntry;
  /** Whether it is still to record. */
  readonly pending: boolean;
  /** Records it now, unless a claim recorded it already, and says whether it was fresh. */
  record(): Promise<boolean>;
  /** A claim recorded it and found it `fresh` (or, false, seen before: a replay). */
  recordedByClaim(fresh: boolean): void;
}
