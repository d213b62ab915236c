import Database from "better-sqlite3";

/** A better-sqlite3 connection, as the wallet uses it. */
export type WalletDatabase = Database.Database;

/**
 * One row per processed transaction. It is at once the ledger and the idempotency cache: `response`
 * holds the exact JSON answered, and the unique key (player_ref, transaction_id) is the spec's
 * idempotency anchor (C.2, "per player"). Declined BETs are rows too (delta 0), so a retry of a decline
 * is declined again verbatim.
 *
 * `reversals` remembers which BET each ROLLBACK settled, even an unknown one: a second rollback of the
 * same bet moves nothing, and a BET arriving after its own rollback (a lost, late request) is declined.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS players (
  player_ref TEXT PRIMARY KEY,
  balance INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS transactions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  player_ref TEXT NOT NULL,
  transaction_id TEXT NOT NULL,
  type TEXT NOT NULL,
  status TEXT NOT NULL,
  amount INTEGER NOT NULL,
  delta INTEGER NOT NULL,
  balance_after INTEGER NOT NULL,
  round_id TEXT NOT NULL,
  game_id TEXT NOT NULL,
  currency TEXT NOT NULL,
  original_transaction_id TEXT,
  response TEXT NOT NULL,
  at TEXT NOT NULL,
  UNIQUE (player_ref, transaction_id)
);
CREATE TABLE IF NOT EXISTS reversals (
  player_ref TEXT NOT NULL,
  original_transaction_id TEXT NOT NULL,
  rollback_transaction_id TEXT NOT NULL,
  PRIMARY KEY (player_ref, original_transaction_id)
);
`;

/**
 * Opens (creating if needed) the wallet database at a file path or `:memory:`, in WAL mode so the CLI
 * dump can read a file while a wallet is writing it.
 */
export function openWalletDatabase(path: string): WalletDatabase {
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.exec(SCHEMA);
  return db;
}
