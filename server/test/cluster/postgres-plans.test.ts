/**
 * The money path's statements find their rows by index whatever the ledger's size and statistics (issue 32): the
 * buffers PostgreSQL touches per transaction, counted by pg_stat_database over real signed BETs and WINs, stay a
 * handful on a ledger of 120,000 settled transactions (each one's 'PENDING' index entry left dead, nothing vacuumed),
 * never analysed or with statistics that make 'PENDING' look rare, as on an empty one; neither the state index nor
 * the problems table (30,000 resolved problems) is scanned to settle a transaction. Connections that planned the claim
 * on an empty ledger still take the keys once the ledger has grown under them (database.ts, DISCARD PLANS once the
 * pool's uses double; a bulk fill does not bring back the plan the bench saw go stale, so postgres-database.test.ts
 * checks when a connection plans again).
 */
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describePostgres, type TestDatabase } from "../postgres.js";
import { betRequest, launchSession, postTransaction, startTestWallet, type TestWallet } from "../wallet-harness.js";
import { startInstances, stopAll } from "./cluster-support.js";

const SETTLED_LEDGER = 120_000;
/**
 * A claim, its round and nonce, and its outcome: 80 to 90 buffers on any ledger in this session's runs (the counts vary
 * by about 15 a run); the overview's counters (issue 30 item 1) add about 8 in their table and a few for their trigger,
 * 85 to 117 in all. A scan of the state index or the problems table adds hundreds.
 */
const MAX_BUFFERS_PER_TRANSACTION = 150;

/** `count` BETs and WINs of 700 other players of the test's provider and operator, ids prefixed `prefix-`, in `state`. */
async function fillLedger(client: pg.Client, prefix: string, count: number, state: "PENDING" | "OK"): Promise<void> {
  await client.query(
    `INSERT INTO transactions (provider_id, transaction_id, operator_id, player_ref, game_id, round_id, type, amount, currency,
       request_hash, callback_body, state, attempts, created_at, updated_at)
     SELECT 'prov-star', $1 || '-' || i, 'op-acme', $1 || '-p' || (i % 700), 'starfall', $1 || '-r' || (i / 2),
       CASE WHEN i % 2 = 0 THEN 'BET' ELSE 'WIN' END, 10, 'EUR', 'h', '{}', $3, 1, 1, 1
     FROM generate_series(1, $2::int) AS i`,
    [prefix, count, state],
  );
}

/**
 * The background jobs' leases held by nobody that runs: their passes would take connections and read the ledger at
 * moments of their own, and the database's counts must be the transactions'.
 */
async function holdBackgroundJobs(client: pg.Client): Promise<void> {
  await client.query(
    `INSERT INTO job_leases (job, owner, expires_at)
     SELECT job, 'held-by-the-test', 9000000000000000
     FROM unnest(ARRAY['round-reconciler', 'settlement-retry', 'expired-session-sweeper', 'delivery-log-sweeper']) AS job
     ON CONFLICT (job) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at`,
  );
}

/**
 * Waits until no other session is connected to `client`'s database: a backend reports its counts as it exits, before it
 * leaves pg_stat_activity (PostgreSQL flushes a backend's statistics in an earlier exit hook than the one that clears its
 * activity entry), so once the stopped instance's connections are gone, their counts are in.
 */
async function backendsGone(client: pg.Client): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await client.query("SELECT pg_stat_clear_snapshot()");
    const { rows } = await client.query<{ others: string }>(
      "SELECT count(*) AS others FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    if (Number(rows[0]!.others) === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.others} sessions still connected 30 s after the instance stopped`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describePostgres("PostgreSQL plans on the money path", () => {
  let database: TestDatabase;
  let wallet: TestWallet;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    wallet = await startTestWallet(1_000_000_000);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await wallet?.close();
    await database?.drop();
  });

  /** Buffers read or found cached so far, in all and per index of the ledger (backends report theirs when they exit). */
  async function buffersSoFar(): Promise<Map<string, number>> {
    // This session's own counts (the prefill's, above all) are flushed too, not a second later inside a measurement: a
    // session flushes a forced flush as it goes idle, before it answers the statement that asked for it.
    await client.query("SELECT pg_stat_force_next_flush()");
    await client.query("SELECT pg_stat_clear_snapshot()");
    const { rows } = await client.query<{ name: string; buffers: string }>(
      `SELECT 'all' AS name, blks_hit + blks_read AS buffers FROM pg_stat_database WHERE datname = current_database()
       UNION ALL SELECT indexrelname, idx_blks_hit + idx_blks_read FROM pg_statio_user_indexes WHERE relname = 'transactions'
       UNION ALL SELECT relname, heap_blks_hit + heap_blks_read + COALESCE(idx_blks_hit + idx_blks_read, 0)
         FROM pg_statio_user_tables WHERE relname IN ('problems', 'operator_minutes')`,
    );
    return new Map(rows.map((r) => [r.name, Number(r.buffers)]));
  }

  /** The buffers of `rounds` BET+WIN rounds through a fresh instance, its start and stop included. */
  async function playRounds(tag: string, rounds: number): Promise<Map<string, number>> {
    const before = await buffersSoFar();
    const [instance] = await startInstances(1, database.url, { wallet: wallet.url }, tag);
    const token = await launchSession(instance!.url, { playerRef: `plans-${tag}` });
    for (let n = 0; n < rounds; n++) {
      const roundId = `${tag}-r${n}`;
      const bet = await postTransaction(instance!.url, betRequest(token, { playerRef: `plans-${tag}`, roundId, amount: 10 }));
      const win = await postTransaction(
        instance!.url,
        betRequest(token, { playerRef: `plans-${tag}`, roundId, type: "WIN", amount: 5, roundComplete: true }),
      );
      expect([bet.status, win.status]).toEqual([200, 200]);
    }
    await stopAll([instance]);
    await backendsGone(client);
    const after = await buffersSoFar();
    return new Map([...after].map(([name, buffers]) => [name, buffers - (before.get(name) ?? 0)]));
  }

  /** Buffers per transaction (in all, and of the state index), from 2 × (long - short) transactions: a start's cancel out. */
  async function buffersPerTransaction(tag: string): Promise<{ all: number; stateIndex: number; problems: number; counters: number }> {
    // A start's first scans after a bulk write set hint bits (writes of their own): done before measuring.
    await playRounds(`${tag}-warm`, 1);
    const short = await playRounds(`${tag}-a`, 10);
    const long = await playRounds(`${tag}-b`, 60);
    const per = (name: string) => ((long.get(name) ?? 0) - (short.get(name) ?? 0)) / (2 * 50);
    return { all: per("all"), stateIndex: per("transactions_state"), problems: per("problems"), counters: per("operator_minutes") };
  }

  it("plans its connections made on an empty ledger again as the ledger grows", async () => {
    // One instance throughout: its connections plan the claim's statements on an empty ledger, which then grows under them.
    const own = await createTestDatabase();
    const ownClient = new pg.Client({ connectionString: own.url });
    await ownClient.connect();
    const [instance] = await startInstances(1, own.url, { wallet: wallet.url }, "grow");
    // Eight players at once, as on a busy instance: every connection of the pool plans under concurrent claims.
    const players = ["a", "b", "c", "d", "e", "f", "g", "h"].map((p) => `plans-grow-${p}`);
    const tokens = await Promise.all(players.map((playerRef) => launchSession(instance!.url, { playerRef })));
    const play = (tag: string, rounds: number) =>
      Promise.all(
        players.map(async (playerRef, i) => {
          for (let n = 0; n < rounds; n++) {
            const roundId = `${tag}-${playerRef}-r${n}`;
            const bet = await postTransaction(instance!.url, betRequest(tokens[i]!, { playerRef, roundId, amount: 10 }));
            const win = await postTransaction(
              instance!.url,
              betRequest(tokens[i]!, { playerRef, roundId, type: "WIN", amount: 5, roundComplete: true }),
            );
            expect([bet.status, win.status]).toEqual([200, 200]);
          }
        }),
      );
    const keyLookups = async () => {
      await ownClient.query("SELECT pg_stat_clear_snapshot()");
      const { rows } = await ownClient.query<{ buffers: string }>(
        `SELECT sum(idx_blks_hit + idx_blks_read) AS buffers FROM pg_statio_user_indexes
         WHERE indexrelname IN ('transactions_provider_created', 'transactions_operator_created', 'transactions_round')`,
      );
      return Number(rows[0]!.buffers);
    };
    try {
      await holdBackgroundJobs(ownClient);
      // Past PL/pgSQL's first five custom plans: from the sixth call a connection keeps one plan made now.
      await play("empty", 10);
      // The fill skips the counters' trigger for this session only: a DDL statement on the table would make every
      // connection plan again, which is what this test must see happen without one.
      await ownClient.query("SET session_replication_role = replica");
      await fillLedger(ownClient, "grow", 20_000, "OK");
      await ownClient.query("SET session_replication_role = DEFAULT");
      // Four times as many rounds as before the fill, so the pool's uses more than double after it: from then on each
      // connection plans again at its next use, however seldom the pool hands it out, long before its 500th. Then a
      // pause, so the next statement's end reports its counts.
      await play("grown", 40);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await play("flush", 1);
      const before = await keyLookups();
      await play("measured", 5);
      await stopAll([instance]);
      await backendsGone(ownClient);
      const perTransaction = ((await keyLookups()) - before) / (2 * 5 * players.length);
      console.log(
        `[plans] buffers of indexes by provider, operator or round per transaction, grown under open connections: ${perTransaction.toFixed(1)}`,
      );
      // Each transaction adds its entries to these indexes (a few buffers); a claim planned on the empty ledger reads the
      // 20,000 rows' entries of the provider or operator instead.
      expect(perTransaction).toBeLessThan(30);
    } finally {
      await stopAll([instance]);
      await ownClient.end();
      await own.drop();
    }
  }, 120_000);

  it("reads a handful of buffers per transaction on an empty ledger and on a large one with dead PENDING entries", async () => {
    await playRounds("migrate", 1); // The first start migrates the schema: not part of any measurement.
    await holdBackgroundJobs(client);
    const empty = await buffersPerTransaction("empty");

    // 40,000 transactions of other players, each written PENDING then settled (as the relay does), never vacuumed.
    await client.query("ALTER TABLE transactions SET (autovacuum_enabled = false)");
    // The fill is no operator's traffic: the overview's counters (a trigger per row) would only slow it down.
    await client.query("ALTER TABLE transactions DISABLE TRIGGER operator_minutes_counted");
    await fillLedger(client, "fill", SETTLED_LEDGER, "PENDING");
    await client.query("UPDATE transactions SET state = 'OK' WHERE transaction_id LIKE 'fill-%'");
    await client.query("ALTER TABLE transactions ENABLE TRIGGER operator_minutes_counted");
    await client.query(
      `INSERT INTO problems (operator_id, kind, provider_id, transaction_id, game_id, round_id, player_ref, created_at, resolved_at)
       SELECT 'op-acme', 'UNSETTLED_CREDIT', 'prov-star', 'fill-' || i, 'starfall', 'fill-r' || (i / 2), 'fill-p', 1, 2
       FROM generate_series(1, $1::int, 4) AS i`,
      [SETTLED_LEDGER],
    );
    // Never analysed (autovacuum off, as on a fresh server), then with statistics that say almost nothing is PENDING.
    const neverAnalysed = await buffersPerTransaction("large");
    await client.query("ANALYZE");
    const analysed = await buffersPerTransaction("analysed");

    const figure = (m: { all: number; stateIndex: number; problems: number; counters: number }) =>
      `${m.all.toFixed(1)} (state index ${m.stateIndex.toFixed(1)}, problems ${m.problems.toFixed(1)}, overview counters ${m.counters.toFixed(1)})`;
    console.log(
      `[plans] buffers per transaction: ${figure(empty)} on an empty ledger; with ${SETTLED_LEDGER} settled, ` +
        `${figure(neverAnalysed)} never analysed and ${figure(analysed)} analysed`,
    );
    for (const m of [empty, neverAnalysed, analysed]) {
      expect(m.all).toBeLessThan(MAX_BUFFERS_PER_TRANSACTION);
      // A transaction adds its entries to the state index (2 to 4 buffers); a plan that reads it walks about 100 here.
      expect(m.stateIndex).toBeLessThan(10);
      // The problems table is probed by index, and only by an outcome that can settle a problem (a retry, a rollback): 0
      // buffers here (6 to 10 while the outcome statement probed it on every call); a scan of its 30,000 resolved
      // problems reads hundreds.
      expect(m.problems).toBeLessThan(15);
      // The overview's counters (issue 30 item 1): one row per operator and minute updated per write, a few buffers
      // each; 8 to 23 per transaction in these runs (never vacuumed, the row's HOT chain grows until a page is pruned,
      // whenever that falls); 22.7 once on a loaded machine failed the bound of 20 this had.
      expect(m.counters).toBeLessThan(40);
    }
  }, 180_000);
});
