import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe } from "vitest";

/**
 * PostgreSQL for tests: the server at CROUPIER_TEST_POSTGRES_URL (default: the local one every developer machine and CI
 * run, trust authentication) hosts one database per test file, created with a unique name and dropped after.
 */
const ADMIN_URL = process.env.CROUPIER_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Whether PostgreSQL answers, and why not when it does not. */
async function probe(): Promise<{ reachable: true } | { reachable: false; reason: string }> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return { reachable: true };
  } catch (error) {
    return { reachable: false, reason: `PostgreSQL unreachable at ${new URL(ADMIN_URL).host}: ${(error as Error).message}` };
  } finally {
    await client.end().catch(() => {});
  }
}

const availability = await probe();

/**
 * `describe` for tests that need PostgreSQL. Without it they are reported skipped, with the reason printed, on a
 * developer's machine; under CI=true they fail instead, since CI must never skip them (.ci/run starts PostgreSQL).
 */
export function describePostgres(name: string, body: () => void): void {
  if (availability.reachable) {
    describe(name, body);
    return;
  }
  if (process.env.CI === "true") throw new Error(`${availability.reason} (CI=true: PostgreSQL tests may not be skipped)`);
  process.stderr.write(`SKIPPED "${name}": ${availability.reason}\n`);
  describe.skip(`${name} [skipped: ${availability.reason}]`, body);
}

/** A database of its own for one test file: its URL, and a drop that ends every connection still open to it. */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database with a unique name. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `croupier_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
