import Database from "better-sqlite3";
import type { PlatformRow } from "./conservation-audit.js";

const SELECT = `SELECT transaction_id AS transactionId, player_ref AS playerRef, type, amount,
  original_transaction_id AS originalTransactionId, state FROM transactions WHERE operator_id = ? ORDER BY created_at, rowid`;

/** The platform's ledger rows of one operator, read from an open service database. */
export function platformRows(db: Database.Database, operatorId: string): PlatformRow[] {
  return db.prepare(SELECT).all(operatorId) as PlatformRow[];
}

/** The same, read from a stopped service's SQLite file (read-only). */
export function platformRowsFromFile(path: string, operatorId: string): PlatformRow[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return platformRows(db, operatorId);
  } finally {
    db.close();
  }
}

/**
 * True once the platform has settled everything it knows: every credit applied, and every bet applied, declined
 * or reversed by an applied rollback. A bet left in an unknown state (a kill cut its wallet call) is settled only
 * once the reconciler's rollback of it went through: auditing before that would find the wallet ahead of the
 * platform by that stake.
 */
export function platformSettled(rows: readonly PlatformRow[]): boolean {
  const reversed = new Set(rows.filter((r) => r.type === "ROLLBACK" && r.state === "OK").map((r) => `${r.playerRef}\u0000${r.originalTransactionId}`));
  return rows.every((r) => r.type === "BET"
    ? r.state === "OK" || r.state === "DECLINED" || reversed.has(`${r.playerRef}\u0000${r.transactionId}`)
    : r.state === "OK");
}
