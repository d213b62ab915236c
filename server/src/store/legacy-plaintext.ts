import type { SqliteDatabase } from "./database.js";

/** How the domain turns plaintext into what is stored: sealed (secrets, bodies, tokens) and digested (token look-ups). */
export interface AtRestTransform {
  seal(text: string): string;
  isSealed(value: string): boolean;
  digest(token: string): string;
}

const BATCH = 1000;

/**
 * Seals what releases before encryption at rest stored in plaintext (secrets, callback bodies, session tokens), once,
 * inside the caller's transaction at the first start with a key. Returns what it rewrote.
 */
export function sealLegacyPlaintext(db: SqliteDatabase, t: AtRestTransform): { secrets: number; callbackBodies: number; sessions: number } {
  let secrets = 0;
  const tenants = db.prepare("SELECT tenant_id AS id, secret, previous_secret AS previous FROM tenant_state").all() as {
    id: string;
    secret: string;
    previous: string | null;
  }[];
  const updateTenant = db.prepare("UPDATE tenant_state SET secret = ?, previous_secret = ? WHERE tenant_id = ?");
  const sealIfPlain = (value: string) => {
    if (t.isSealed(value)) return value;
    secrets += 1;
    return t.seal(value);
  };
  for (const row of tenants) updateTenant.run(sealIfPlain(row.secret), row.previous === null ? null : sealIfPlain(row.previous), row.id);

  let callbackBodies = 0;
  const selectBodies = db.prepare("SELECT rowid, callback_body AS body FROM transactions WHERE rowid > ? ORDER BY rowid LIMIT ?");
  const updateBody = db.prepare("UPDATE transactions SET callback_body = ? WHERE rowid = ?");
  for (let after = 0; ; ) {
    const rows = selectBodies.all(after, BATCH) as { rowid: number; body: string }[];
    for (const row of rows) {
      if (!t.isSealed(row.body)) {
        updateBody.run(t.seal(row.body), row.rowid);
        callbackBodies += 1;
      }
    }
    if (rows.length < BATCH) break;
    after = rows.at(-1)!.rowid;
  }

  const tokens = db.prepare("SELECT token_hash FROM sessions WHERE token_sealed IS NULL").pluck().all() as string[];
  const updateSession = db.prepare("UPDATE sessions SET token_hash = ?, token_sealed = ? WHERE token_hash = ?");
  for (const token of tokens) updateSession.run(t.digest(token), t.seal(token), token);
  return { secrets, callbackBodies, sessions: tokens.length };
}
