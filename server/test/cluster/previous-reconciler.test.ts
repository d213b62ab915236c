/**
 * The rolling upgrade's one sweep of the previous release's reconciler (6c87ee3, `UPGRADE_FROM` of the upgrade test)
 * still under way when this release migrated the database (issue 28): that sweep reads a round, asks the balance, then
 * claims each rollback through croupier_claim and closes the round after. Its SQL calls are made here as that release
 * makes them, racing the round's completing WIN sent to this release over HTTP, and claimed before the migration.
 */
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { callEnd } from "../../src/store/delivery-log.js";
import { RECONCILER_SESSION_TOKEN, staleRollbackId } from "../../src/domain/money/relay-order.js";
import { callbackBody, requestFingerprint, type RelayableRequest } from "../../src/domain/money/transaction-request.js";
import { AesGcmSecretBox, tokenDigest } from "../../src/domain/secret-box.js";
import type { RunningServer } from "../../src/server.js";
import { OPERATOR, PROVIDER, signedRequest, testSecretKey } from "../harness.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "../postgres.js";
import { ROUND_CLOSED } from "../round-race.js";
import { betRequest, eventually, launchSession, postTransaction, startTestWallet, type TestWallet } from "../wallet-harness.js";
import { startInstances, stopAll } from "./cluster-support.js";

const ROUNDS = 40;
/** The operators' callbackTimeoutMs in the test configuration: the previous release's claim lease. */
const CALLBACK_TIMEOUT_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface BetRow {
  provider_id: string;
  transaction_id: string;
  operator_id: string;
  player_ref: string;
  game_id: string;
  round_id: string;
  type: string;
  amount: string;
  currency: string;
  round_complete: boolean;
  state: string;
  attempts: number;
}

/** What the previous release's sweep did with one round. */
type OldSweep = "skipped" | "refused" | "refunded";

describePostgres("the previous release's reconciler sweep racing this release's WINs during a rolling upgrade", () => {
  let database: TestDatabase;
  let wallet: TestWallet;
  let instances: RunningServer[] = [];
  /** The previous release's pool. */
  let client: pg.Pool;
  const box = new AesGcmSecretBox(testSecretKey());

  beforeAll(async () => {
    database = await createTestDatabase();
    wallet = await startTestWallet(10_000);
    // This release's reconciler closes no round here (none goes stale); it finishes those the old sweep left CLOSING.
    instances = await startInstances(1, database.url, { wallet: wallet.url, reconciler: { staleRoundSeconds: 3600, sweepIntervalSeconds: 0.1 } });
    client = new pg.Pool({ connectionString: database.url, max: 8 });
  });
  afterAll(async () => {
    await client?.end();
    await stopAll(instances);
    await wallet?.close();
    await database?.drop();
  });

  /** The synthetic rollback 6c87ee3's relay makes of a bet (relay-order.ts there): its record and the body it sends. */
  function rollbackOf(bet: BetRow): { transaction: Record<string, unknown>; body: string } {
    const request: RelayableRequest = {
      transactionId: staleRollbackId(bet.transaction_id),
      sessionToken: RECONCILER_SESSION_TOKEN,
      type: "ROLLBACK",
      roundId: bet.round_id,
      originalTransactionId: bet.transaction_id,
      playerRef: bet.player_ref,
      amount: Number(bet.amount),
      currency: bet.currency,
      gameId: bet.game_id,
    };
    const body = callbackBody(request);
    const transaction = {
      providerId: bet.provider_id,
      transactionId: request.transactionId,
      operatorId: bet.operator_id,
      playerRef: bet.player_ref,
      gameId: bet.game_id,
      roundId: bet.round_id,
      type: "ROLLBACK",
      amount: request.amount,
      currency: request.currency,
      originalTransactionId: bet.transaction_id,
      roundComplete: false,
      requestHash: requestFingerprint(request),
      sessionTokenHash: tokenDigest(RECONCILER_SESSION_TOKEN),
      callbackBody: box.seal(body),
    };
    return { transaction, body };
  }

  /** The claim's arguments as 6c87ee3's PostgresTransactionStore.claim passes them, touch false (the reconciler's). */
  function claimArguments(transaction: Record<string, unknown>): unknown[] {
    const now = Date.now();
    return [
      JSON.stringify(transaction),
      now,
      now - CALLBACK_TIMEOUT_MS,
      false,
      JSON.stringify({ by: "RECONCILER", actor: null, at: now }),
      "previous-release",
    ];
  }

  /** The rollback sent to the wallet and its outcome written, as 6c87ee3's relay and recordOutcome do once claimed. */
  async function deliver(transaction: Record<string, unknown>, body: string, attempts: number): Promise<void> {
    const sent = await signedRequest(wallet.url, OPERATOR, "POST", "/v1/wallet/transaction", undefined, { rawBody: body });
    const { balance } = sent.json as { balance: number };
    const end = Date.now();
    await client.query(
      `UPDATE transactions SET state = $3, response_balance = $4, last_error = $5, next_retry_at = $6, updated_at = $7,
         delivery_log = CASE WHEN (delivery_log -> -1 ->> 'n')::int = $8 THEN jsonb_set(delivery_log, '{-1}', (delivery_log -> -1) || $9::jsonb)
           ELSE delivery_log END
       WHERE provider_id = $1 AND transaction_id = $2 AND state = 'PENDING' AND attempts = $8`,
      [
        transaction.providerId,
        transaction.transactionId,
        "OK",
        balance,
        null,
        null,
        end,
        attempts,
        callEnd({ httpStatus: 200, failure: null, response: sent.text }, "OK", end),
      ],
    );
  }

  const roundTransactions = (roundId: string) =>
    client.query<BetRow>(
      "SELECT * FROM transactions WHERE operator_id = $1 AND game_id = $2 AND round_id = $3 AND provider_id = $4 ORDER BY created_at, seq",
      [OPERATOR.id, "starfall", roundId, PROVIDER.id],
    );

  /**
   * 6c87ee3's StaleRoundReconciler on one stale round, with its PostgresTransactionStore's statements: the round's
   * transactions read, the balance call (a random wait), each bet's rollback claimed by croupier_claim, sent, its
   * outcome written, then the conditional close. An error from the claim ends that release's sweep.
   */
  async function oldSweep(round: { roundId: string; lastActivityAt: number }): Promise<OldSweep> {
    const { rows } = await roundTransactions(round.roundId);
    if (rows.some((t) => t.type === "WIN" && t.round_complete)) return "skipped";
    await sleep(Math.random() * 300);
    for (const bet of rows.filter((t) => t.type === "BET" && t.state === "OK")) {
      const { transaction, body } = rollbackOf(bet);
      let claim: { kind: string; row?: { attempts: number } };
      try {
        const claimed = await client.query<{ result: typeof claim }>(
          "SELECT croupier_claim($1, $2, $3, $4, $5, $6) AS result",
          claimArguments(transaction),
        );
        claim = claimed.rows[0]!.result;
      } catch (error) {
        if ((error as { code?: string }).code === "CRP02") return "refused";
        throw error;
      }
      expect(claim.kind).toBe("claimed");
      await deliver(transaction, body, claim.row!.attempts);
    }
    await client.query(
      `UPDATE rounds SET status = 'CLOSED'
       WHERE provider_id = $1 AND operator_id = $2 AND game_id = $3 AND round_id = $4 AND status = 'OPEN' AND last_activity_at = $5`,
      [PROVIDER.id, OPERATOR.id, "starfall", round.roundId, round.lastActivityAt],
    );
    return "refunded";
  }

  it(`of a completing WIN and the old sweep racing on each of ${ROUNDS} rounds, exactly one goes through`, async () => {
    const url = instances[0]!.url;
    const rounds: { playerRef: string; bet: Record<string, unknown>; win: Record<string, unknown> }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const playerRef = `p-old-sweep-${i}`;
      const token = await launchSession(url, { playerRef });
      const roundId = `round-old-sweep-${i}`;
      const bet = betRequest(token, { playerRef, roundId, amount: 100 });
      expect((await postTransaction(url, bet)).status).toBe(200);
      rounds.push({ playerRef, bet, win: betRequest(token, { playerRef, roundId, type: "WIN", amount: 250, roundComplete: true }) });
    }
    const staleRounds = await client.query<{ roundId: string; lastActivityAt: string }>(
      `SELECT round_id AS "roundId", last_activity_at AS "lastActivityAt" FROM rounds WHERE status = 'OPEN' ORDER BY round_id`,
    );
    expect(staleRounds.rows).toHaveLength(ROUNDS);
    const activity = new Map(staleRounds.rows.map((r) => [r.roundId, Number(r.lastActivityAt)]));

    const outcomes = await Promise.all(
      rounds.map(async ({ bet, win }) => {
        const roundId = String(bet.roundId);
        const round = { roundId, lastActivityAt: activity.get(roundId)! };
        const [sweep, answer] = await Promise.all([oldSweep(round), sleep(Math.random() * 100).then(() => postTransaction(url, win))]);
        return { sweep, answer };
      }),
    );

    const applied = (id: unknown) => wallet.applied.some((t) => t.transactionId === id);
    let won = 0;
    for (const [i, { bet, win, playerRef }] of rounds.entries()) {
      const { sweep, answer } = outcomes[i]!;
      const credited = applied(win.transactionId);
      const reversed = applied(staleRollbackId(String(bet.transactionId)));
      expect({ playerRef, credited, reversed }).toEqual({ playerRef, credited: !reversed, reversed: !credited });
      if (answer.status === 200) expect({ playerRef, credited }).toEqual({ playerRef, credited: true });
      else expect({ playerRef, answer: answer.json }).toEqual({ playerRef, answer: ROUND_CLOSED });
      expect({ playerRef, sweep }).toEqual({ playerRef, sweep: credited ? expect.stringMatching(/^(skipped|refused)$/) : "refunded" });
      expect(wallet.balances.get(playerRef)).toBe(credited ? 10_150 : 10_000);
      if (credited) won += 1;
    }
    // The race ran on both sides: some rounds the old sweep reversed, some WINs claimed between its read and its claim.
    expect(won).toBeLessThan(ROUNDS);
    expect(outcomes.filter((o) => o.sweep === "refused").length).toBeGreaterThan(0);

    // The old sweep's close found its rounds CLOSING, not OPEN; this release's reconciler finishes them.
    const status = await roundsOnceNoneClosing();
    for (const { bet, win } of rounds)
      expect({ round: bet.roundId, status: status.get(String(bet.roundId)) }).toEqual({
        round: bet.roundId,
        status: applied(win.transactionId) ? "COMPLETED" : "CLOSED",
      });
  });

  it("a rollback the old sweep claimed before the migration closes its round at the upgrade: a completing WIN after is refused", async () => {
    const url = instances[0]!.url;
    const played: { playerRef: string; roundId: string; token: string; bet: Record<string, unknown> }[] = [];
    for (let i = 0; i < 5; i++) {
      const playerRef = `p-pre-upgrade-${i}`;
      const token = await launchSession(url, { playerRef });
      const roundId = `round-pre-upgrade-${i}`;
      const bet = betRequest(token, { playerRef, roundId, amount: 100 });
      expect((await postTransaction(url, bet)).status).toBe(200);
      played.push({ playerRef, roundId, token, bet });
    }
    // The old sweep claims each round's rollback before the upgrade (croupier_claim was then croupier_claim_v2's
    // platform claim, schema 6) and is still sending it when an upgraded instance starts and migrates.
    const claimed: { transaction: Record<string, unknown>; body: string; attempts: number }[] = [];
    for (const { roundId } of played) {
      const bet = (await roundTransactions(roundId)).rows[0]!;
      const { transaction, body } = rollbackOf(bet);
      const [t, now, staleBefore, , call, owner] = claimArguments(transaction);
      const { rows } = await client.query<{ result: { kind: string; row: { attempts: number } } }>(
        "SELECT croupier_claim_v2(jsonb_build_object('kind', 'platform', 'transaction', $1::jsonb), $2, $3, $4, $5) AS result",
        [t, now, staleBefore, call, owner],
      );
      expect(rows[0]!.result.kind).toBe("claimed");
      claimed.push({ transaction, body, attempts: rows[0]!.result.row.attempts });
    }
    await client.query("DELETE FROM schema_expansions WHERE version = 14");
    const upgraded = await startInstances(
      1,
      database.url,
      { wallet: wallet.url, reconciler: { staleRoundSeconds: 3600, sweepIntervalSeconds: 0.1 } },
      "upgraded",
    );
    instances.push(...upgraded);

    for (const { playerRef, roundId, token } of played) {
      const win = betRequest(token, { playerRef, roundId, type: "WIN", amount: 250, roundComplete: true });
      const answer = await postTransaction(upgraded[0]!.url, win);
      expect({ playerRef, answer: [answer.status, answer.json] }).toEqual({ playerRef, answer: [400, ROUND_CLOSED] });
    }
    for (const { transaction, body, attempts } of claimed) await deliver(transaction, body, attempts);
    for (const { playerRef, bet } of played) {
      expect(wallet.applied.filter((t) => t.playerRef === playerRef).map((t) => t.transactionId)).toEqual([
        bet.transactionId,
        staleRollbackId(String(bet.transactionId)),
      ]);
      expect(wallet.balances.get(playerRef)).toBe(10_000);
    }
    const status = await roundsOnceNoneClosing();
    for (const { roundId } of played) expect({ roundId, status: status.get(roundId) }).toEqual({ roundId, status: "CLOSED" });
  });

  /** Every round's status once this release's reconciler finished the rounds left closing. */
  async function roundsOnceNoneClosing(): Promise<Map<string, string>> {
    await eventually(
      async () => {
        const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM rounds WHERE status = 'CLOSING'");
        return rows[0]!.n === "0";
      },
      10_000,
      50,
    );
    const { rows } = await client.query<{ round_id: string; status: string }>("SELECT round_id, status FROM rounds");
    return new Map(rows.map((r) => [r.round_id, r.status]));
  }
});
