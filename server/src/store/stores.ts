import { isPostgres, type DatabaseConfig } from "../config/types.js";
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
import type { PoolUse } from "../observability/metrics.js";
import type { SqliteDatabase } from "./database.js";

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
 * Each store's modules are loaded only when configured: an admin command on SQLite never loads the PostgreSQL driver.
 */
export async function openStores(database: DatabaseConfig, options: { instanceId: string; clockSkewSeconds: number }): Promise<Stores> {
  if (isPostgres(database)) return (await import("./postgres/stores.js")).openPostgresStores(database, options);
  return (await import("./sqlite-stores.js")).openSqliteStores(database, options);
}
