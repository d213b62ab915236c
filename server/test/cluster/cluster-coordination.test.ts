/**
 * The cluster's coordination on PostgreSQL: the heartbeat that counts live instances, and the job leases that let one
 * instance at a time run each background job, taken over only once a holder stopped renewing.
 */
import { pino } from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PeriodicJob } from "../../src/domain/jobs/periodic-job.js";
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
    // What the transaction store's batchers share their statements in flight by (stores.ts).
    expect(y.liveInstances).toBe(2);
    await z.leave();
    expect(await y.heartbeat()).toBe(1);
    expect(y.liveInstances).toBe(1);
  });

  /** A job of `items` steps of 50 ms each, under a lease of `ttlMs` on this database; it records the items it did. */
  class SteppingJob extends PeriodicJob<number> {
    readonly done: number[] = [];
    constructor(
      job: string,
      private readonly items: number,
      ttlMs: number,
    ) {
      super(job, 10, pino({ level: "silent" }));
      this.holdLeaseOn(new PostgresCluster(pool, "runner"), ttlMs);
    }
    protected async work(signal: AbortSignal): Promise<number> {
      for (let i = 0; i < this.items && !signal.aborted; i++) {
        this.done.push(i);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return this.done.length;
    }
  }
  const leaseRow = async (job: string) =>
    (await pool.query<{ owner: string; expires_at: string }>("SELECT owner, expires_at FROM job_leases WHERE job = $1", [job])).rows[0]!;
  const until = async (check: () => boolean) => {
    for (const deadline = Date.now() + 10_000; !check(); await new Promise((resolve) => setTimeout(resolve, 10)))
      if (Date.now() > deadline) throw new Error("condition not met in time");
  };

  it("a run longer than its lease renews it as it goes, so no one else may take it meanwhile", async () => {
    const job = new SteppingJob("long-run", 30, 600);
    job.start();
    await until(() => job.done.length === 1);
    const startedAt = Date.now();
    await until(() => job.done.length >= 30); // 1.5 s: two and a half leases
    await job.stop();
    expect(Date.now() - startedAt).toBeGreaterThan(1_200);
    const lease = await leaseRow("long-run");
    expect(lease.owner).toBe("runner");
    // Taken before the first item, the lease would have run out 600 ms later had the run not renewed it.
    expect(Number(lease.expires_at)).toBeGreaterThan(startedAt + 600);
    expect(await new PostgresCluster(pool, "another").tryHold("long-run", 600)).toBe(false);
  });

  it("a run whose lease another instance holds at a renewal takes on no further item", async () => {
    const job = new SteppingJob("fenced-run", 200, 600);
    job.start();
    await until(() => job.done.length === 1);
    // As if this instance had been given up for dead: another holds the lease now.
    await pool.query("UPDATE job_leases SET owner = 'another', expires_at = $1 WHERE job = 'fenced-run'", [Date.now() + 60_000]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await job.stop();
    // The next renewal (within a third of the lease, 200 ms) found it lost: at most that long of items, never all 200.
    expect(job.done.length).toBeLessThan(10);
    expect((await leaseRow("fenced-run")).owner).toBe("another");
  });
});
