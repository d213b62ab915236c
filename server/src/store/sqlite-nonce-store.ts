import type { GroupCommit } from "./group-commit.js";
import type { SqliteDatabase } from "./database.js";

/**
 * Nonces persisted in SQLite so a replay is refused even after a restart. The upsert only takes over a row whose
 * window has passed, so of two requests with one nonce exactly one is accepted. Every request writes one, so they go
 * through the group commit (the nonces of one event-loop turn share one commit) as volatile writes: a power cut can
 * lose only the last instants' nonces, whose requests' money effects are in the ledger, and the next durable commit
 * makes them durable too.
 */
export class SqliteNonceStore {
  private readonly upsert;
  private readonly purge;
  private nextPurgeAt = 0;

  constructor(
    db: SqliteDatabase,
    private readonly commits: GroupCommit,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.upsert = db.prepare(
      `INSERT INTO nonces (tenant_id, nonce, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (tenant_id, nonce) DO UPDATE SET expires_at = excluded.expires_at WHERE nonces.expires_at < ?`,
    );
    this.purge = db.prepare("DELETE FROM nonces WHERE expires_at < ?");
  }

  /** True when the nonce is new for the tenant (and is now remembered until `expiresAtSeconds`). */
  remember(tenantId: string, nonce: string, expiresAtSeconds: number): Promise<boolean> {
    return this.commits.runVolatile(() => {
      const now = this.now();
      if (now >= this.nextPurgeAt) {
        this.purge.run(now);
        this.nextPurgeAt = now + 60;
      }
      return this.upsert.run(tenantId, nonce, expiresAtSeconds, now).changes === 1;
    });
  }
}
