/**
 * The round-level rules (decisions.md §5) between instances: two instances on one PostgreSQL database, the reconciler
 * running on whichever holds its lease, each round's completing WIN sent to the other while the reconciler decides.
 */
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { RunningServer } from "../../src/server.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "../postgres.js";
import { expectOneWinnerPerRound, playRacingRounds, ROUND_CLOSED } from "../round-race.js";
import { betRequest, eventually, launchSession, postTransaction, startTestWallet, type TestWallet } from "../wallet-harness.js";
import { startInstances, stopAll } from "./cluster-support.js";

describePostgres("round closing across two instances on one PostgreSQL database", () => {
  let database: TestDatabase;
  let wallet: TestWallet;
  let instances: RunningServer[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    wallet = await startTestWallet(10_000);
    instances = await startInstances(2, database.url, { wallet: wallet.url, reconciler: { staleRoundSeconds: 0.2, sweepIntervalSeconds: 0.05 } });
  });
  afterAll(async () => {
    await stopAll(instances);
    await wallet?.close();
    await database?.drop();
  });

  /** The instance that does not hold the reconciler's lease (the other one runs every sweep). */
  async function notReconciling(): Promise<RunningServer> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      let owner: string | undefined;
      await eventually(async () => {
        owner = (await client.query<{ owner: string }>("SELECT owner FROM job_leases WHERE job = 'round-reconciler'")).rows[0]?.owner;
        return owner !== undefined;
      });
      expect(["i-1", "i-2"]).toContain(owner);
      return owner === "i-1" ? instances[1]! : instances[0]!;
    } finally {
      await client.end();
    }
  }

  it("of a completing WIN sent to one instance and the reconciler on the other racing on each of 24 rounds, exactly one goes through", async () => {
    const other = await notReconciling();
    const rounds = await playRacingRounds(wallet, instances[0]!.url, 24, (win) => postTransaction(other.url, win));
    expectOneWinnerPerRound(wallet, rounds);
  });

  it("refuses a late WIN on either instance once the round is closed, with no wallet call", async () => {
    const token = await launchSession(instances[0]!.url, { playerRef: "p-late" });
    const bet = betRequest(token, { playerRef: "p-late", roundId: "round-late", amount: 100 });
    expect((await postTransaction(instances[0]!.url, bet)).status).toBe(200);
    await eventually(() => wallet.applied.some((t) => t.transactionId === `stale-rollback:${String(bet.transactionId)}`), 10_000, 50);
    const calls = wallet.transactionCalls().length;
    for (const instance of instances) {
      const win = betRequest(token, { playerRef: "p-late", roundId: "round-late", type: "WIN", amount: 500, roundComplete: true });
      const late = await postTransaction(instance.url, win);
      expect([late.status, late.json]).toEqual([400, ROUND_CLOSED]);
    }
    expect(wallet.transactionCalls()).toHaveLength(calls);
    expect(wallet.balances.get("p-late")).toBe(10_000);
  });
});
