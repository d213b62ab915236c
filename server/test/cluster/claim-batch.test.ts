/**
 * Claims batched on PostgreSQL (issue 32): while claim statements are in flight, the claims that come meanwhile go
 * together in one call of croupier_claim_batch. Real PostgreSQL, real HTTP for the cluster; the statements are counted
 * on the pool (every query of a pg.Pool passes through the count; nothing is answered in its place).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import type { NewTransaction } from "../../src/domain/ports/ledger.js";
import { CLAIMS_IN_FLIGHT } from "../../src/store/postgres/claim-batcher.js";
import type { PostgresPool } from "../../src/store/postgres/database.js";
import { ExpiredNonceSweep } from "../../src/store/postgres/nonce-store.js";
import { PostgresTransactionStore } from "../../src/store/postgres/transaction-store.js";
import { describePostgres } from "../postgres.js";
import { newBet } from "../store-contract/fixtures.js";
import {
  burstsUntilBatched,
  claimStatements,
  countAfresh,
  deadlockOnRound,
  OK,
  PROVIDER_CALL,
  playersAndBets,
  sentToBoth,
  withOneStore,
  withTwoInstances,
} from "./batch-support.js";

describePostgres("claims batched on PostgreSQL, one store", () => {
  const store = withOneStore();
  let pool: PostgresPool;
  let ledger: PostgresTransactionStore;

  const claim = (t: NewTransaction, now = 1_000) =>
    ledger.claim({ kind: "provider", transaction: t, nonce: undefined }, now, now - 1_000, PROVIDER_CALL);
  const stored = async (t: NewTransaction) =>
    (
      await pool.query<{ attempts: number }>("SELECT attempts FROM transactions WHERE provider_id = $1 AND transaction_id = $2", [
        t.providerId,
        t.transactionId,
      ])
    ).rows;

  beforeAll(() => ({ pool, ledger } = store()));

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

  it("with two instances live, sends a claim alone while its share of the bound is in flight, and the rest of the turn in one batch", async () => {
    // The heartbeat counted two instances on the database: each has half the cluster's claim statements in flight.
    const shared = new PostgresTransactionStore(pool, "batching", new ExpiredNonceSweep(pool), () => 2);
    const bets = Array.from({ length: 10 }, (_, i) => newBet({ playerRef: `p-${i}-${randomUUID()}` }));
    const results = await Promise.all(bets.map((t) => shared.claim({ kind: "provider", transaction: t, nonce: undefined }, 1_000, 0, PROVIDER_CALL)));
    expect(claimStatements()).toEqual([...Array<number>(CLAIMS_IN_FLIGHT / 2).fill(1), bets.length - CLAIMS_IN_FLIGHT / 2]);
    results.forEach((result, i) => expect(result).toMatchObject({ kind: "claimed", record: { transactionId: bets[i]!.transactionId, attempts: 1 } }));
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

    countAfresh();
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

  it("writes an outcome again that PostgreSQL cancelled to break a deadlock, as a batch holding its claims' locks may cause", async () => {
    const win = newBet({ type: "WIN", roundComplete: true });
    const claimed = await claim(win);
    if (claimed.kind !== "claimed") throw new Error(`not claimed: ${claimed.kind}`);
    // The outcome locks the transaction's row and waits for the round's; a later claim of the same transaction in the
    // batch waits for the outcome.
    const written = await deadlockOnRound(store().database.url, win, () => ledger.recordOutcome(claimed.record, OK, 2_000), {
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
    const claimed = await deadlockOnRound(store().database.url, win, () => claim(win, 2_000), {
      sql: "SELECT pg_advisory_xact_lock(hashtextextended($1 || chr(1) || $2, 0))",
      params: [win.operatorId, win.playerRef],
    });
    expect(claimed).toMatchObject({ kind: "claimed" });
    expect(await stored(win)).toEqual([{ attempts: 1 }]);
  });
});

describePostgres("claims batched on PostgreSQL, two instances on one database", () => {
  const cluster = withTwoInstances("batch");

  it("each transaction sent to both instances at once, many at a time, moves money once and is answered the same by both", async () => {
    const sizes = await burstsUntilBatched(async (burst) => {
      const { players, bets } = await playersAndBets(cluster().instances, `batch-${burst}`, 6);
      // 96 requests, each instance batching its claims of them.
      const claims = await sentToBoth(cluster(), bets, claimStatements);
      for (const playerRef of players) expect(cluster().wallet.balances.get(playerRef)).toBe(1_000_000 - 6 * 10);
      return claims;
    });
    expect(sizes.some((size) => size > 1)).toBe(true);
  });
});
