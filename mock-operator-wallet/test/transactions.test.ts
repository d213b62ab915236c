import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWallet, type RunningWallet } from "../src/index.js";
import { getJson, signedWalletClient, transactionBody } from "./signed-wallet-client.js";

const identity = { tenantId: "op-acme", secret: "acme-secret" };
let wallet: RunningWallet;
let client: ReturnType<typeof signedWalletClient>;

beforeAll(async () => {
  wallet = await startWallet({ ...identity, players: { "p-1": 1_000, "p-poor": 50 }, startingBalance: 5_000, minBet: 10, maxBet: 500 });
  client = signedWalletClient(wallet.url, identity);
});
afterAll(() => wallet.close());

async function settle(fields: Record<string, unknown>) {
  const reply = await client.transaction(transactionBody(fields));
  expect(reply.status, reply.text).toBe(200);
  return reply.json() as { status: string; balance: number };
}

async function balanceOf(playerRef: string): Promise<number> {
  const reply = await client.balance(playerRef);
  expect(reply.status).toBe(200);
  return (reply.json() as { balance: number }).balance;
}

describe("money moves", () => {
  it("debits a BET, credits a WIN, refunds a ROLLBACK and applies ADJUSTMENT directions", async () => {
    const player = "p-moves";
    expect(await balanceOf(player)).toBe(5_000);
    const bet = transactionBody({ type: "BET", playerRef: player, amount: 300 });
    expect((await client.transaction(bet)).json()).toEqual({ status: "OK", balance: 4_700 });
    expect(await settle({ type: "WIN", playerRef: player, amount: 450, roundComplete: true })).toEqual({ status: "OK", balance: 5_150 });
    expect(await settle({ type: "WIN", playerRef: player, amount: 0 })).toEqual({ status: "OK", balance: 5_150 });
    expect(await settle({ type: "ROLLBACK", playerRef: player, amount: 300, originalTransactionId: bet.transactionId })).toEqual({
      status: "OK",
      balance: 5_450,
    });
    expect(await settle({ type: "ADJUSTMENT", playerRef: player, amount: 50, direction: "DEBIT" })).toEqual({ status: "OK", balance: 5_400 });
    expect(await settle({ type: "ADJUSTMENT", playerRef: player, amount: 75, direction: "CREDIT" })).toEqual({ status: "OK", balance: 5_475 });
    expect(await balanceOf(player)).toBe(5_475);
  });

  it("seeds players from the options and creates unknown players with the starting balance", async () => {
    expect(await balanceOf("p-1")).toBe(1_000);
    expect(await balanceOf("p-never-seen")).toBe(5_000);
  });

  it("declines a BET over the balance and moves nothing", async () => {
    expect(await settle({ type: "BET", playerRef: "p-poor", amount: 51 })).toEqual({ status: "DECLINED", balance: 50 });
    expect(await settle({ type: "BET", playerRef: "p-poor", amount: 50 })).toEqual({ status: "OK", balance: 0 });
  });

  it("declines BETs outside the bet limits", async () => {
    expect(await settle({ type: "BET", playerRef: "p-limits", amount: 9 })).toEqual({ status: "DECLINED", balance: 5_000 });
    expect(await settle({ type: "BET", playerRef: "p-limits", amount: 501 })).toEqual({ status: "DECLINED", balance: 5_000 });
    expect(await settle({ type: "BET", playerRef: "p-limits", amount: 10 })).toEqual({ status: "OK", balance: 4_990 });
    expect(await settle({ type: "BET", playerRef: "p-limits", amount: 500 })).toEqual({ status: "OK", balance: 4_490 });
  });

  it("never declines a WIN or an ADJUSTMENT debit, even past zero", async () => {
    expect(await settle({ type: "WIN", playerRef: "p-big", amount: 1_000_000 })).toEqual({ status: "OK", balance: 1_005_000 });
    expect(await settle({ type: "ADJUSTMENT", playerRef: "p-adjust", amount: 6_000, direction: "DEBIT" })).toEqual({ status: "OK", balance: -1_000 });
  });

  it("answers 400 to a transaction the wallet cannot process, without moving money", async () => {
    const before = await balanceOf("p-bad");
    const rollbackWithoutOriginal = await client.transaction(transactionBody({ type: "ROLLBACK", playerRef: "p-bad" }));
    expect(rollbackWithoutOriginal.status).toBe(400);
    const fractional = await client.transaction(transactionBody({ type: "WIN", playerRef: "p-bad", amount: 1.5 }));
    expect(fractional.status).toBe(400);
    const adjustmentWithoutDirection = await client.transaction(transactionBody({ type: "ADJUSTMENT", playerRef: "p-bad" }));
    expect(adjustmentWithoutDirection.status).toBe(400);
    expect(await balanceOf("p-bad")).toBe(before);
  });

  it("writes every settled call to the ledger route with the balance after it", async () => {
    const player = "p-ledger";
    const bet = transactionBody({ type: "BET", playerRef: player, amount: 200 });
    await client.transaction(bet);
    await settle({ type: "BET", playerRef: player, amount: 9_999 });
    const { entries } = await getJson(wallet.url, `/ledger?playerRef=${player}`);
    expect(entries.map((entry: Record<string, unknown>) => [entry.type, entry.status, entry.amount, entry.delta, entry.balanceAfter])).toEqual([
      ["BET", "OK", 200, -200, 4_800],
      ["BET", "DECLINED", 9_999, 0, 4_800],
    ]);
    expect(entries[0].transactionId).toBe(bet.transactionId);
    expect(Date.parse(entries[0].at)).not.toBeNaN();
    const { players } = await getJson(wallet.url, "/players");
    expect(players).toContainEqual({ playerRef: player, balance: 4_800 });
  });
});

describe("a callback URL with a path prefix", () => {
  it("serves the callbacks under the prefix, signed over the full target", async () => {
    const reply = await client.call("GET", "/croupier/v1/wallet/balance?playerRef=p-1", "");
    expect(reply.status).toBe(200);
    expect(reply.json()).toEqual({ balance: 1_000 });
  });
});
