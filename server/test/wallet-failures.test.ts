import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PROVIDER, startTestServer, testConfigJson } from "./harness.js";
import { betRequest, launchSession, postTransaction, startTestWallet, type TestWallet } from "./wallet-harness.js";

let wallet: TestWallet;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;

beforeAll(async () => {
  wallet = await startTestWallet(10_000);
  server = await startTestServer(testConfigJson({ wallet: wallet.url }));
  token = await launchSession(server.url, { playerRef: "p-1" });
});
afterAll(async () => {
  await server.close();
  await wallet.close();
});
beforeEach(() => {
  wallet.fault = undefined;
});

const bodiesSentFor = (transactionId: unknown) =>
  wallet.requests.filter((r) => r.method === "POST" && r.body.includes(`"${String(transactionId)}"`)).map((r) => r.body);
const appliedCount = (transactionId: unknown) => wallet.applied.filter((t) => t.transactionId === transactionId).length;

describe("operator failures surface as a retryable 500 and the retry resends the identical request", () => {
  it.each([
    ["a non-200 answer", { status: 503, body: { error: "maintenance" } }, "BET"],
    ["a malformed 200", { status: 200, body: { status: "MAYBE" } }, "BET"],
    ["a 200 without a balance", { status: 200, body: { status: "OK" } }, "WIN"],
    ["DECLINED on a WIN", { status: 200, body: { status: "DECLINED", balance: 1 } }, "WIN"],
    ["DECLINED on a ROLLBACK", { status: 200, body: { status: "DECLINED", balance: 1 } }, "ROLLBACK"],
  ] as const)("%s → FAILED, 500; then applied once on retry", async (_name, fault, type) => {
    const body = betRequest(token, { type, amount: 40, ...(type === "ROLLBACK" ? { originalTransactionId: "tx-none" } : {}) });
    wallet.fault = () => fault;
    const first = await postTransaction(server.url, body);
    expect(first.status).toBe(500);
    expect(first.json.error).toMatch(/retry with the same transactionId/);
    expect((await server.services.transactions.find({ providerId: PROVIDER.id, transactionId: body.transactionId as string }))?.state).toBe("FAILED");

    wallet.fault = undefined;
    const retry = await postTransaction(server.url, body);
    expect(retry.status).toBe(200);
    expect(retry.json.status).toBe("OK");
    const sent = bodiesSentFor(body.transactionId);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    expect(appliedCount(body.transactionId)).toBe(1);
  });

  it("times out after callbackTimeoutMs (TIMED_OUT, 500) and a retry after the wallet recovers applies it once", async () => {
    const body = betRequest(token, { amount: 70 });
    const balanceBefore = wallet.balances.get("p-1") ?? 10_000;
    wallet.fault = () => "apply-then-hold";
    const started = Date.now();
    const first = await postTransaction(server.url, body);
    expect(first.status).toBe(500);
    expect(first.json.error).toMatch(/TIMED_OUT/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect((await server.services.transactions.find({ providerId: PROVIDER.id, transactionId: body.transactionId as string }))?.state).toBe(
      "TIMED_OUT",
    );

    wallet.fault = undefined;
    const retry = await postTransaction(server.url, body);
    expect(retry.status).toBe(200);
    expect(retry.json).toEqual({ status: "OK", balance: balanceBefore - 70 });
    expect(appliedCount(body.transactionId)).toBe(1);
    expect(wallet.balances.get("p-1")).toBe(balanceBefore - 70);
  });

  it("an unreachable wallet is a FAILED 500, not a hang", async () => {
    const dead = await startTestWallet();
    await dead.close();
    const other = await startTestServer(testConfigJson({ wallet: dead.url }));
    try {
      const t = await launchSession(other.url);
      const reply = await postTransaction(other.url, betRequest(t));
      expect(reply.status).toBe(500);
    } finally {
      await other.close();
    }
  });
});

describe("duplicates in flight", () => {
  it("50 simultaneous copies give exactly one callback; the others get 409 or the stored answer", async () => {
    const body = betRequest(token, { amount: 5 });
    wallet.fault = () => undefined;
    const replies = await Promise.all(Array.from({ length: 50 }, () => postTransaction(server.url, body)));
    const statuses = replies.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    const ok = replies.filter((r) => r.status === 200).map((r) => JSON.stringify(r.json));
    expect(new Set(ok).size).toBe(1);
    expect(bodiesSentFor(body.transactionId)).toHaveLength(1);
    expect(appliedCount(body.transactionId)).toBe(1);
  });

  it("a duplicate while the first waits on a slow wallet is 409 and is not forwarded", async () => {
    const body = betRequest(token, { amount: 6 });
    let release: (() => void) | undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    wallet.fault = undefined;
    const originalHandle = wallet.handle;
    wallet.handle = async (req, res) => {
      if (req.body.includes(String(body.transactionId))) await slow;
      return originalHandle(req, res);
    };
    try {
      const first = postTransaction(server.url, body);
      await new Promise((r) => setTimeout(r, 100));
      const duplicate = await postTransaction(server.url, body);
      expect(duplicate.status).toBe(409);
      expect(duplicate.json.error).toMatch(/in flight/);
      release?.();
      expect((await first).status).toBe(200);
      expect(bodiesSentFor(body.transactionId)).toHaveLength(1);
    } finally {
      wallet.handle = originalHandle;
    }
  });
});
