import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWallet, type RunningWallet } from "../src/index.js";
import { getJson, signedWalletClient, transactionBody } from "./signed-wallet-client.js";

const identity = { tenantId: "op-acme", secret: "acme-secret" };
let wallet: RunningWallet;
let client: ReturnType<typeof signedWalletClient>;

beforeAll(async () => {
  wallet = await startWallet({ ...identity, startingBalance: 1_000 });
  client = signedWalletClient(wallet.url, identity);
});
afterAll(() => wallet.close());

const balanceOf = async (playerRef: string) => (await client.balance(playerRef)).json() as { balance: number };

describe("idempotency per (playerRef, transactionId)", () => {
  it("replays the cached answer byte for byte and applies the BET once", async () => {
    const before = wallet.stats.snapshot();
    const body = JSON.stringify(transactionBody({ type: "BET", playerRef: "p-replay", amount: 400 }));
    const first = await client.transaction(body);
    // Money moved elsewhere in between: a replay must still answer the balance of the first answer.
    await client.transaction(transactionBody({ type: "WIN", playerRef: "p-replay", amount: 5 }));
    const second = await client.transaction(body);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(first.json()).toEqual({ status: "OK", balance: 600 });
    expect(await balanceOf("p-replay")).toEqual({ balance: 605 });
    const after = wallet.stats.snapshot();
    expect(after.applied.BET - before.applied.BET).toBe(1);
    expect(after.replayed - before.replayed).toBe(1);
  });

  it("replays a DECLINED BET as declined even once the funds would suffice", async () => {
    const bet = transactionBody({ type: "BET", playerRef: "p-declined", amount: 1_500 });
    const first = await client.transaction(bet);
    expect(first.json()).toEqual({ status: "DECLINED", balance: 1_000 });
    await client.transaction(transactionBody({ type: "WIN", playerRef: "p-declined", amount: 1_000 }));
    const again = await client.transaction(bet);
    expect(again.text).toBe(first.text);
    expect(await balanceOf("p-declined")).toEqual({ balance: 2_000 });
  });

  it("applies concurrent duplicates exactly once", async () => {
    const before = wallet.stats.snapshot().applied.BET;
    const body = JSON.stringify(transactionBody({ type: "BET", playerRef: "p-burst", amount: 100 }));
    const replies = await Promise.all(Array.from({ length: 8 }, () => client.transaction(body)));
    expect(new Set(replies.map((reply) => reply.text))).toEqual(new Set([JSON.stringify({ status: "OK", balance: 900 })]));
    expect(wallet.stats.snapshot().applied.BET - before).toBe(1);
    expect(await balanceOf("p-burst")).toEqual({ balance: 900 });
  });

  it("keys the cache per player: the same transactionId for another player is a new transaction", async () => {
    const transactionId = "shared-transaction-id";
    await client.transaction(transactionBody({ type: "BET", transactionId, playerRef: "p-a", amount: 10 }));
    await client.transaction(transactionBody({ type: "BET", transactionId, playerRef: "p-b", amount: 20 }));
    expect(await balanceOf("p-a")).toEqual({ balance: 990 });
    expect(await balanceOf("p-b")).toEqual({ balance: 980 });
  });
});

describe("atomic apply-and-cache", () => {
  it("rolls the balance move back when recording the answer fails, so a retry applies it exactly once", async () => {
    // A trigger makes the ledger insert (which comes after the balance update) fail, like a crash mid-way.
    wallet.db.exec(`CREATE TEMP TRIGGER fail_once BEFORE INSERT ON transactions WHEN NEW.transaction_id = 'tx-crash'
      BEGIN SELECT RAISE(ABORT, 'simulated crash'); END;`);
    const body = JSON.stringify(transactionBody({ type: "BET", transactionId: "tx-crash", playerRef: "p-crash", amount: 100 }));
    try {
      const failed = await client.transaction(body);
      expect(failed.status).toBe(500);
      expect(await balanceOf("p-crash")).toEqual({ balance: 1_000 });
    } finally {
      wallet.db.exec("DROP TRIGGER fail_once");
    }
    expect((await client.transaction(body)).json()).toEqual({ status: "OK", balance: 900 });
    expect((await client.transaction(body)).json()).toEqual({ status: "OK", balance: 900 });
    expect(await balanceOf("p-crash")).toEqual({ balance: 900 });
  });
});

describe("rollbacks", () => {
  it("refunds the stored amount of the BET, whatever amount the rollback carries", async () => {
    const bet = transactionBody({ type: "BET", playerRef: "p-rb", amount: 250 });
    await client.transaction(bet);
    const rollback = await client.transaction(
      transactionBody({ type: "ROLLBACK", playerRef: "p-rb", amount: 999, originalTransactionId: bet.transactionId }),
    );
    expect(rollback.json()).toEqual({ status: "OK", balance: 1_000 });
  });

  it("answers OK and moves nothing for an unknown bet, and declines that bet if it arrives late", async () => {
    const lateBet = transactionBody({ type: "BET", playerRef: "p-unknown", amount: 300 });
    const rollback = await client.transaction(
      transactionBody({ type: "ROLLBACK", playerRef: "p-unknown", amount: 300, originalTransactionId: lateBet.transactionId }),
    );
    expect(rollback.json()).toEqual({ status: "OK", balance: 1_000 });
    expect((await client.transaction(lateBet)).json()).toEqual({ status: "DECLINED", balance: 1_000 });
  });

  it("moves nothing on a second rollback of the same bet, and replays the first rollback verbatim", async () => {
    const bet = transactionBody({ type: "BET", playerRef: "p-double", amount: 100 });
    await client.transaction(bet);
    const first = transactionBody({ type: "ROLLBACK", playerRef: "p-double", amount: 100, originalTransactionId: bet.transactionId });
    expect((await client.transaction(first)).json()).toEqual({ status: "OK", balance: 1_000 });
    await client.transaction(transactionBody({ type: "BET", playerRef: "p-double", amount: 50 }));
    const second = await client.transaction(
      transactionBody({ type: "ROLLBACK", playerRef: "p-double", amount: 100, originalTransactionId: bet.transactionId }),
    );
    expect(second.json()).toEqual({ status: "OK", balance: 950 });
    expect((await client.transaction(first)).json()).toEqual({ status: "OK", balance: 1_000 });
    expect(await balanceOf("p-double")).toEqual({ balance: 950 });
  });

  it("does not refund a declined BET", async () => {
    const bet = transactionBody({ type: "BET", playerRef: "p-no-refund", amount: 5_000 });
    expect((await client.transaction(bet)).json()).toMatchObject({ status: "DECLINED" });
    const rollback = await client.transaction(
      transactionBody({ type: "ROLLBACK", playerRef: "p-no-refund", amount: 5_000, originalTransactionId: bet.transactionId }),
    );
    expect(rollback.json()).toEqual({ status: "OK", balance: 1_000 });
  });

  it("handles the stale-round synthetic rollback like any rollback, and a repeated sweep replays it", async () => {
    const bet = transactionBody({ type: "BET", playerRef: "p-stale", amount: 120 });
    await client.transaction(bet);
    const sweep = JSON.stringify(
      transactionBody({
        type: "ROLLBACK",
        transactionId: `stale-rollback:${bet.transactionId}`,
        sessionToken: "system:stale-round-reconciler",
        playerRef: "p-stale",
        roundId: bet.roundId,
        amount: 120,
        originalTransactionId: bet.transactionId,
      }),
    );
    const first = await client.transaction(sweep);
    expect(first.json()).toEqual({ status: "OK", balance: 1_000 });
    const repeat = await client.transaction(sweep);
    expect(repeat.text).toBe(first.text);
    const { entries } = await getJson(wallet.url, "/ledger?playerRef=p-stale");
    expect(entries.map((entry: { transactionId: string; delta: number }) => [entry.transactionId, entry.delta])).toEqual([
      [bet.transactionId, -120],
      [`stale-rollback:${bet.transactionId}`, 120],
    ]);
  });
});
