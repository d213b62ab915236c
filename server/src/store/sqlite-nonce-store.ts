import type { NonceLog } from "../domain/ports/nonces.js";
import type { GroupCommit } from "./group-commit.js";
import type { SqliteDatabase } from "./database.js";
import { SeenNonces } from "./seen-nonces.js";

const PURGE_SLICE_ROWS = 256;

/**
 * Nonces seen within their validity, checked in memory ({@link SeenNonces}) and appended to SQLite's `nonce_log`, read
 * back at start so a replay is refused after a restart. Appends are volatile units of the group commit: a power cut
 * can lose only the last instants' nonces, whose requests' money effects are in the ledger.
 */
export class SqliteNonceStore implements NonceLog {
  private readonly append;
  private readonly purge;
  private readonly seen: SeenNonces;
  private nextPurgeAt = 0;

  /** `validitySeconds` is how long a nonce stays valid (the clock tolerance): it sizes the memory's generations. */
  constructor(
    db: SqliteDatabase,
    private readonly commits: GroupCommit,
    validitySeconds: number,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    const startedAt = this.now();
    this.seen = new SeenNonces(validitySeconds / 4, startedAt);
    this.append = db.prepare("INSERT INTO nonce_log (tenant_id, nonce, expires_at) VALUES (?, ?, ?)");
    // A bounded slice, oldest first (the log is in arrival order): under load a minute of expired nonces is hundreds of
    // thousands of rows, and deleting them in one statement would stall every request behind it.
    this.purge = db.prepare(
      `DELETE FROM nonce_log WHERE rowid IN
         (SELECT rowid FROM nonce_log WHERE expires_at < ? ORDER BY rowid LIMIT ${PURGE_SLICE_ROWS})`,
    );
    const rows = db.prepare("SELECT tenant_id, nonce, expires_at FROM nonce_log WHERE expires_at >= ? ORDER BY rowid").raw();
    for (const [tenantId, nonce, expiresAt] of rows.iterate(startedAt) as Iterable<[string, string, number]>) {
      this.seen.add(tenantId, nonce, expiresAt, startedAt);
    }
  }

  remember(tenantId: string, nonce: string, expiresAtSeconds: number): Promise<boolean> {
    return Promise.resolve(this.rememberNow(tenantId, nonce, expiresAtSeconds));
  }

  /** {@link remember}'s answer as it is known, at once, from memory: the transaction store's claim needs no promise for it. */
  rememberNow(tenantId: string, nonce: string, expiresAtSeconds: number): boolean {
    const now = this.now();
    if (!this.seen.remember(tenantId, nonce, expiresAtSeconds, now)) return false;
    this.commits
      .runVolatile(() => {
        const nowMs = Date.now();
        if (nowMs >= this.nextPurgeAt) {
          // A full slice means more are waiting: another goes with the next commit, so expiry keeps up with any rate.
          const full = this.purge.run(now).changes === PURGE_SLICE_ROWS;
          this.nextPurgeAt = full ? 0 : nowMs + 1000;
        }
        this.append.run(tenantId, nonce, expiresAtSeconds);
      })
      .catch(() => {
        // The commit failed (disk full, I/O error): the nonce is still refused from memory until it expires, and only a
        // restart within its validity could accept it again.
      });
    return true;
  }
}
