import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BackofficeStore } from "../../src/domain/ports/backoffice.js";
import type { GrantStore } from "../../src/domain/ports/grants.js";
import type { LedgerQueries } from "../../src/domain/ports/ledger-queries.js";
import type { TransactionStore } from "../../src/domain/ports/ledger.js";
import type { MonitoringQueries } from "../../src/domain/ports/monitoring.js";
import type { NonceLog } from "../../src/domain/ports/nonces.js";
import type { ProblemStore } from "../../src/domain/ports/problems.js";
import type { RoundLookup } from "../../src/domain/ports/round-lookup.js";
import type { SessionStore } from "../../src/domain/ports/sessions.js";
import type { TenantStore } from "../../src/domain/ports/tenants.js";
import { SqliteBackofficeStore } from "../../src/store/backoffice-store.js";
import { openDatabase } from "../../src/store/database.js";
import { GroupCommit } from "../../src/store/group-commit.js";
import { SqliteGrantStore } from "../../src/store/grant-store.js";
import { SqliteLedgerQueries } from "../../src/store/ledger-queries.js";
import { SqliteMonitoringQueries } from "../../src/store/monitoring-queries.js";
import { SqliteProblemStore } from "../../src/store/problem-store.js";
import { SqliteSessionStore } from "../../src/store/session-store.js";
import { SqliteNonceStore } from "../../src/store/sqlite-nonce-store.js";
import { SqliteTenantStore } from "../../src/store/tenant-store.js";
import { SqliteRoundLookup } from "../../src/store/transaction-round-lookup.js";
import { SqliteTransactionStore } from "../../src/store/transaction-store.js";
import { PostgresBackofficeStore } from "../../src/store/postgres/backoffice-store.js";
import { openPostgres } from "../../src/store/postgres/database.js";
import { PostgresGrantStore } from "../../src/store/postgres/grant-store.js";
import { PostgresLedgerQueries } from "../../src/store/postgres/ledger-queries.js";
import { PostgresMonitoringQueries } from "../../src/store/postgres/monitoring-queries.js";
import { ExpiredNonceSweep, PostgresNonceStore } from "../../src/store/postgres/nonce-store.js";
import { PostgresProblemStore } from "../../src/store/postgres/problem-store.js";
import { PostgresRoundLookup } from "../../src/store/postgres/round-lookup.js";
import { PostgresSessionStore } from "../../src/store/postgres/session-store.js";
import { PostgresTenantStore } from "../../src/store/postgres/tenant-store.js";
import { PostgresTransactionStore } from "../../src/store/postgres/transaction-store.js";

/** Every store port of one database kind, on a fresh database; `nonces` takes the clock (unix seconds) it reads. */
export interface StoreKit {
  ledger: TransactionStore;
  sessions: SessionStore;
  tenants: TenantStore;
  grants: GrantStore;
  problems: ProblemStore;
  ledgerQueries: LedgerQueries;
  monitoring: MonitoringQueries;
  roundLookup: RoundLookup;
  backoffice: BackofficeStore;
  nonces(now: () => number): NonceLog;
  /** Ends this kit's connections or file. */
  close(): Promise<void>;
}

/** The SQLite adapters on a fresh file, sharing one group commit as the service's composition root does. */
export function sqliteKit(): StoreKit {
  const dir = mkdtempSync(join(tmpdir(), "contract-"));
  const db = openDatabase(join(dir, "c.db"));
  const commits = new GroupCommit(db);
  const nonceLog = new SqliteNonceStore(db, commits, 300);
  return {
    ledger: new SqliteTransactionStore(db, commits, nonceLog),
    sessions: new SqliteSessionStore(db, commits),
    tenants: new SqliteTenantStore(db),
    grants: new SqliteGrantStore(db),
    problems: new SqliteProblemStore(db, commits),
    ledgerQueries: new SqliteLedgerQueries(db, commits),
    monitoring: new SqliteMonitoringQueries(db),
    roundLookup: new SqliteRoundLookup(db),
    backoffice: new SqliteBackofficeStore(db),
    nonces: (now: () => number) => new SqliteNonceStore(db, commits, 300, now),
    close: async () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The PostgreSQL adapters on a migrated database (one per test file: see ../postgres.ts). */
export async function postgresKit(url: string, instanceId = "contract"): Promise<StoreKit> {
  const pool = await openPostgres({ url, poolSize: 8 });
  const nonceSweep = new ExpiredNonceSweep(pool);
  return {
    ledger: new PostgresTransactionStore(pool, instanceId, nonceSweep),
    sessions: new PostgresSessionStore(pool),
    tenants: new PostgresTenantStore(pool),
    grants: new PostgresGrantStore(pool),
    problems: new PostgresProblemStore(pool),
    ledgerQueries: new PostgresLedgerQueries(pool, pool),
    monitoring: new PostgresMonitoringQueries(pool),
    roundLookup: new PostgresRoundLookup(pool),
    backoffice: new PostgresBackofficeStore(pool),
    nonces: (now) => new PostgresNonceStore(pool, nonceSweep, now),
    close: () => pool.end(),
  };
}
