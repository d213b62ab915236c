import type Database from "better-sqlite3";
import pg from "pg";
import { openPostgres, openPostgresReads, type Queries } from "../../src/store/postgres/database.js";
import { createTestDatabase } from "../postgres.js";

/** A step of SQLite's plan for `sql` with its named `params`, as EXPLAIN QUERY PLAN details it. */
export function sqlitePlan(db: Database.Database, sql: string, params: Record<string, unknown>): string[] {
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((row) => row.detail);
}

/** A node of a PostgreSQL plan, as EXPLAIN (FORMAT JSON) gives it. */
export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

/** Every node of PostgreSQL's plan for `sql` with its positional `params`, asked on `reads` (the back office's read pool). */
export async function postgresPlan(reads: Queries, sql: string, params: unknown[]): Promise<PlanNode[]> {
  const { rows } = await reads.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  return flatten(rows[0]!["QUERY PLAN"][0].Plan);
}

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

export interface PlanDatabase {
  client: pg.Client;
  backoffice: ReturnType<typeof openPostgresReads>;
  close(): Promise<void>;
}

/**
 * A migrated database of its own for a plan test: `client` to fill it, `backoffice` the read pool as the service opens
 * it (plans are asked there, with its settings), `close` to drop it all.
 */
export async function openPlanDatabase(): Promise<PlanDatabase> {
  const database = await createTestDatabase();
  const pool = await openPostgres({ url: database.url, poolSize: 1 });
  await pool.end();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const backoffice = openPostgresReads({ url: database.url, readPoolSize: 1, readStatementTimeoutMs: 60_000 });
  return {
    client,
    backoffice,
    async close() {
      await backoffice.end();
      await client.end();
      await database.drop();
    },
  };
}
