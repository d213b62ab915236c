/**
 * Cluster faults: an instance killed while it waits on the wallet, a rolling restart under load, and the database
 * going away in the middle of a request. Real service processes where one must die; in-process instances elsewhere.
 */
import { createProviderClient, type ProviderClient, type TransactionRequest } from "@croupier/sdk-provider";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { RunningServer } from "../../src/server.js";
import { PROVIDER, tempDir, testConfigJson } from "../harness.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "../postgres.js";
import { freePort, ServiceProcess } from "../reliability/support/service-process.js";
import { betRequest, eventually, launchSession, postTransaction, startTestWallet, type TestWallet } from "../wallet-harness.js";
import { startInstances, stopAll } from "./cluster-support.js";
import { DatabaseProxy } from "./db-proxy.js";
import { LoadBalancer } from "./load-balancer.js";

/** The test configuration on PostgreSQL, with op-acme's callback timeout (the claim's lease) set. */
function clusterConfig(url: string, wallet: TestWallet, port: number, leaseMs: number): Record<string, unknown> {
  const json = testConfigJson({ wallet: wallet.url, logLevel: "warn", server: { host: "127.0.0.1", port } }) as Record<string, any>;
  json.operators[0].callbackTimeoutMs = leaseMs;
  return { ...json, database: { url, poolSize: 4 } };
}

describePostgres("cluster faults", () => {
  const dir = tempDir();
  let database: TestDatabase;
  let wallet: TestWallet;
  const processes: ServiceProcess[] = [];
  let instances: RunningServer[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    wallet = await startTestWallet(1_000_000);
  });
  afterAll(async () => {
    for (const p of processes) await p.kill();
    await stopAll(instances);
    await wallet?.close();
    await database?.drop();
    dir.remove();
  });

  it(
    "when the instance calling the wallet dies, another answers 409 until the lease runs out, then resends the identical body once",
    { timeout: 60_000 },
    async () => {
      const leaseMs = 4_000;
      const port = await freePort();
      const owner = new ServiceProcess(`${dir.path}/owner.json`, clusterConfig(database.url, wallet, port, leaseMs), port);
      processes.push(owner);
      await owner.start();
      const ownerUrl = owner.url;
      instances = await startInstances(1, database.url, { wallet: wallet.url }, "survivor");
      const survivor = instances[0]!;
      const token = await launchSession(ownerUrl);
      const bet = betRequest(token);
      // The wallet applies the bet and never answers the owner: the owner is killed while it waits.
      wallet.fault = (tx) =>
        tx.transactionId === bet.transactionId && wallet.transactionCalls().filter((t) => t.transactionId === bet.transactionId).length === 1
          ? "apply-then-hold"
          : undefined;
      const lost = postTransaction(ownerUrl, bet).catch(() => undefined);
      await eventually(() => wallet.applied.some((t) => t.transactionId === bet.transactionId), 10_000);
      const killedAt = Date.now();
      await owner.kill();
      await lost;
      const early = await postTransaction(survivor.url, bet);
      if (Date.now() - killedAt < leaseMs - 500) expect(early.status).toBe(409);
      await eventually(async () => (await postTransaction(survivor.url, bet)).status === 200, 20_000, 500);
      const bodies = wallet.requests.filter((r) => r.method === "POST" && r.body.includes(bet.transactionId as string)).map((r) => r.body);
      expect(bodies).toHaveLength(2);
      expect(bodies[1]).toBe(bodies[0]);
      expect(wallet.applied.filter((t) => t.transactionId === bet.transactionId)).toHaveLength(1);
    },
  );

  it("a database that goes away mid-request gives the provider a 5xx, and its retry settles the transaction once", { timeout: 60_000 }, async () => {
    const target = new URL(database.url);
    const proxy = new DatabaseProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.open();
    const [instance] = await startInstances(1, proxy.url(database.url), { wallet: wallet.url }, "flaky");
    instances.push(instance!);
    try {
      const token = await launchSession(instance!.url);
      const bet = betRequest(token);
      // The database goes away while the wallet is applying the bet: the outcome cannot be written.
      wallet.fault = (tx) => {
        if (tx.transactionId === bet.transactionId && !wallet.applied.some((t) => t.transactionId === bet.transactionId)) void proxy.cut();
        return undefined;
      };
      const failed = await postTransaction(instance!.url, bet);
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(failed.json).toMatchObject({ error: "internal error" });
      expect((await fetch(`${instance!.url}/readyz`)).status).toBe(503);
      const meanwhile = await postTransaction(instance!.url, bet);
      expect(meanwhile.status).toBeGreaterThanOrEqual(500);
      await proxy.restore();
      await eventually(async () => (await postTransaction(instance!.url, bet)).status === 200, 20_000, 300);
      expect(wallet.applied.filter((t) => t.transactionId === bet.transactionId)).toHaveLength(1);
      expect((await fetch(`${instance!.url}/readyz`)).status).toBe(200);
    } finally {
      wallet.fault = undefined;
      await proxy.cut();
    }
  });

  it(
    "a rolling restart (SIGTERM each of three instances in turn) under load behind a /readyz-checking balancer: every SDK call settles, each once",
    { timeout: 180_000 },
    async () => {
      const ports = [await freePort(), await freePort(), await freePort()];
      const rolling = ports.map(
        (port, i) => new ServiceProcess(`${dir.path}/roll-${i}.json`, clusterConfig(database.url, wallet, port, 5_000), port),
      );
      processes.push(...rolling);
      const balancer = new LoadBalancer(
        rolling.map((p) => p.url),
        100,
        500,
      );
      // As docs/running.md says: the balancer's check interval times its failure threshold (1 here) plus its check timeout.
      process.env.CROUPIER_DRAIN_DELAY_MS = String(balancer.checkIntervalMs + balancer.checkTimeoutMs);
      await Promise.all(rolling.map((p) => p.start()));
      await balancer.open();
      // The SDK's documented defaults: 5 attempts, backoff from 100 ms to 5 s, on 0, 409, 429, 500, 502 and 504.
      const retried: string[] = [];
      const client: ProviderClient = createProviderClient({
        baseUrl: balancer.url,
        tenantId: PROVIDER.id,
        secret: PROVIDER.secret,
        retry: { onRetry: ({ attempt, error }) => void retried.push(`attempt ${attempt}: ${error.status} ${error.message}`) },
      });
      const tokens = await Promise.all(Array.from({ length: 6 }, (_, i) => launchSession(balancer.url, { playerRef: `roll-${i}` })));
      let running = true;
      const outcomes: { transactionId: string; status: string }[] = [];
      const failures: string[] = [];
      const player = async (token: string, i: number) => {
        while (running) {
          const tx = betRequest(token, { playerRef: `roll-${i}`, amount: 1 }) as unknown as TransactionRequest;
          const { data, error } = await client.transaction(tx);
          if (data) outcomes.push({ transactionId: tx.transactionId, status: data.status });
          else failures.push(`${tx.transactionId}: ${error.status} ${error.message}`);
        }
      };
      const load = Promise.all(tokens.map(player));
      try {
        for (const [index, instance] of rolling.entries()) {
          await sleep(700);
          await instance.stop();
          await instance.start();
          // As docs/running.md's rolling restart says: the next SIGTERM once this one is back in the balancer's rotation.
          await eventually(() => balancer.isReady(index), 10_000, 20);
        }
        await sleep(700);
      } finally {
        running = false;
        await load;
        await balancer.close();
        delete process.env.CROUPIER_DRAIN_DELAY_MS;
      }
      expect(failures, `retries: ${retried.join("; ")}`).toEqual([]);
      expect(outcomes.length).toBeGreaterThan(20);
      expect(outcomes.every((o) => o.status === "OK")).toBe(true);
      const applied = wallet.applied.filter((t) => t.playerRef.startsWith("roll-")).map((t) => t.transactionId);
      expect(new Set(applied).size).toBe(applied.length);
      expect(applied.sort()).toEqual(outcomes.map((o) => o.transactionId).sort());
    },
  );
});
