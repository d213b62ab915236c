import type { NonceLog } from "../../domain/ports/nonces.js";
import type { PostgresPool } from "./database.js";

/** How often expired nonces are deleted, at most; any instance may do it, and a second sweep finds nothing. */
const SWEEP_INTERVAL_MS = 10_000;
const SWEEP_SLICE_ROWS = 5_000;

/**
 * Deletes a slice of expired nonces once in a while, off the request's path (its failure costs nothing: next time).
 * Shared by the two writers of nonces: the nonce store and a provider transaction's claim (transaction-store.ts).
 */
export class ExpiredNonceSweep {
  private nextSweepAt = 0;

  constructor(private readonly pool: PostgresPool) {}

  /** `nowSeconds`: the clock the nonces' expiry is in. */
  nowAndThen(nowSeconds: number): void {
    if (Date.now() < this.nextSweepAt) return;
    this.nextSweepAt = Date.now() + SWEEP_INTERVAL_MS;
    this.pool
      .query(`DELETE FROM nonces WHERE ctid IN (SELECT ctid FROM nonces WHERE expires_at < $1 LIMIT ${SWEEP_SLICE_ROWS} FOR UPDATE SKIP LOCKED)`, [
        nowSeconds,
      ])
      .catch(() => {});
  }
}

/**
 * Nonces shared by every instance: one statement records a nonce unless an unexpired row holds it, so a nonce seen by
 * one instance is refused by all within its validity (decisions.md §4); expired rows are taken over or swept in slices.
 * A transaction's claim records its call's nonce by the same rule (`croupier_claim_v2`, migrations.ts).
 */
export class PostgresNonceStore implements NonceLog {
  constructor(
    private readonly pool: PostgresPool,
    private readonly sweep: ExpiredNonceSweep,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async remember(tenantId: string, nonce: string, expiresAtSeconds: number): Promise<boolean> {
    const now = this.now();
    const { rowCount } = await this.pool.query(
      `INSERT INTO nonces AS n (tenant_id, nonce, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (tenant_id, nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE n.expires_at < $4`,
      [tenantId, nonce, expiresAtSeconds, now],
    );
    this.sweep.nowAndThen(now);
    return rowCount === 1;
  }
}
