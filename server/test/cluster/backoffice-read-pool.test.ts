/**
 * On PostgreSQL the back office reads on a pool of its own with a statement timeout (issue 30 item 1): a read that
 * cannot finish (here its table locked by the test) ends at the timeout with a retryable error that says what to do,
 * holds at most `readPoolSize` connections meanwhile, and the money path's pool goes on serving.
 */
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { OPERATOR, signedRequest, startTestServer, testConfigJson } from "../harness.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "../postgres.js";
import { betRequest, launchSession, postTransaction, startTestWallet, type TestWallet } from "../wallet-harness.js";

describePostgres("the back office's read pool on PostgreSQL", () => {
  let database: TestDatabase;
  let wallet: TestWallet;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    wallet = await startTestWallet();
    server = await startTestServer({
      ...testConfigJson({ wallet: wallet.url }),
      database: { url: database.url, poolSize: 4, readPoolSize: 1, readStatementTimeoutMs: 400 },
    });
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await server?.close();
    await wallet?.close();
    await database?.drop();
  });

  const readConnections = async () =>
    Number(
      (
        await client.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'croupier-backoffice-reads'",
        )
      ).rows[0]!.n,
    );

  it("ends a read that cannot finish at its statement timeout, on its own connections, while money moves", async () => {
    const token = await launchSession(server.url, { playerRef: "p-1" });
    expect((await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/transactions")).status).toBe(200);
    expect(await readConnections()).toBe(1);

    // The overview's counters locked: its reads wait, and the timeout ends each one.
    await client.query("BEGIN");
    await client.query("LOCK TABLE operator_minutes IN ACCESS EXCLUSIVE MODE");
    const reads = Array.from({ length: 3 }, () => signedRequest(server.url, OPERATOR, "GET", "/v1/operator/overview"));
    // Meanwhile the money path's pool serves a launch (no counter involved) at once.
    const launched = await launchSession(server.url, { playerRef: "p-2" });
    expect(launched).toEqual(expect.any(String));
    const answers = await Promise.all(reads);
    for (const answer of answers) {
      expect(answer.status).toBe(500);
      expect(answer.json).toEqual({
        error: "this read took longer than the back office allows (400 ms): narrow it with filters or a time range, and retry",
        code: "retryable_failure",
      });
    }
    await client.query("ROLLBACK");
    // Three reads at once never took more than the pool's one connection (read outside the test's transaction, whose
    // statistics were a snapshot).
    expect(await readConnections()).toBeLessThanOrEqual(1);

    // The lock gone, the same read answers, and the bet played meanwhile is counted.
    expect((await postTransaction(server.url, betRequest(token, { amount: 10 }))).status).toBe(200);
    const overview = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/overview");
    expect(overview.status).toBe(200);
    expect(overview.json.transactions).toMatchObject({ total: 1, OK: 1 });
  });
});
