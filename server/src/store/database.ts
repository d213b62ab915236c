import Database from "better-sqlite3";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { MIGRATIONS } from "./migrations.js";
import { pendingMigrations } from "./schema-version.js";

export { NewerSchemaError } from "./schema-version.js";

/** The better-sqlite3 handle type, re-exported so other modules need not import the driver. */
export type SqliteDatabase = Database.Database;

/**
 * Opens the SQLite database in WAL mode and applies pending migrations.
 * `synchronous` trades durability for speed: FULL fsyncs every commit (the default: a settled
 * transaction survives power loss), NORMAL only at checkpoints (safe against a process crash).
 */
export function openDatabase(path: string, synchronous: "FULL" | "NORMAL" = "FULL"): SqliteDatabase {
  if (path !== ":memory:") {
    mkdirSync(dirname(path), { recursive: true });
    // Created readable by the service's user only (0600): the ledger, session hashes and tenant state are nobody else's.
    if (!existsSync(path)) closeSync(openSync(path, "a", 0o600));
  }
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  if (path !== ":memory:") restrictFiles(path);
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma("busy_timeout = 5000");
  // A checkpoint runs inside the commit that crosses the threshold and holds the event loop while it copies the WAL's
  // pages and fsyncs the database file. At SQLite's default of 1,000 pages those commits are the p99; at 256 they
  // come four times as often but each is a quarter as long (added p99 at 500 tx/s 3.2 against 5.2 ms, medians of
  // six alternations; docs/benchmarks.md). Much larger was tried too: a long WAL slows every read.
  db.pragma("wal_autocheckpoint = 256");
  db.pragma("foreign_keys = ON");
  migrate(db);
  return db;
}

/** Throws when the database does not answer a trivial query (the readiness probe). */
export function pingDatabase(db: SqliteDatabase): void {
  db.prepare("SELECT 1").get();
}

/** The database file, its WAL and its shared-memory index: 0600 (SQLite creates the latter two with the main file's mode). */
function restrictFiles(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
}

function migrate(db: SqliteDatabase): void {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
  const pending = pendingMigrations(MIGRATIONS, db.prepare("SELECT version FROM schema_migrations").pluck().all() as number[]);
  const record = db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)");
  for (const migration of pending) {
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
    }).immediate();
  }
}
