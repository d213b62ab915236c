/**
 * Claims batched on PostgreSQL (issue 32): while claim statements are in flight, the claims that come meanwhile go
 * together in one call of croupier_claim_batch. Real PostgreSQL, real HTTP for the cluster; the statements are counted
 * on the pool (every query of a pg.Pool passes through the count; nothing is answered in its place).
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { NewTransaction, RecordedOutcome } from "../../src/domain/ports/ledger.js";
import type { RunningServer } from "../../src/server.js";
import { CLAIMS_IN_FLIGHT } from "../../src/store/postgres/claim-batcher.js";
import { openPostgres, type PostgresPool } from "../../src/store/postgres/database.js";
import { ExpiredNonceSweep } from "../../src/store/postgres/nonce-store.js";
import { PostgresSessionStore } from "../../src/store/postgres/session-store.js";
import { PostgresTransactionStore } from "../../src/store/postgres/transaction-store.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "../postgres.js";
import { newBet, TEST_SESSION_TOKEN_HASH } from "../store-contract/fixtures.js";
import { betRequest, launchSession, postTransaction, startTestWallet, type TestWallet } from "../wallet-harness.js";
import { startInstances, stopAll } from "./cluster-support.js";

/** Each statement sent through any pool of this process, with its parameters, while counting. */
let sent: { sql: string; params: unknown[] }[] | undefined;
const query = pg.Pool.prototype.query;

function countStatements(): void {
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    sent?.push({ sql: typeof first === "string" ? first : first.text, params: (args[1] as unknown[] | undefined) ?? [] });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
}

/** The claim statements sent: each alone (1) or a batch (its number of claims). */
function claimStatements(): number[] {
  return (sent ?? []).flatMap(({ sql, params }) => {
    if (sql.includes("croupier_claim_batch")) return [(JSON.parse(params[0] as string) as unknown[]).length];
    return sql.includes("croupier_claim_v2") ? [1] : [];
  });
}

const PROVIDER_CALL = { by: "PROVIDER" as const, actor: null };
const OK: RecordedOutcome = {
  state: "OK",
  balance: 965,
  error: null,
  nextRetryAt: null,
  call: { httpStatus: 200, failure: null, response: '{"status":"OK","balance":965}' },
};

describePostgres("claims batched on PostgreSQL, one store", () => {
  let database: TestDatabase;
  let pool: PostgresPool;
  let ledger: PostgresTransactionStore;
  const tokenHash = TEST_SESSION_TOKEN_HASH;

  const claim = (t: NewTransaction, now = 1_000) =>
    ledger.claim({ kind: "provider", transaction: t, nonce: undefined }, now, now - 1_000, PROVIDER_CALL);
  const stored = async (t: NewTransaction) =>
    (
      await pool.query<{ attempts: number }>("SELECT attempts FROM transactions WHERE provider_id = $1 AND transaction_id = $2", [
        t.providerId,
        t.transactionId,
      ])
    ).rows;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = await openPostgres({ url: database.url, poolSize: 8 });
    ledger = new PostgresTransactionStore(pool, "batching", new ExpiredNonceSweep(pool));
    await new PostgresSessionStore(pool).insert({
      tokenHash,
      tokenSealed: `sealed:${tokenHash}`,
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
    countStatements();
  });
  afterAll(async () => {
    pg.Pool.prototype.query = query;
    await pool?.end();
    await database?.drop();
  });
  beforeEach(() => {
    sent = [];
  });

  it("sends a claim alone while fewer than the bound are in flight, and the claims of one turn beyond it in one batch, each answered its own", async () => {
    const bets = Array.from({ length: 10 }, (_, i) => newBet({ playerRef: `p-${i}-${randomUUID()}` }));
    const results = await Promise.all(bets.map((t) => claim(t)));
    expect(claimStatements()).toEqual([...Array<number>(CLAIMS_IN_FLIGHT).fill(1), bets.length - CLAIMS_IN_FLIGHT]);
    results.forEach((result, i) => {
      expect(result).toMatchObject({
        kind: "claimed",
        record: { transactionId: bets[i]!.transactionId, playerRef: bets[i]!.playerRef, attempts: 1 },
      });
    });
    for (const t of bets) expect(await stored(t)).toEqual([{ attempts: 1 }]);
  });

  it("at low load a claim goes alone and waits for nothing", async () => {
    for (let i = 0; i < 5; i++) expect((await claim(newBet())).kind).toBe("claimed");
    expect(claimStatements()).toEqual([1, 1, 1, 1, 1]);
  });

  it("answers one transaction twice in a batch as two claims one after the other: claimed, then in flight; another body is refused", async () => {
    const sequential = newBet();
    const alone = [await claim(sequential), await claim(sequential), await claim({ ...sequential, requestHash: "other" })].map((r) => r.kind);
    expect(alone).toEqual(["claimed", "in-flight", "different-body"]);

    sent = [];
    const fillers = Array.from({ length: CLAIMS_IN_FLIGHT }, () => newBet());
    const bet = newBet();
    const sameId = Array.from({ length: 3 }, (_, i) => newBet({ transactionId: `t-same-${i}-${randomUUID()}` }));
    // The duplicates around claims of other players, whose locks sort before and after theirs.
    const batch = [sameId[0]!, bet, sameId[1]!, bet, { ...bet, requestHash: "other" }, sameId[2]!];
    const results = await Promise.all([...fillers, ...batch].map((t) => claim(t)));
    expect(claimStatements()).toEqual([...Array<number>(CLAIMS_IN_FLIGHT).fill(1), batch.length]);
    const answers = results.slice(CLAIMS_IN_FLIGHT);
    expect(answers.map((r) => r.kind)).toEqual(["claimed", "claimed", "claimed", "in-flight", "different-body", "claimed"]);
    expect(answers[1]).toMatchObject({ kind: "claimed", record: { transactionId: bet.transactionId, attempts: 1 } });
    expect(answers[3]).toMatchObject({ kind: "in-flight", record: { transactionId: bet.transactionId, attempts: 1 } });
    expect(await stored(bet)).toEqual([{ attempts: 1 }]);
  });

  it("falls back to claiming each alone when one claim fails the batch: the others are claimed once, the bad one fails alone", async () => {
    const fillers = Array.from({ length: CLAIMS_IN_FLIGHT }, () => newBet());
    const good = Array.from({ length: 6 }, () => newBet());
    // No amount: the row's NOT NULL refuses it, inside the batch's transaction, after claims sorted before it.
    const bad = newBet({ amount: Number.NaN, playerRef: "p-zzz" });
    const batch = [good[0]!, good[1]!, good[2]!, bad, good[3]!, good[4]!, good[5]!];
    const results = await Promise.allSettled([...fillers, ...batch].map((t) => claim(t)));
    // The batch, then each of its claims alone (in any order).
    const statements = claimStatements();
    expect(statements.slice(0, CLAIMS_IN_FLIGHT + 1)).toEqual([...Array<number>(CLAIMS_IN_FLIGHT).fill(1), batch.length]);
    expect(statements.slice(CLAIMS_IN_FLIGHT + 1)).toEqual(Array<number>(batch.length).fill(1));
    const answers = results.slice(CLAIMS_IN_FLIGHT);
    answers.forEach((result, i) => {
      if (batch[i] === bad) {
        expect(result.status).toBe("rejected");
        expect((result as PromiseRejectedResult).reason).toMatchObject({ code: "23502" });
      } else {
        expect(result).toMatchObject({
          status: "fulfilled",
          value: { kind: "claimed", record: { transactionId: batch[i]!.transactionId, attempts: 1 } },
        });
      }
    });
    // Nothing of the failed batch stood: each good claim inserted its row once, on its own.
    for (const t of good) expect(await stored(t)).toEqual([{ attempts: 1 }]);
    expect(await stored(bad)).toEqual([]);
  });

  /**
   * A deadlock as a batch holding its claims' locks may cause: another transaction holds `t`'s round row, as a batch does
   * once one of its claims entered the round; once `write` waits for that row, the other asks for a lock `write` holds
   * (`then`), as a later claim of the batch would. The other's deadlock check comes well after, so PostgreSQL cancels
   * `write`, which must be sent again: what it answers once the other transaction ended is returned.
   */
  async function deadlockOnRound<T>(t: NewTransaction, write: () => Promise<T>, then: { sql: string; params: unknown[] }): Promise<T> {
    const other = new pg.Client({ connectionString: database.url });
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

  it("writes an outcome again that PostgreSQL cancelled to break a deadlock, as a batch holding its claims' locks may cause", async () => {
    const win = newBet({ type: "WIN", roundComplete: true });
    const claimed = await claim(win);
    if (claimed.kind !== "claimed") throw new Error(`not claimed: ${claimed.kind}`);
    // The outcome locks the transaction's row and waits for the round's; a later claim of the same transaction in the
    // batch waits for the outcome.
    const written = await deadlockOnRound(win, () => ledger.recordOutcome(claimed.record, OK, 2_000), {
      sql: "SELECT 1 FROM transactions WHERE provider_id = $1 AND transaction_id = $2 FOR UPDATE",
      params: [win.providerId, win.transactionId],
    });
    expect(written).toMatchObject({ transactionId: win.transactionId, state: "OK", attempts: 1 });
    expect((await pool.query("SELECT status FROM rounds WHERE provider_id = $1 AND round_id = $2", [win.providerId, win.roundId])).rows).toEqual([
      { status: "COMPLETED" },
    ]);
  });

  it("sends a claim alone again that PostgreSQL cancelled to break a deadlock, as a batch holding a player's and a round's locks may cause", async () => {
    const bet = newBet();
    expect((await claim(bet)).kind).toBe("claimed");
    const win = newBet({ type: "WIN", roundId: bet.roundId, roundComplete: true });
    // The WIN's claim takes its player's lock and waits for the round's; a later claim of the batch asks for that player.
    const claimed = await deadlockOnRound(win, () => claim(win, 2_000), {
      sql: "SELECT pg_advisory_xact_lock(hashtextextended($1 || chr(1) || $2, 0))",
      params: [win.operatorId, win.playerRef],
    });
    expect(claimed).toMatchObject({ kind: "claimed" });
    expect(await stored(win)).toEqual([{ attempts: 1 }]);
  });
});

describePostgres("claims batched on PostgreSQL, two instances on one database", () => {
  let database: TestDatabase;
  let wallet: TestWallet;
  let instances: RunningServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    wallet = await startTestWallet(1_000_000);
    instances = await startInstances(2, database.url, { wallet: wallet.url, allowPrivateCallbackAddresses: true }, "batch");
    countStatements();
  });
  afterAll(async () => {
    pg.Pool.prototype.query = query;
    sent = undefined;
    await stopAll(instances);
    await wallet?.close();
    await database?.drop();
  });

  it("each transaction sent to both instances at once, many at a time, moves money once and is answered the same by both", async () => {
    const players = Array.from({ length: 8 }, (_, i) => `p-batch-${i}-${randomUUID()}`);
    const tokens = await Promise.all(players.map((playerRef, i) => launchSession(instances[i % 2]!.url, { playerRef })));
    sent = [];
    const bets = players.flatMap((playerRef, i) => Array.from({ length: 6 }, () => betRequest(tokens[i]!, { playerRef, amount: 10 })));
    // Every BET to both instances in the same moment: 96 requests, each instance batching its claims of them.
    const replies = await Promise.all(bets.flatMap((bet) => instances.map((instance) => postTransaction(instance.url, bet))));
    const statements = claimStatements();
    expect(statements.some((size) => size > 1)).toBe(true);
    for (const reply of replies) expect([200, 409]).toContain(reply.status);
    // A 409 was in flight on the other instance: the provider's retry is answered from the ledger, by either.
    for (const bet of bets) {
      const again = await Promise.all(instances.map((instance) => postTransaction(instance.url, bet)));
      expect(again.map((r) => r.status)).toEqual([200, 200]);
      expect(again[0]!.json).toEqual(again[1]!.json);
      expect(again[0]!.json).toMatchObject({ status: "OK" });
      expect(wallet.applied.filter((t) => t.transactionId === bet.transactionId)).toHaveLength(1);
    }
    for (const playerRef of players) expect(wallet.balances.get(playerRef)).toBe(1_000_000 - 6 * 10);
  });
});
