import type { SqliteDatabaseConfig } from "../config/types.js";
import { unlockDatabase } from "../unlock-database.js";
import { SqliteBackofficeStore } from "./backoffice-store.js";
import { openDatabase, pingDatabase } from "./database.js";
import { generatedKeyFile } from "./generated-key-file.js";
import { SqliteGrantStore } from "./grant-store.js";
import { GroupCommit } from "./group-commit.js";
import { SqliteLedgerQueries } from "./ledger-queries.js";
import { SqliteMonitoringQueries } from "./monitoring-queries.js";
import { SqliteProblemStore } from "./problem-store.js";
import { SqliteSessionStore } from "./session-store.js";
import { SingleInstance } from "./single-instance.js";
import { SqliteNonceStore } from "./sqlite-nonce-store.js";
import { SqliteReadWorker } from "./sqlite-read-worker.js";
import type { Stores } from "./stores.js";
import { SqliteTenantStore } from "./tenant-store.js";
import { SqliteRoundLookup } from "./transaction-round-lookup.js";
import { SqliteTransactionStore } from "./transaction-store.js";
import { SqliteWebhookDeliveryStore } from "./webhook-delivery-store.js";

/** The SQLite file's adapters (migrated on opening), this process its only writer. */
export function openSqliteStores(database: SqliteDatabaseConfig, options: { clockSkewSeconds: number }): Stores {
  const db = openDatabase(database.sqlitePath, database.synchronous);
  // The ledger, the nonces and the sessions, the writes of every request path, share one group commit.
  const commits = new GroupCommit(db, database.synchronous);
  const nonces = new SqliteNonceStore(db, commits, options.clockSkewSeconds);
  // A file's heavy back-office reads go to a read-only connection in a worker thread; a database in memory has one connection.
  const reads = database.sqlitePath === ":memory:" ? undefined : new SqliteReadWorker(database.sqlitePath);
  return {
    tenants: new SqliteTenantStore(db),
    sessions: new SqliteSessionStore(db, commits),
    grants: new SqliteGrantStore(db),
    transactions: new SqliteTransactionStore(db, commits, nonces),
    ledgerQueries: new SqliteLedgerQueries(db, commits, reads),
    problems: new SqliteProblemStore(db, commits),
    roundLookup: new SqliteRoundLookup(db),
    backoffice: new SqliteBackofficeStore(db),
    webhookDeliveries: new SqliteWebhookDeliveryStore(db),
    nonces,
    monitoring: new SqliteMonitoringQueries(db),
    cluster: new SingleInstance(),
    shared: false,
    unlock: (key) => Promise.resolve(unlockDatabase(db, key, (sealed) => generatedKeyFile(database.sqlitePath, sealed))),
    ping: () => Promise.resolve(pingDatabase(db)),
    sqlite: db,
    // The writes still queued (the last request's nonce, say) are committed first: the next turn would find it closed.
    close: async () => {
      await commits.drain();
      await reads?.close();
      db.close();
    },
  };
}
