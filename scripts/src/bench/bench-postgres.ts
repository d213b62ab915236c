import { randomBytes } from "node:crypto";
import pg from "pg";

/** The PostgreSQL server the PostgreSQL targets use: CROUPIER_BENCH_POSTGRES_URL, or the local one (trust authentication). */
export const BENCH_POSTGRES_ADMIN_URL = process.env.CROUPIER_BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A database of the run's own on that server, dropped at the end of the run. */
export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database with a unique name, so a run never touches anyone else's data. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `croupier_bench_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(BENCH_POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  // FORCE ends the connections of instances a failed run left behind.
  return { name, url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined) };
}

/**
 * Transactions committed in `database` so far (`pg_stat_database.xact_commit`). The service's money path runs single
 * statements outside explicit transactions, so each commit is one round trip. The statistics a backend gathers reach
 * this view when it next goes idle, at most once a second, or 10 s after its last statement: callers wait for that.
 */
export async function committedTransactions(database: BenchDatabase): Promise<number> {
  const rows = await adminQuery("SELECT xact_commit FROM pg_stat_database WHERE datname = $1", [database.name]);
  return Number((rows[0] as { xact_commit: string } | undefined)?.xact_commit ?? 0);
}

/** The server processes serving `database` now (its backends: each instance's pooled connections). */
export async function backendPids(database: BenchDatabase): Promise<number[]> {
  const rows = await adminQuery("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [database.name]);
  return (rows as { pid: number }[]).map((r) => r.pid);
}

async function adminQuery(sql: string, values: unknown[] = []): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: BENCH_POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    // A fresh connection reads fresh statistics (the view is snapshotted per transaction).
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}
