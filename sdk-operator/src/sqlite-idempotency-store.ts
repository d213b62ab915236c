import type { IdempotencyKey, IdempotencyStore } from "./idempotency.js";
import type { TransactionAnswer } from "./models.js";

/**
 * The part of a better-sqlite3 `Database` the store uses. Typed structurally so the SDK has no runtime
 * dependency on better-sqlite3: you pass in your own database object.
 */
export interface SqliteDatabaseLike {
  exec(sql: string): unknown;
  prepare(sql: string): { get(...params: unknown[]): unknown; run(...params: unknown[]): unknown };
}

/**
 * An {@link IdempotencyStore} in a SQLite table (created if missing), so replays survive restarts.
 * Answers are stored as the JSON text that was first sent and replayed unchanged.
 *
 * @example
 * import Database from "better-sqlite3";
 * const store = new SqliteIdempotencyStore(new Database("wallet.db"));
 */
export class SqliteIdempotencyStore implements IdempotencyStore {
  private readonly select;
  private readonly insert;

  constructor(db: SqliteDatabaseLike, options: { table?: string } = {}) {
    const table = options.table ?? "croupier_idempotency";
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(table)) throw new TypeError(`invalid table name: ${table}`);
    db.exec(
      `CREATE TABLE IF NOT EXISTS ${table} (
        player_ref TEXT NOT NULL,
        transaction_id TEXT NOT NULL,
        response TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (player_ref, transaction_id)
      )`,
    );
    this.select = db.prepare(`SELECT response FROM ${table} WHERE player_ref = ? AND transaction_id = ?`);
    // First answer wins: a second writer racing on the same key keeps the original.
    this.insert = db.prepare(`INSERT OR IGNORE INTO ${table} (player_ref, transaction_id, response, created_at) VALUES (?, ?, ?, ?)`);
  }

  async get(key: IdempotencyKey): Promise<TransactionAnswer | undefined> {
    const row = this.select.get(key.playerRef, key.transactionId) as { response: string } | undefined;
    return row ? (JSON.parse(row.response) as TransactionAnswer) : undefined;
  }

  async put(key: IdempotencyKey, response: TransactionAnswer): Promise<void> {
    this.insert.run(key.playerRef, key.transactionId, JSON.stringify(response), new Date().toISOString());
  }
}
