import type { PostgresDatabaseConfig } from "../../config/types.js";
import { unlockShared } from "../../unlock-database.js";
import type { Stores } from "../stores.js";
import { PostgresBackofficeStore } from "./backoffice-store.js";
import { PostgresCluster } from "./cluster.js";
import { openPostgres, openPostgresReads, pingPostgres } from "./database.js";
import { PostgresGrantStore } from "./grant-store.js";
import { PostgresLedgerQueries } from "./ledger-queries.js";
import { PostgresMonitoringQueries } from "./monitoring-queries.js";
import { ExpiredNonceSweep, PostgresNonceStore } from "./nonce-store.js";
import { PostgresProblemStore } from "./problem-store.js";
import { PostgresRoundLookup } from "./round-lookup.js";
import { PostgresSecretKeyCheck } from "./secret-key-check.js";
import { PostgresSessionStore } from "./session-store.js";
import { PostgresTenantStore } from "./tenant-store.js";
import { PostgresTransactionStore } from "./transaction-store.js";
import { PostgresWebhookDeliveryStore } from "./webhook-delivery-store.js";

/** The PostgreSQL database's adapters on one pool (migrated on opening), shared with the other instances. */
export async function openPostgresStores(database: PostgresDatabaseConfig, options: { instanceId: string }): Promise<Stores> {
  const pool = await openPostgres(database);
  const backofficeReads = openPostgresReads(database);
  const nonceSweep = new ExpiredNonceSweep(pool);
  const cluster = new PostgresCluster(pool, options.instanceId);
  return {
    tenants: new PostgresTenantStore(pool),
    sessions: new PostgresSessionStore(pool),
    grants: new PostgresGrantStore(pool, backofficeReads.reads),
    // The batchers share the statements in flight with the other instances the heartbeat counts.
    transactions: new PostgresTransactionStore(pool, options.instanceId, nonceSweep, () => cluster.liveInstances),
    ledgerQueries: new PostgresLedgerQueries(pool, backofficeReads.reads),
    problems: new PostgresProblemStore(pool, backofficeReads.reads),
    roundLookup: new PostgresRoundLookup(pool),
    backoffice: new PostgresBackofficeStore(pool),
    webhookDeliveries: new PostgresWebhookDeliveryStore(pool, backofficeReads.reads),
    nonces: new PostgresNonceStore(pool, nonceSweep),
    monitoring: new PostgresMonitoringQueries(backofficeReads.reads),
    cluster,
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
