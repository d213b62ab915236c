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
