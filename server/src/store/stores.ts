import type { DatabaseConfig } from "../config/types.js";
import type { PoolUse } from "../observability/metrics.js";
import { unlockDatabase, unlockShared } from "../unlock-database.js";
import { generatedKeyFile } from "./generated-key-file.js";
import { isPostgres } from "../config/types.js";
import type { BackofficeStore } from "../domain/ports/backoffice.js";
import type { ClusterCoordination } from "../domain/ports/cluster.js";
import type { GrantStore } from "../domain/ports/grants.js";
import type { LedgerQueries } from "../domain/ports/ledger-queries.js";
import type { MonitoringQueries } from "../domain/ports/monitoring.js";
import type { TransactionStore } from "../domain/ports/ledger.js";
import type { NonceLog } from "../domain/ports/nonces.js";
import type { ProblemStore } from "../domain/ports/problems.js";
import type { RoundLookup } from "../domain/ports/round-lookup.js";
import type { SecretBox } from "../domain/ports/secrets.js";
import type { SessionStore } from "../domain/ports/sessions.js";
import type { TenantStore } from "../domain/ports/tenants.js";
import type { WebhookDeliveryStore } from "../domain/ports/webhook-deliveries.js";
import { openDatabase, pingDatabase, type SqliteDatabase } from "./database.js";
import { GroupCommit } from "./group-commit.js";
import { SqliteBackofficeStore } from "./backoffice-store.js";
import { SqliteGrantStore } from "./grant-store.js";
import { SqliteLedgerQueries } from "./ledger-queries.js";
import { SqliteMonitoringQueries } from "./monitoring-queries.js";
import { SqliteProblemStore } from "./problem-store.js";
import { SqliteSessionStore } from "./session-store.js";
import { SingleInstance } from "./single-instance.js";
import { SqliteNonceStore } from "./sqlite-nonce-store.js";
import { SqliteTenantStore } from "./tenant-store.js";
import { SqliteRoundLookup } from "./transaction-round-lookup.js";
import { SqliteTransactionStore } from "./transaction-store.js";
import { SqliteWebhookDeliveryStore } from "./webhook-delivery-store.js";
import { openPostgres, openPostgresReads, pingPostgres } from "./postgres/database.js";
import { SqliteReadWorker } from "./sqlite-read-worker.js";
import { PostgresBackofficeStore } from "./postgres/backoffice-store.js";
import { PostgresCluster } from "./postgres/cluster.js";
import { PostgresGrantStore } from "./postgres/grant-store.js";
import { PostgresLedgerQueries } from "./postgres/ledger-queries.js";
import { PostgresMonitoringQueries } from "./postgres/monitoring-queries.js";
import { ExpiredNonceSweep, PostgresNonceStore } from "./postgres/nonce-store.js";
import { PostgresProblemStore } from "./postgres/problem-store.js";
import { PostgresRoundLookup } from "./postgres/round-lookup.js";
import { PostgresSecretKeyCheck } from "./postgres/secret-key-check.js";
import { PostgresSessionStore } from "./postgres/session-store.js";
import { PostgresTenantStore } from "./postgres/tenant-store.js";
import { PostgresTransactionStore } from "./postgres/transaction-store.js";
import { PostgresWebhookDeliveryStore } from "./postgres/webhook-delivery-store.js";

/** Every store port of one database, and what the composition root needs to run and stop on it. */
export interface Stores {
  tenants: TenantStore;
  sessions: SessionStore;
  grants: GrantStore;
  transactions: TransactionStore;
  ledgerQueries: LedgerQueries;
  problems: ProblemStore;
  roundLookup: RoundLookup;
  backoffice: BackofficeStore;
  webhookDeliveries: WebhookDeliveryStore;
  nonces: NonceLog;
  monitoring: MonitoringQueries;
  cluster: ClusterCoordination;
  /** True when other instances may write the same database: tenant settings are then re-read, leases taken. */
  shared: boolean;
  /**
   * The box that seals secrets, tokens and callback bodies at rest, once the key is proven to be this database's (or,
   * at the first start, made its key); a SecretKeyError says what to do otherwise.
   */
  unlock(key: Buffer | undefined): Promise<SecretBox>;
  /** Throws when the database does not answer (the readiness probe). */
  ping(): Promise<void>;
  /** The pool's connections, where there is a pool. */
  poolUse?(): PoolUse;
  /** The SQLite handle, for tools and tests that read the file directly; absent on PostgreSQL. */
  sqlite?: SqliteDatabase;
  close(): Promise<void>;
}

/**
 * Opens the configured database (migrating it) and builds its adapters: the one place that picks SQLite or
 * PostgreSQL. `clockSkewSeconds` sizes the SQLite nonce memory; `instanceId` names this instance's claims and leases.
 */
export async function openStores(database: DatabaseConfig, options: { instanceId: string; clockSkewSeconds: number }): Promise<Stores> {
  if (isPostgres(database)) {
    const pool = await openPostgres(database);
    const backofficeReads = openPostgresReads(database);
    const nonceSweep = new ExpiredNonceSweep(pool);
    return {
      tenants: new PostgresTenantStore(pool),
      sessions: new PostgresSessionStore(pool),
      grants: new PostgresGrantStore(pool),
      transactions: new PostgresTransactionStore(pool, options.instanceId, nonceSweep),
      ledgerQueries: new PostgresLedgerQueries(pool, backofficeReads.reads),
      problems: new PostgresProblemStore(pool),
      roundLookup: new PostgresRoundLookup(pool),
      backoffice: new PostgresBackofficeStore(pool),
      webhookDeliveries: new PostgresWebhookDeliveryStore(pool),
      nonces: new PostgresNonceStore(pool, nonceSweep),
      monitoring: new PostgresMonitoringQueries(backofficeReads.reads),
      cluster: new PostgresCluster(pool, options.instanceId),
      shared: true,
      unlock: (key) => unlockShared(new PostgresSecretKeyCheck(pool), key),
      ping: () => pingPostgres(pool),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await backofficeReads.end();
        await pool.end();
      },
    };
  }
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
