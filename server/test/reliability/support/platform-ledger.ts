import Database from "better-sqlite3";
import pg from "pg";
import type { PlatformRow } from "./conservation-audit.js";

const SELECT = `SELECT transaction_id AS transactionId, player_ref AS playerRef, type, amount,
  original_transaction_id AS originalTransactionId, state,
  resolved_by_hand AS resolvedByHand FROM transactions WHERE operator_id = ? ORDER BY created_at, rowid`;

/** The platform's ledger rows of one operator, read from an open service database. */
export function platformRows(db: Database.Database, operatorId: string): PlatformRow[] {
  const rows = db.prepare(SELECT).all(operatorId) as (Omit<PlatformRow, "resolvedByHand"> & { resolvedByHand: number })[];
  return rows.map((r) => ({ ...r, resolvedByHand: r.resolvedByHand === 1 }));
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

/** The same, read from a PostgreSQL database that a cluster of instances shares. */
export async function platformRowsFromPostgres(url: string, operatorId: string): Promise<PlatformRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<PlatformRow & { amount: string }>(
      `SELECT transaction_id AS "transactionId", player_ref AS "playerRef", type, amount, original_transaction_id AS "originalTransactionId", state,
         resolved_by_hand AS "resolvedByHand"
       FROM transactions WHERE operator_id = $1 ORDER BY created_at, seq`,
      [operatorId],
    );
    return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
  } finally {
    await client.end();
  }
}

/**
 * True once the platform has settled everything it knows: every credit applied, and every bet applied, declined
 * or reversed by an applied rollback. A bet left in an unknown state (a kill cut its wallet call) is settled only
 * once the reconciler's rollback of it went through: auditing before that would find the wallet ahead of the
 * platform by that stake. A credit a person resolved by hand is settled too.
 */
export function platformSettled(rows: readonly PlatformRow[]): boolean {
  const reversed = new Set(
    rows.filter((r) => r.type === "ROLLBACK" && r.state === "OK").map((r) => `${r.playerRef}\u0000${r.originalTransactionId}`),
  );
  return rows.every(
    (r) =>
      r.resolvedByHand ||
      (r.type === "BET" ? r.state === "OK" || r.state === "DECLINED" || reversed.has(`${r.playerRef}\u0000${r.transactionId}`) : r.state === "OK"),
  );
}
