/**
 * Work a dead instance left is taken over once its lease runs out, never while it is alive: two instances on one
 * PostgreSQL database, the one holding the work a real process killed with SIGKILL, leases at their shortest (10 s).
 */
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { RunningServer } from "../../src/server.js";
import { OPERATOR, signedRequest, startScriptedPeer, tempDir, type ScriptedPeer } from "../harness.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "../postgres.js";
import {
  betRequest,
  eventually,
  launchSession,
  postTransaction,
  spawnService,
  startTestWallet,
  type ServiceProcess,
  type TestWallet,
} from "../wallet-harness.js";
import { clusterConfigJson, startInstances, stopAll } from "./cluster-support.js";

const LEASE_MS = 10_000;

describePostgres("take-over of a dead instance's work on PostgreSQL", () => {
  const dir = tempDir();
  let database: TestDatabase;
  let client: pg.Client;
  let wallet: TestWallet;
  /** The provider's free-spin webhook, which never answers a grant: its caller dies waiting. */
  let provider: ScriptedPeer;
  const processes: ServiceProcess[] = [];
  let instances: RunningServer[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    wallet = await startTestWallet(1_000_000);
    provider = await startScriptedPeer(() => undefined);
  });
  afterAll(async () => {
    for (const p of processes) await p.kill();
    await stopAll(instances);
    await client?.end();
    await wallet?.close();
    await provider?.close();
    await database?.drop();
    dir.remove();
  });
  const leaseOf = async (job: string) =>
    (await client.query<{ owner: string; expires_at: string }>("SELECT owner, expires_at FROM job_leases WHERE job = $1", [job])).rows[0];

  it(
    "a settlement-retry run longer than its lease stays on its live instance; once that one is killed, another takes it over when the lease runs out, not before",
    { timeout: 45_000 },
    async () => {
      const callbackTimeoutMs = 3_000;
      const overrides = {
        wallet: wallet.url,
        database: { leaseSeconds: LEASE_MS / 1000 },
        settlementRetry: { initialDelaySeconds: 0.2, maxDelaySeconds: 0.5, horizonSeconds: 3600 },
      };
      const json = clusterConfigJson(database.url, overrides) as { operators: { callbackTimeoutMs: number }[] };
      json.operators[0]!.callbackTimeoutMs = callbackTimeoutMs;
      const a = await spawnService(`${dir.path}/a.json`, json, { CROUPIER_INSTANCE_ID: "a" });
      processes.push(a);
      client = new pg.Client({ connectionString: database.url });
      await client.connect();

      // Five WINs the wallet never answers: each call (the provider's, then every resend) ends at the callback timeout,
      // so one run of the settlement retry over them lasts 15 s, longer than its lease.
      // Each call's arrival here, and the second a signed it in (its X-Timestamp): this process can be busy for seconds
      // on a loaded machine (b starts in it), which delays arrivals but not what a signed.
      const calls: { transactionId: string; at: number; signedAt: number }[] = [];
      wallet.fault = (tx) => {
        if (tx.type !== "WIN") return undefined;
        const signedAt = Number(wallet.requests.at(-1)!.headers["x-timestamp"]) * 1000;
        calls.push({ transactionId: tx.transactionId, at: Date.now(), signedAt });
        return "hold";
      };
      const token = await launchSession(a.url);
      const wins = [];
      for (let i = 0; i < 5; i++) {
        const bet = betRequest(token, { amount: 10 });
        expect((await postTransaction(a.url, bet)).status).toBe(200);
        wins.push(betRequest(token, { type: "WIN", roundId: bet.roundId, amount: 20 }));
      }
      await Promise.all(wins.map((win) => postTransaction(a.url, win)));
      const provided = calls.length;
      expect(provided).toBe(5);
      await eventually(() => calls.length > provided, 5_000);
      const runStarted = calls[provided]!.at;
      instances = await startInstances(1, database.url, overrides, "b");

      // For longer than the lease, the run stays on a: the lease never moves, and its resends never overlap (one run).
      while (Date.now() < runStarted + LEASE_MS + 2_000) {
        expect((await leaseOf("settlement-retry"))?.owner).toBe("a");
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const resends = calls.slice(provided);
      expect(resends.length).toBeGreaterThanOrEqual(4);
      // Overlapping runs would sign resends together; one run signs each a callback timeout after the one before. Signed
      // times are whole seconds, so 3 s apart reads as at least 2; arrival times are not used, since an arrival here was
      // seen 2.8 s late in a fresh-clone CI run.
      for (let i = 1; i < resends.length; i++) {
        expect(resends[i]!.signedAt - resends[i - 1]!.signedAt).toBeGreaterThanOrEqual(callbackTimeoutMs - 1_000);
      }

      const held = await leaseOf("settlement-retry");
      const expiresAt = Number(held!.expires_at);
      const killedAt = Date.now();
      await a.kill();
      // a renewed its lease during the run (every third of it): it runs out at least two thirds of a lease after the kill.
      expect(expiresAt).toBeGreaterThan(killedAt + (2 * LEASE_MS) / 3 - 500);
      const before = calls.length;
      await eventually(() => calls.length > before, LEASE_MS + 5_000, 50);
      // Not before the lease ran out (an arrival is never earlier than its send), and b signed it soon after.
      expect(calls[before]!.at).toBeGreaterThanOrEqual(expiresAt);
      expect(calls[before]!.signedAt).toBeLessThan(expiresAt + 3_000);
      expect((await leaseOf("settlement-retry"))?.owner).toBe("b-1");
      wallet.fault = undefined;
      wallet.releaseHeld();
    },
  );

  it("a grant a killed instance left pending is failed as interrupted once its lease runs out, not before", { timeout: 40_000 }, async () => {
    const GRANTS = "/v1/operator/free-spins/grants";
    const overrides = { webhook: provider.url, database: { leaseSeconds: LEASE_MS / 1000 } };
    const a = await spawnService(`${dir.path}/grant-a.json`, clusterConfigJson(database.url, overrides), { CROUPIER_INSTANCE_ID: "grant-a" });
    processes.push(a);
    const [b] = await startInstances(1, database.url, overrides, "grant-b");
    instances.push(b!);
    const body = { playerRef: "p-grant", gameId: "starfall", spins: 5, currency: "EUR", idempotencyKey: "left-pending" };
    const inFlight = signedRequest(a.url, OPERATOR, "POST", GRANTS, body).catch((error: unknown) => error);
    await eventually(() => provider.requests.length === 1, 5_000);
    const id = (JSON.parse(provider.requests[0]!.body) as { requestRef: string }).requestRef;
    await a.kill();
    expect(await inFlight).toBeInstanceOf(Error);
    const read = async () =>
      (await signedRequest(b!.url, OPERATOR, "GET", `${GRANTS}/${id}`)).json as { status: string; updatedAt: string; lastError?: string };
    const pending = await read();
    expect(pending.status).toBe("pending");
    const leaseEnds = Date.parse(pending.updatedAt) + LEASE_MS;
    // Until then a live instance could still be waiting for the provider: b (which looks every 2 s) leaves it pending.
    while (Date.now() < leaseEnds - 500) {
      expect((await read()).status).toBe("pending");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await eventually(async () => (await read()).status === "failed", 5_000, 100);
    const failed = await read();
    expect(failed.lastError).toMatch(/^interrupted/);
    expect(Date.parse(failed.updatedAt)).toBeGreaterThanOrEqual(leaseEnds);
    // Its key stays consumed: a repeat through b answers the failed grant, and the provider was called once.
    expect((await signedRequest(b!.url, OPERATOR, "POST", GRANTS, body)).json).toEqual(failed);
    expect(provider.requests).toHaveLength(1);
  });
});
