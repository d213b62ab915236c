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
  // A checkpoint holds the event loop inside the commit that crosses the threshold: shorter, more frequent ones keep
  // the money path's p99 down (docs/benchmarks.md).
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
  // schema_migrations holds the versions every release checks; schema_expansions (made with the first expand step) the
  // expand steps, which the release before them ignores, so a service rolled back one release still starts on the file.
  const versions = (table: string) => db.prepare(`SELECT version FROM ${table}`).pluck().all() as number[];
  const hasExpansions = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_expansions'").get() !== undefined;
  const applied = { required: versions("schema_migrations"), expanded: hasExpansions ? versions("schema_expansions") : [] };
  for (const migration of pendingMigrations(MIGRATIONS, applied)) {
    const table = migration.expand ? "schema_expansions" : "schema_migrations";
    db.transaction(() => {
      db.exec(migration.sql);
      db.exec(`CREATE TABLE IF NOT EXISTS ${table} (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
      db.prepare(`INSERT INTO ${table} (version, name, applied_at) VALUES (?, ?, ?)`).run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
    }).immediate();
  }
}
