import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { NO_FAULTS, startWallet, type RunningWallet } from "../src/index.js";
import { getJson, postJson, signedWalletClient, transactionBody } from "./signed-wallet-client.js";

const identity = { tenantId: "op-acme", secret: "acme-secret" };
let wallet: RunningWallet;
let client: ReturnType<typeof signedWalletClient>;

beforeAll(async () => {
  wallet = await startWallet({ ...identity, startingBalance: 1_000, randomSeed: 7 });
  client = signedWalletClient(wallet.url, identity);
});
afterEach(async () => {
  expect((await postJson(wallet.url, "/control/faults", NO_FAULTS)).status).toBe(200);
});
afterAll(() => wallet.close());

const setFaults = async (faults: Record<string, number>) => expect((await postJson(wallet.url, "/control/faults", faults)).status).toBe(200);
const balanceOnRecord = async (playerRef: string) =>
  ((await getJson(wallet.url, "/players")).players as { playerRef: string; balance: number }[]).find((player) => player.playerRef === playerRef)
    ?.balance;

describe("fault injection", () => {
  it("answers 500 without applying under failureRate, and applies once the fault is off", async () => {
    const before = await getJson(wallet.url, "/control/stats");
    await setFaults({ failureRate: 1 });
    const body = transactionBody({ type: "BET", playerRef: "p-fail", amount: 100 });
    const failed = await client.transaction(body);
    expect(failed.status).toBe(500);
    expect(failed.json()).toEqual({ error: "injected failure" });
    expect(await balanceOnRecord("p-fail")).toBeUndefined();
    await setFaults({ failureRate: 0 });
    expect((await client.transaction(body)).json()).toEqual({ status: "OK", balance: 900 });
    const after = await getJson(wallet.url, "/control/stats");
    expect(after.faults.failures - before.faults.failures).toBe(1);
    expect(after.applied.BET - before.applied.BET).toBe(1);
  });

  it("never answers under timeoutRate, and applies nothing", async () => {
    await setFaults({ timeoutRate: 1 });
    const body = transactionBody({ type: "WIN", playerRef: "p-timeout", amount: 100 });
    await expect(client.transaction(body, { signal: AbortSignal.timeout(300) })).rejects.toThrow(/abort|timeout/i);
    expect(await balanceOnRecord("p-timeout")).toBeUndefined();
    expect((await getJson(wallet.url, "/control/stats")).faults.timeouts).toBeGreaterThanOrEqual(1);
  });

  it("applies and caches, then drops the reply under dropAfterApplyRate; the retry gets the cached answer", async () => {
    const before = await getJson(wallet.url, "/control/stats");
    await setFaults({ dropAfterApplyRate: 1 });
    const body = JSON.stringify(transactionBody({ type: "BET", playerRef: "p-drop", amount: 300 }));
    await expect(client.transaction(body)).rejects.toThrow();
    expect(await balanceOnRecord("p-drop")).toBe(700);
    await setFaults({ dropAfterApplyRate: 0 });
    const retry = await client.transaction(body);
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(JSON.stringify({ status: "OK", balance: 700 }));
    const after = await getJson(wallet.url, "/control/stats");
    expect(after.applied.BET - before.applied.BET).toBe(1);
    expect(after.replayed - before.replayed).toBe(1);
    expect(after.faults.droppedReplies - before.faults.droppedReplies).toBe(1);
    expect(await balanceOnRecord("p-drop")).toBe(700);
  });

  it("declines BETs under declineRate but still credits WINs", async () => {
    await setFaults({ declineRate: 1 });
    expect((await client.transaction(transactionBody({ type: "BET", playerRef: "p-decline", amount: 1 }))).json()).toEqual({
      status: "DECLINED",
      balance: 1_000,
    });
    expect((await client.transaction(transactionBody({ type: "WIN", playerRef: "p-decline", amount: 5 }))).json()).toEqual({
      status: "OK",
      balance: 1_005,
    });
    expect((await getJson(wallet.url, "/control/stats")).faults.forcedDeclines).toBeGreaterThanOrEqual(1);
  });

  it("adds latency to wallet calls", async () => {
    await setFaults({ latencyMs: 150 });
    const started = performance.now();
    expect((await client.balance("p-latency")).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });

  it("reports the settings and refuses invalid ones", async () => {
    await setFaults({ failureRate: 0.25, latencyMs: 3 });
    expect(await getJson(wallet.url, "/control/faults")).toEqual({ ...NO_FAULTS, failureRate: 0.25, latencyMs: 3 });
    expect((await postJson(wallet.url, "/control/faults", { failureRate: 2 })).status).toBe(400);
    expect((await postJson(wallet.url, "/control/faults", { latencyMs: -1 })).status).toBe(400);
    expect((await postJson(wallet.url, "/control/faults", { failurRate: 0.5 })).body).toEqual({ error: "unknown fault setting: failurRate" });
    expect((await getJson(wallet.url, "/control/faults")).failureRate).toBe(0.25);
  });

  it("draws the same faults for the same seed", async () => {
    const statusesFor = async (seed: number) => {
      const seeded = await startWallet({ ...identity, randomSeed: seed, faults: { failureRate: 0.5 } });
      try {
        const seededClient = signedWalletClient(seeded.url, identity);
        const statuses: number[] = [];
        for (let call = 0; call < 24; call += 1) statuses.push((await seededClient.balance("p-seed")).status);
        return statuses;
      } finally {
        await seeded.close();
      }
    };
    const first = await statusesFor(42);
    expect(await statusesFor(42)).toEqual(first);
    expect(new Set(first)).toEqual(new Set([200, 500]));
  });
});
