import { afterAll, beforeAll, expect, it } from "vitest";
import type { RunningServer } from "../../src/server.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "../postgres.js";
import { startInstances, stopAll } from "./cluster-support.js";

describePostgres("/metrics on PostgreSQL reports the pool as the requests left it", () => {
  let database: TestDatabase;
  let instances: RunningServer[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    instances = await startInstances(1, database.url);
  });
  afterAll(async () => {
    await stopAll(instances);
    await database?.drop();
  });

  const poolUse = async () => {
    const text = await (await fetch(`${instances[0]!.url}/metrics`)).text();
    const read = (state: string) => Number(new RegExp(`^croupier_db_pool_connections\\{[^}]*state="${state}"[^}]*\\} (\\d+)$`, "m").exec(text)?.[1]);
    return { total: read("total"), idle: read("idle"), waiting: read("waiting") };
  };

  it("an idle instance's pool: nothing waiting, every open connection idle (the scrape's own ledger counts not included)", async () => {
    // A background job (heartbeat, sweeper) may hold a connection at the moment of one scrape; the scrape's own queries
    // would show in every one, so a few tries tell the two apart.
    const scrapes = [];
    for (let i = 0; i < 5; i++) {
      const use = await poolUse();
      scrapes.push(use);
      if (use.waiting === 0 && use.idle === use.total) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const last = scrapes.at(-1)!;
    expect(last.total, JSON.stringify(scrapes)).toBeGreaterThan(0);
    expect(last, JSON.stringify(scrapes)).toEqual({ total: last.total, idle: last.total, waiting: 0 });
  });
});
