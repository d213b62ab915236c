import type { NonceLog } from "../../domain/ports/nonces.js";
import type { PostgresPool } from "./database.js";

/** How often expired nonces are deleted, at most; any instance may do it, and a second sweep finds nothing. */
const SWEEP_INTERVAL_MS = 10_000;
const SWEEP_SLICE_ROWS = 5_000;

/**
 * Nonces shared by every instance: one statement records a nonce unless an unexpired one holds its (tenant, nonce)
 * key, so a nonce seen by one instance is refused by all others within its validity (decisions.md §4, nonce
 * retention). A row whose expiry passed is taken over in the same statement; expired rows are also swept in slices.
 */
export class PostgresNonceStore implements NonceLog {
  private nextSweepAt = 0;

  constructor(
    private readonly pool: PostgresPool,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async remember(tenantId: string, nonce: string, expiresAtSeconds: number): Promise<boolean> {
    const now = this.now();
    const { rowCount } = await this.pool.query(
      `INSERT INTO nonces AS n (tenant_id, nonce, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (tenant_id, nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE n.expires_at < $4`,
      [tenantId, nonce, expiresAtSeconds, now],
    );
    this.sweepNowAndThen(now);
    return rowCount === 1;
  }

  /** Deletes a slice of expired nonces once in a while, off the request's path (its failure costs nothing: next time). */
  private sweepNowAndThen(now: number): void {
    if (Date.now() < this.nextSweepAt) return;
    this.nextSweepAt = Date.now() + SWEEP_INTERVAL_MS;
    this.pool
      .query(`DELETE FROM nonces WHERE ctid IN (SELECT ctid FROM nonces WHERE expires_at < $1 LIMIT ${SWEEP_SLICE_ROWS} FOR UPDATE SKIP LOCKED)`, [
        now,
      ])
      .catch(() => {});
  }
}
