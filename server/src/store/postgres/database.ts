import pg from "pg";
import type { PostgresDatabaseConfig } from "../../config/types.js";
import { ReadTimedOut } from "../../domain/ports/read-timeout.js";
import { pendingMigrations } from "../schema-version.js";
import { POSTGRES_MIGRATIONS } from "./migrations.js";

/** The pool every PostgreSQL adapter shares, re-exported so other modules need not import the driver. */
export type PostgresPool = pg.Pool;

/** The database cannot be reached or refused us at start: the operator's to fix, so a message and no stack trace. */
export class DatabaseUnreachableError extends Error {}

/**
 * BIGINT (OID 20) and COUNT(*) come back as strings by default, since they may exceed 2^53. Every BIGINT here is unix
 * milliseconds, minor units or a row count, far below that: they are read as numbers.
 */
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * A key of our own for pg_advisory_lock: instances starting together take it, so exactly one applies the
 * migrations while the others wait and then find nothing left to do.
 */
const MIGRATION_LOCK_KEY = 0x43_52_4f_55; // "CROU"

/**
 * Every this many uses a connection drops its cached plans (issue 32). PL/pgSQL plans the claim's statements once per
 * connection and keeps that plan: made while the ledger is small and never analysed (autovacuum may be off), it finds
 * a claim's row by an index on the provider or the operator alone, which matches as well as the key while the table is
 * tiny and then reads every row of that provider as the ledger grows. Planned again against the ledger's size, the
 * statements take their keys. About 1.5 ms of planning per 500 uses, against thousands of buffers per claim.
 */
const REPLAN_EVERY_USES = 500;

/**
 * A connection also plans again on its first use once the pool's uses have doubled since it last planned, from the
 * pool's 32nd use: the ledger grows with the pool's uses, and until a connection's 500th use the plans it made on an
 * empty ledger read every row of the provider (750 buffers a statement in the bench's first thousands of transactions).
 * Counted on the pool, not the connection: a connection the pool seldom hands out (the last of its idle ones) plans again
 * on its next use all the same. Twenty-five plannings per connection by the pool's billionth use.
 */
const FIRST_REPLAN_USE = 32;

/** How long a connection attempt may take before start gives up (a firewall that drops packets never refuses). */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Opens a pool on the configured PostgreSQL database and applies pending migrations under an advisory lock. An
 * unreachable database (or one that refuses the credentials) is a {@link DatabaseUnreachableError}; a database a newer
 * release migrated, a NewerSchemaError.
 */
export async function openPostgres(config: Pick<PostgresDatabaseConfig, "url" | "poolSize">): Promise<PostgresPool> {
  const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, types });
  // An idle connection the server drops (restart, failover) emits 'error' on the pool; unhandled it would kill the
  // process. The next query opens a new connection, and requests in flight get their own error.
  pool.on("error", () => {});
  replanNowAndThen(pool);
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw unreachableOr(error, config.url);
  }
  return pool;
}

/**
 * Queues `DISCARD PLANS` ahead of a connection's use once the pool's uses have doubled since it planned, and ahead of
 * its every {@link REPLAN_EVERY_USES}th; a failure is the next query's.
 */
function replanNowAndThen(pool: pg.Pool): void {
  /** Per connection: its own uses, and the pool's uses when it last planned (or opened). */
  const connections = new WeakMap<pg.PoolClient, { uses: number; plannedAt: number }>();
  let poolUses = 0;
  pool.on("acquire", (client) => {
    poolUses += 1;
    let connection = connections.get(client);
    if (connection === undefined) connections.set(client, (connection = { uses: 0, plannedAt: poolUses }));
    connection.uses += 1;
    if (poolUses >= Math.max(FIRST_REPLAN_USE, 2 * connection.plannedAt) || connection.uses % REPLAN_EVERY_USES === 0) {
      connection.plannedAt = poolUses;
      client.query("DISCARD PLANS").catch(() => {});
    }
  });
}

/** What the read adapters need of a pool: its queries. */
export interface Queries {
  query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<pg.QueryResult<R>>;
}

/** PostgreSQL's code for a statement cancelled, here by statement_timeout. */
const QUERY_CANCELED = "57014";

/**
 * The back office's read pool (issue 30 item 1): connections of its own beside the money path's, each statement cut
 * after `readStatementTimeoutMs` and run without parallel workers, so no list, filter or overview can hold a connection a
 * BET waits for, nor run for long, nor on more than one core. A read so cut is a retryable error that says what to do. Opened after {@link openPostgres} migrated.
 */
export function openPostgresReads(config: Pick<PostgresDatabaseConfig, "url" | "readPoolSize" | "readStatementTimeoutMs">): {
  reads: Queries;
  end(): Promise<void>;
} {
  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.readPoolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: config.readStatementTimeoutMs,
    // One core at most per read: a parallel plan's workers would take the cores the money path's backends run on.
    options: "-c max_parallel_workers_per_gather=0",
    application_name: "croupier-backoffice-reads",
    types,
  });
  pool.on("error", () => {});
  const reads: Queries = {
    async query(sql, params) {
      try {
        return await pool.query(sql, params);
      } catch (error) {
        if ((error as { code?: unknown }).code !== QUERY_CANCELED) throw error;
        throw new ReadTimedOut(config.readStatementTimeoutMs);
      }
    },
  };
  return { reads, end: () => pool.end() };
}

/** Throws when the database does not answer a trivial query (the readiness probe). */
export async function pingPostgres(pool: PostgresPool): Promise<void> {
  await pool.query("SELECT 1");
}

async function migrate(pool: PostgresPool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      // schema_migrations holds the versions every release checks; schema_expansions the expand steps, which the release
      // before them ignores, so it keeps starting beside this one during a rolling upgrade (docs/running.md, Upgrading).
      for (const table of ["schema_migrations", "schema_expansions"]) {
        await client.query(`CREATE TABLE IF NOT EXISTS ${table} (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
      }
      const versions = async (table: string) => (await client.query<{ version: number }>(`SELECT version FROM ${table}`)).rows.map((r) => r.version);
      const applied = { required: await versions("schema_migrations"), expanded: await versions("schema_expansions") };
      for (const migration of pendingMigrations(POSTGRES_MIGRATIONS, applied)) {
        await client.query("BEGIN");
        try {
          await client.query(migration.sql);
          const table = migration.expand ? "schema_expansions" : "schema_migrations";
          await client.query(`INSERT INTO ${table} (version, name, applied_at) VALUES ($1, $2, $3)`, [
            migration.version,
            migration.name,
            new Date().toISOString(),
          ]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        }
      }
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * Connection failures (refused, unknown host, timeout, authentication, a missing database) become one clear message
 * naming the host and database, never the password; anything else (a bug, a newer schema) passes through.
 */
function unreachableOr(error: unknown, url: string): unknown {
  const code = (error as { code?: unknown }).code;
  const message = (error as Error).message ?? String(error);
  const connectionProblem = (typeof code === "string" && /^(E[A-Z]+|28\w{3}|3D000|57P03|08\w{3})$/.test(code)) || /timeout|terminated/i.test(message);
  if (!connectionProblem) return error;
  return new DatabaseUnreachableError(`cannot reach the PostgreSQL database ${describeTarget(url)}: ${message}`);
}

/** host:port/database of a connection URL, without the user's password. */
export function describeTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
  } catch {
    return "(unparsable URL)";
  }
}
