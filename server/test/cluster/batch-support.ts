/**
 * What the tests of batched claims and outcomes (claim-batch.test.ts, outcome-batch.test.ts) share: the statements sent
 * through every pool of this process, counted (each passes through; nothing is answered in its place), one store on a
 * database of its own, and the deadlock a batch holding its locks to its commit may cause.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { NewTransaction, RecordedOutcome } from "../../src/domain/ports/ledger.js";
import { openPostgres, type PostgresPool } from "../../src/store/postgres/database.js";
import { ExpiredNonceSweep } from "../../src/store/postgres/nonce-store.js";
import { PostgresSessionStore } from "../../src/store/postgres/session-store.js";
import { PostgresTransactionStore } from "../../src/store/postgres/transaction-store.js";
import type { RunningServer } from "../../src/server.js";
import { createTestDatabase, type TestDatabase } from "../postgres.js";
import { TEST_SESSION_TOKEN_HASH } from "../store-contract/fixtures.js";
import { betRequest, launchSession, postTransaction, startTestWallet, type TestWallet } from "../wallet-harness.js";
import { startInstances, stopAll } from "./cluster-support.js";

/** Each statement sent through any pool of this process, with its parameters, while counting. */
let sent: { sql: string; params: unknown[] }[] | undefined;
const query = pg.Pool.prototype.query;

/** Counts every statement sent through a pool from now on (from none: see {@link countAfresh}). */
export function countStatements(): void {
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    sent?.push({ sql: typeof first === "string" ? first : first.text, params: (args[1] as unknown[] | undefined) ?? [] });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
}

/** Forgets the statements counted so far. */
export function countAfresh(): void {
  sent = [];
}

/** Stops counting. */
export function stopCounting(): void {
  pg.Pool.prototype.query = query;
  sent = undefined;
}

/** The statements of one batched write sent: each alone (1) or a batch (its number of elements, its first parameter's). */
export function statementsOf(alone: string, together: string): number[] {
  return (sent ?? []).flatMap(({ sql, params }) => {
    if (sql.includes(`${together}(`)) return [(JSON.parse(params[0] as string) as unknown[]).length];
    return sql.includes(`${alone}(`) ? [1] : [];
  });
}

/** How many fresh bursts a two-instance test sends at most until one forms a batch (a loaded machine may form none in one). */
const BURSTS = 3;

/**
 * Sends `burst(n)` (a burst of fresh players' writes, answering the sizes of its statements) until one formed a batch, up
 * to {@link BURSTS} times, and answers every size seen.
 */
export async function burstsUntilBatched(burst: (n: number) => Promise<number[]>): Promise<number[]> {
  const sizes: number[] = [];
  for (let n = 0; n < BURSTS && !sizes.some((size) => size > 1); n++) sizes.push(...(await burst(n)));
  return sizes;
}

export const claimStatements = () => statementsOf("croupier_claim_v2", "croupier_claim_batch");
export const outcomeStatements = () => statementsOf("croupier_record_outcome", "croupier_record_outcome_batch");

export const PROVIDER_CALL = { by: "PROVIDER" as const, actor: null };
export const OK: RecordedOutcome = {
  state: "OK",
  balance: 965,
  error: null,
  nextRetryAt: null,
  call: { httpStatus: 200, failure: null, response: '{"status":"OK","balance":965}' },
};

/** One PostgreSQL transaction store on a database of its own, with the session its claims come with. */
export interface OneStore {
  database: TestDatabase;
  pool: PostgresPool;
  ledger: PostgresTransactionStore;
  close(): Promise<void>;
}

export async function openOneStore(): Promise<OneStore> {
  const database = await createTestDatabase();
  const pool = await openPostgres({ url: database.url, poolSize: 8 });
  const ledger = new PostgresTransactionStore(pool, "batching", new ExpiredNonceSweep(pool));
  await new PostgresSessionStore(pool).insert({
    tokenHash: TEST_SESSION_TOKEN_HASH,
    tokenSealed: `sealed:${TEST_SESSION_TOKEN_HASH}`,
    operatorId: "op",
    providerId: "prov",
    playerRef: "p",
    gameId: "g",
    currency: "EUR",
    language: null,
    demo: false,
    createdAt: 1,
    expiresAt: Number.MAX_SAFE_INTEGER,
  });
  return {
    database,
    pool,
    ledger,
    close: async () => {
      await pool.end();
      await database.drop();
    },
  };
}

/** Two instances on one database of their own, with a test wallet whose players start with 1,000,000. */
export interface TwoInstances {
  wallet: TestWallet;
  instances: RunningServer[];
  close(): Promise<void>;
}

export async function startTwoInstances(tag: string): Promise<TwoInstances> {
  const database = await createTestDatabase();
  const wallet = await startTestWallet(1_000_000);
  const instances = await startInstances(2, database.url, { wallet: wallet.url, allowPrivateCallbackAddresses: true }, tag);
  return {
    wallet,
    instances,
    close: async () => {
      await stopAll(instances);
      await wallet.close();
      await database.drop();
    },
  };
}

/**
 * One store for the tests of the calling describe: opened before them, closed after, and the statements counted afresh
 * for each test. Answers a getter of the store, valid once the describe's tests run.
 */
export function withOneStore(): () => OneStore {
  let store: OneStore | undefined;
  beforeAll(async () => {
    store = await openOneStore();
    countStatements();
  });
  afterAll(async () => {
    stopCounting();
    await store?.close();
  });
  beforeEach(countAfresh);
  return () => store!;
}

/** Two instances for the tests of the calling describe, as {@link withOneStore} gives one store. */
export function withTwoInstances(tag: string): () => TwoInstances {
  let cluster: TwoInstances | undefined;
  beforeAll(async () => {
    cluster = await startTwoInstances(tag);
    countStatements();
  });
  afterAll(async () => {
    stopCounting();
    await cluster?.close();
  });
  return () => cluster!;
}

/** Players with a session each, launched at the two instances in turn, and `perPlayer` new BETs of 10 for each player. */
export async function playersAndBets(
  instances: RunningServer[],
  tag: string,
  perPlayer: number,
): Promise<{ players: string[]; bets: Record<string, unknown>[] }> {
  const players = Array.from({ length: 8 }, (_, i) => `p-${tag}-${i}-${randomUUID()}`);
  const tokens = await Promise.all(players.map((playerRef, i) => launchSession(instances[i % 2]!.url, { playerRef })));
  const bets = players.flatMap((playerRef, i) => Array.from({ length: perPlayer }, () => betRequest(tokens[i]!, { playerRef, amount: 10 })));
  return { players, bets };
}

/**
 * Each transaction sent to both instances in the same moment (each instance batching its writes of them), then again to
 * both: every retry is answered 200 OK alike from the ledger, every first answer was that 200 or a 409 (in flight on the
 * other instance), and the wallet applied each once. Answers the sizes of the statements `counted` saw of the first sends.
 */
export async function sentToBoth(cluster: TwoInstances, transactions: Record<string, unknown>[], counted: () => number[]): Promise<number[]> {
  const { wallet, instances } = cluster;
  countAfresh();
  const replies = await Promise.all(transactions.flatMap((t) => instances.map((instance) => postTransaction(instance.url, t))));
  const sizes = counted();
  for (const [i, t] of transactions.entries()) {
    const again = await Promise.all(instances.map((instance) => postTransaction(instance.url, t)));
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    expect(again[0]!.json).toEqual(again[1]!.json);
    expect(again[0]!.json).toMatchObject({ status: "OK" });
    for (const reply of replies.slice(2 * i, 2 * i + 2)) {
      expect([200, 409]).toContain(reply.status);
      if (reply.status === 200) expect(reply.json).toEqual(again[0]!.json);
    }
    expect(wallet.applied.filter((a) => a.transactionId === t.transactionId)).toHaveLength(1);
  }
  return sizes;
}

/**
 * A deadlock as a batch holding its locks to its commit may cause: another transaction holds `t`'s round row, as a batch
 * does once one of its claims entered the round; once `write` waits for that row, the other asks for a lock `write` holds
 * (`then`), as a later element of the batch would. The other's deadlock check comes well after, so PostgreSQL cancels
 * `write`, which must be sent again: what it answers once the other transaction ended is returned.
 */
export async function deadlockOnRound<T>(
  url: string,
  t: NewTransaction,
  write: () => Promise<T>,
  then: { sql: string; params: unknown[] },
): Promise<T> {
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  try {
    await other.query("SET deadlock_timeout = '10s'");
    await other.query("BEGIN");
    await other.query("SELECT 1 FROM rounds WHERE provider_id = $1 AND round_id = $2 FOR UPDATE", [t.providerId, t.roundId]);
    const written = write();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await other.query(then.sql, then.params);
    await other.query("ROLLBACK");
    return await written;
  } finally {
    await other.end();
  }
}
