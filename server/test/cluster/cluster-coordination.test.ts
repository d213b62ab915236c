/**
 * The cluster's coordination on PostgreSQL: the heartbeat that counts live instances, and the job leases that let one
 * instance at a time run each background job, taken over only once a holder stopped renewing.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { openPostgres, type PostgresPool } from "../../src/store/postgres/database.js";
import { PostgresCluster } from "../../src/store/postgres/cluster.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "../postgres.js";

describePostgres("cluster coordination on PostgreSQL", () => {
  let database: TestDatabase;
  let pool: PostgresPool;
  let clock = 1_000_000;
  const member = (id: string) => new PostgresCluster(pool, id, () => clock);
  beforeAll(async () => {
    database = await createTestDatabase();
    pool = await openPostgres({ url: database.url, poolSize: 4 });
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it("a job's lease is held by one instance while it renews, taken over once it stops, and handed back at a clean stop", async () => {
    const [a, b] = [member("a"), member("b")];
    expect(await a.tryHold("reconciler", 10_000)).toBe(true);
    expect(await b.tryHold("reconciler", 10_000)).toBe(false);
    clock += 9_000;
    expect(await a.tryHold("reconciler", 10_000)).toBe(true); // renewed: alive holders are never replaced
    clock += 9_000;
    expect(await b.tryHold("reconciler", 10_000)).toBe(false);
    expect(await b.tryHold("session-sweeper", 10_000)).toBe(true); // leases are per job
    clock += 10_001; // a stopped renewing (it died): its lease runs out
    expect(await b.tryHold("reconciler", 10_000)).toBe(true);
    expect(await a.tryHold("reconciler", 10_000)).toBe(false);
    await b.leave();
    expect(await a.tryHold("reconciler", 10_000)).toBe(true);
    expect(await a.tryHold("session-sweeper", 10_000)).toBe(true);
  });

  it("counts the instances that beat within the live window, and forgets one that left", async () => {
    const [x, y, z] = [member("x"), member("y"), member("z")];
    clock += 100_000;
    expect(await x.heartbeat()).toBe(1);
    expect(await y.heartbeat()).toBe(2);
    expect(await z.heartbeat()).toBe(3);
    clock += 4_000;
    await y.heartbeat();
    await z.heartbeat();
    clock += 3_000; // x missed three beats
    expect(await y.heartbeat()).toBe(2);
    await z.leave();
    expect(await y.heartbeat()).toBe(1);
  });
});
