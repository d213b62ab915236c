/**
 * PostgreSQL round trips on the money path (issue 20: at most two per transaction). The statements the adapters send
 * for sequential BETs and WINs through the real HTTP API of real instances are counted on the pool: every query of a
 * pg.Pool passes through the count (instrumentation; nothing is answered in its place). Background work is stopped
 * while counting, so every statement counted is a request's own.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { RunningServer } from "../../src/server.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "../postgres.js";
import { betRequest, launchSession, postTransaction, startTestWallet, type TestWallet } from "../wallet-harness.js";
import { startInstances, stopAll } from "./cluster-support.js";

/** Sequential BET+WIN pairs per count. */
const PAIRS = 50;

describePostgres("PostgreSQL round trips per money-path transaction", () => {
  let database: TestDatabase;
  let wallet: TestWallet;
  let instances: RunningServer[] = [];
  let statements: string[] | undefined;
  const query = pg.Pool.prototype.query;

  beforeAll(async () => {
    database = await createTestDatabase();
    wallet = await startTestWallet();
    instances = await startInstances(2, database.url, { wallet: wallet.url, allowPrivateCallbackAddresses: true }, "rt");
    for (const { services } of instances) {
      const jobs = [...services.clusterJobs, services.reconciler, services.settlementRetry, services.deliveryLogSweeper, services.sessionSweeper];
      await Promise.all(jobs.map((job) => job.stop()));
    }
    pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
      const first = args[0] as string | { text: string };
      statements?.push(typeof first === "string" ? first : first.text);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  });
  afterAll(async () => {
    pg.Pool.prototype.query = query;
    await stopAll(instances);
    await wallet?.close();
    await database?.drop();
  });

  /** The statements sent while `work` runs, less the expired-nonce sweep (at most one per 10 s, off the request's path). */
  async function counted(work: () => Promise<void>): Promise<string[]> {
    statements = [];
    try {
      await work();
      return statements.filter((sql) => !sql.startsWith("DELETE FROM nonces"));
    } finally {
      statements = undefined;
    }
  }

  /** Plays `pairs` rounds of a BET and a WIN through `instance`, each answered 200. */
  async function play(instance: RunningServer, token: string, playerRef: string, pairs: number): Promise<void> {
    for (let i = 0; i < pairs; i++) {
      const bet = betRequest(token, { playerRef });
      expect((await postTransaction(instance.url, bet)).status).toBe(200);
      const win = betRequest(token, { playerRef, type: "WIN", roundId: bet.roundId, amount: 50, roundComplete: true });
      expect((await postTransaction(instance.url, win)).status).toBe(200);
    }
  }

  it("reads the session once, then sends two statements per BET and per WIN: the claim (nonce, session, claim in one) and the outcome", async () => {
    const playerRef = `p-${randomUUID()}`;
    // Launched through another instance, as a load balancer may send it: the one playing reads the session once.
    const token = await launchSession(instances[1]!.url, { playerRef });
    const sent = await counted(() => play(instances[0]!, token, playerRef, PAIRS));
    expect(sent).toHaveLength(2 * 2 * PAIRS + 1);
    expect(sent.filter((sql) => sql.includes("FROM sessions WHERE token_hash"))).toHaveLength(1);
    expect(sent.filter((sql) => sql.includes("croupier_claim_v2"))).toHaveLength(2 * PAIRS);
    expect(sent.filter((sql) => sql.includes("croupier_record_outcome"))).toHaveLength(2 * PAIRS);
  });
});
