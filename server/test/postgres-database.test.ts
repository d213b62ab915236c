import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { NewerSchemaError } from "../src/store/schema-version.js";
import { DatabaseUnreachableError, openPostgres } from "../src/store/postgres/database.js";
import { POSTGRES_MIGRATIONS } from "../src/store/postgres/migrations.js";
import { runNodeScript, tempDir, testConfigJson } from "./harness.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "./postgres.js";

const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const latest = Math.max(...POSTGRES_MIGRATIONS.map((m) => m.version));
/** The newest schema step of the previous release (6c87ee3, docs/running.md Upgrading), which must run beside this one. */
const PREVIOUS_RELEASE_SCHEMA = 5;

it("every step after the previous release's schema is an expand step, so that release keeps starting during a rolling upgrade", () => {
  const contract = POSTGRES_MIGRATIONS.filter((m) => m.version > PREVIOUS_RELEASE_SCHEMA && !m.expand).map((m) => m.version);
  expect(contract).toEqual([]);
});

describePostgres("PostgreSQL: migrations at start", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it("three instances starting together migrate the database once, under the advisory lock", async () => {
    const pools = await Promise.all([1, 2, 3].map(() => openPostgres({ url: database.url, poolSize: 2 })));
    try {
      const versions = async (table: string) =>
        (await pools[0]!.query<{ version: number }>(`SELECT version FROM ${table} ORDER BY version`)).rows.map((r) => r.version);
      // Every step once: those every release checks, and apart from them the expand steps older releases ignore.
      expect(await versions("schema_migrations")).toEqual(POSTGRES_MIGRATIONS.filter((m) => !m.expand).map((m) => m.version));
      expect(await versions("schema_expansions")).toEqual(POSTGRES_MIGRATIONS.filter((m) => m.expand).map((m) => m.version));
      const tables = await pools[1]!.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'");
      expect(tables.rows.map((r) => r.name)).toEqual(
        expect.arrayContaining(["transactions", "rounds", "sessions", "nonces", "grants", "problems", "tenant_state"]),
      );
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
    // A later start finds nothing to apply.
    await (await openPostgres({ url: database.url, poolSize: 1 })).end();
  });

  it("refuses a database that a newer release migrated, in the library and as a process (exit 1, no stack trace)", async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, 'from the future', now()::text)", [latest + 1]);
      await expect(openPostgres({ url: database.url, poolSize: 1 })).rejects.toThrow(NewerSchemaError);
      const dir = tempDir();
      try {
        const file = `${dir.path}/newer.json`;
        writeFileSync(file, JSON.stringify({ ...testConfigJson(), database: { url: database.url } }));
        const run = await runNodeScript(MAIN, ["--config", file]);
        expect(run.code).toBe(1);
        expect(run.stderr).toBe(
          `croupier: cannot start: the database has schema version ${latest + 1}, newer than this release knows (${latest}): run a release at least as new\n`,
        );
      } finally {
        dir.remove();
      }
    } finally {
      await client.query("DELETE FROM schema_migrations WHERE version = $1", [latest + 1]);
      await client.end();
    }
  });

  it("starts on a database a newer release only expanded, as the previous release runs beside this one in a rolling upgrade", async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query("INSERT INTO schema_expansions (version, name, applied_at) VALUES ($1, 'a later expand step', now()::text)", [latest + 1]);
      await (await openPostgres({ url: database.url, poolSize: 1 })).end();
    } finally {
      await client.query("DELETE FROM schema_expansions WHERE version = $1", [latest + 1]);
      await client.end();
    }
  });

  it("a connection plans again at its first use once the pool's uses have doubled, however seldom the pool hands it out", async () => {
    // Which connection each acquire went to, and whether the pool sent it DISCARD PLANS first: the driver's query is
    // watched (not replaced), and the pool's own listener, registered at open, runs before this one.
    const query = pg.Client.prototype.query;
    const discardedBy = new Set<unknown>();
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (args[0] === "DISCARD PLANS") discardedBy.add(this);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    const pool = await openPostgres({ url: database.url, poolSize: 2 });
    try {
      const acquires: { client: pg.PoolClient; discarded: boolean }[] = [];
      pool.on("acquire", (client) => {
        acquires.push({ client, discarded: discardedBy.delete(client) });
      });
      // Both connections open; then the pool hands out the last released one only (its idle list is a stack).
      const [seldom, busy] = await Promise.all([pool.connect(), pool.connect()]);
      seldom.release();
      busy.release();
      for (let i = 0; i < 2_000; i++) await pool.query("SELECT 1");
      const usesOf = (client: pg.PoolClient) => acquires.filter((a) => a.client === client);
      expect(usesOf(seldom).length).toBe(1);
      // The busy one plans again as the pool's uses double (and at its 500th): a handful of times, not at every use.
      const busyDiscards = usesOf(busy).filter((a) => a.discarded).length;
      expect(busyDiscards).toBeGreaterThanOrEqual(4);
      expect(busyDiscards).toBeLessThanOrEqual(10);
      // The seldom one, planned when the pool had been used a few times, plans again at its next use.
      const both = await Promise.all([pool.connect(), pool.connect()]);
      for (const client of both) client.release();
      expect(usesOf(seldom).map((a) => a.discarded)).toEqual([false, true]);
    } finally {
      pg.Client.prototype.query = query;
      await pool.end();
    }
  });
});

it("an unreachable PostgreSQL at start is one clear line and exit 1, naming host and database but never the password", async () => {
  // Port 1 on loopback: nothing listens there, so the connection is refused at once.
  const url = "postgres://croupier:s3cret-pw@127.0.0.1:1/croupier";
  await expect(openPostgres({ url, poolSize: 1 })).rejects.toThrow(DatabaseUnreachableError);
  const dir = tempDir();
  try {
    const file = `${dir.path}/unreachable.json`;
    writeFileSync(file, JSON.stringify({ ...testConfigJson(), database: { url } }));
    const run = await runNodeScript(MAIN, ["--config", file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^croupier: cannot start: cannot reach the PostgreSQL database 127\.0\.0\.1:1\/croupier: .*ECONNREFUSED.*\n$/);
    expect(run.stderr).not.toContain("s3cret-pw");
    expect(run.stderr).not.toMatch(/\n\s+at /);
    // Both databases named is a configuration mistake: exit 2, naming the key.
    writeFileSync(file, JSON.stringify({ ...testConfigJson({ sqlitePath: `${dir.path}/x.db` }), database: { url, sqlitePath: `${dir.path}/x.db` } }));
    const both = await runNodeScript(MAIN, ["--config", file]);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe(
      'croupier: invalid configuration at "database.sqlitePath": give either database.sqlitePath (SQLite) or database.url (PostgreSQL), not both\n',
    );
  } finally {
    dir.remove();
  }
});
