import type { NonceStore } from "@croupier/signing";
import type { SqliteDatabase } from "./database.js";

/**
 * Nonces persisted in SQLite so a replay is refused even after a restart. The upsert only takes over a row whose
 * window has passed, so of two requests with one nonce exactly one is accepted.
 */
export class SqliteNonceStore implements NonceStore {
  private readonly upsert;
  private readonly purge;
  private nextPurgeAt = 0;

  constructor(db: SqliteDatabase, private readonly now: () => number = () => Math.floor(Date.now() / 1000)) {
    this.upsert = db.prepare(
      `INSERT INTO nonces (tenant_id, nonce, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (tenant_id, nonce) DO UPDATE SET expires_at = excluded.expires_at WHERE nonces.expires_at < ?`,
    );
    this.purge = db.prepare("DELETE FROM nonces WHERE expires_at < ?");
  }

  remember(tenantId: string, nonce: string, expiresAtSeconds: number): boolean {
    const now = this.now();
    if (now >= this.nextPurgeAt) {
      this.purge.run(now);
      this.nextPurgeAt = now + 60;
    }
    return this.upsert.run(tenantId, nonce, expiresAtSeconds, now).changes === 1;
  }
}
