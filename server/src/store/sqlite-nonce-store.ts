import type { NonceStore } from "@croupier/signing";
import type { GroupCommit } from "./group-commit.js";
import type { SqliteDatabase } from "./database.js";

const PURGE_SLICE_ROWS = 256;

/**
 * Nonces persisted in SQLite so a replay is refused even after a restart. Every signed request brings one, so the
 * check is a read and the write joins the group commit as a volatile unit (the nonces of one event-loop turn share
 * one commit, and one holding only nonces skips the fsync): a power cut can lose only the last instants' nonces,
 * whose requests' money effects are in the ledger. Until their commit, accepted nonces are also held in memory, so
 * of two requests with one nonce exactly one is accepted.
 */
export class SqliteNonceStore implements NonceStore {
  private readonly selectLive;
  private readonly upsert;
  private readonly purge;
  private readonly unwritten = new Set<string>();
  private nextPurgeAt = 0;

  constructor(
    db: SqliteDatabase,
    private readonly commits: GroupCommit,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.selectLive = db.prepare("SELECT 1 FROM nonces WHERE tenant_id = ? AND nonce = ? AND expires_at >= ?").pluck();
    this.upsert = db.prepare(
      `INSERT INTO nonces (tenant_id, nonce, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (tenant_id, nonce) DO UPDATE SET expires_at = excluded.expires_at`,
    );
    // A bounded slice, oldest first: under load a minute of expired nonces is hundreds of thousands of rows, and
    // deleting them in one statement would stall every request behind it.
    this.purge = db.prepare(
      `DELETE FROM nonces WHERE (tenant_id, nonce) IN
         (SELECT tenant_id, nonce FROM nonces WHERE expires_at < ? ORDER BY expires_at LIMIT ${PURGE_SLICE_ROWS})`,
    );
  }

  remember(tenantId: string, nonce: string, expiresAtSeconds: number): boolean {
    const now = this.now();
    const key = `${tenantId}\u0000${nonce}`;
    if (this.unwritten.has(key) || this.selectLive.get(tenantId, nonce, now) !== undefined) return false;
    this.unwritten.add(key);
    this.commits.runVolatile(() => {
      const nowMs = Date.now();
      if (nowMs >= this.nextPurgeAt) {
        // A full slice means more are waiting: come back soon, so expiry keeps up with any request rate.
        const full = this.purge.run(now).changes === PURGE_SLICE_ROWS;
        this.nextPurgeAt = nowMs + (full ? 50 : 1000);
      }
      this.upsert.run(tenantId, nonce, expiresAtSeconds);
    }).then(
      () => this.unwritten.delete(key),
      // The commit failed (disk full, I/O error): the nonce stays remembered in memory for as long as it is valid.
      () => setTimeout(() => this.unwritten.delete(key), Math.max(0, expiresAtSeconds - now) * 1000).unref(),
    );
    return true;
  }
}
