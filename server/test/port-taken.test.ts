/**
 * A service whose port another process holds fails with EADDRINUSE and first closes what it opened (its stores and
 * their connections), so a start on another port can follow in the same process: the sandbox does so when another
 * process takes its port between choosing it and listening (a fresh-clone CI run failed on that race).
 */
import { createServer, type AddressInfo, type Server } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, testConfigJson } from "./harness.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "./postgres.js";

/** The connections to the database other than the one asking. */
async function otherConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describePostgres("a service whose port is taken", () => {
  let database: TestDatabase;
  let holder: Server;

  beforeAll(async () => {
    database = await createTestDatabase();
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    holder?.close();
    await database?.drop();
  });

  it("fails with EADDRINUSE, leaves no connection open to its database, and a start on a free port follows", async () => {
    const config = { ...testConfigJson(), database: { url: database.url } };
    const taken = (holder.address() as AddressInfo).port;
    await expect(startTestServer({ ...config, server: { host: "127.0.0.1", port: taken } })).rejects.toMatchObject({ code: "EADDRINUSE" });
    // The stores were open (the migrations ran) and are closed again: their pools' idle connections would linger.
    expect(await otherConnections(database.url)).toBe(0);

    const running = await startTestServer(config);
    try {
      expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
      expect(await otherConnections(database.url)).toBeGreaterThan(0);
    } finally {
      await running.close();
    }
  });
});
