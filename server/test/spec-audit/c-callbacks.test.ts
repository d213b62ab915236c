import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, OTHER_OPERATOR, PROVIDER, isSignedFor, sendJson, signedRequest, startScriptedPeer } from "../harness.js";
import { betRequest, eventually, launchSession, postTransaction } from "../wallet-harness.js";
import { providerPost, sleep, startWorld, type World } from "./world.js";

const txCalls = (w: World) => w.wallet.requests.filter((r) => r.method === "POST");
const balanceCalls = (w: World) => w.wallet.requests.filter((r) => r.method === "GET");

/** Spec "C. Wallet callbacks": what the platform sends to the operator's wallet. */
describe("spec C: wallet callbacks as the operator receives them", () => {
  let w: World;
  let token: string;
  beforeAll(async () => {
    w = await startWorld();
    token = await launchSession(w.url, { playerRef: "p-1" });
  });
  afterAll(() => w.close());

  it("POST /v1/wallet/transaction, signed with the operator's secret, X-Tenant-ID = operator id, body fields verbatim", async () => {
    const metadata = { nested: { a: [1, 2, { b: "ü€" }] }, n: 1.25, flag: false, empty: {} };
    const bet = betRequest(token, { amount: 250, roundComplete: false, metadata });
    expect((await postTransaction(w.url, bet)).status).toBe(200);
    const call = txCalls(w).find((r) => r.body.includes(String(bet.transactionId)))!;
    expect(call.url).toBe("/v1/wallet/transaction");
    expect(call.headers["x-tenant-id"]).toBe(OPERATOR.id);
    expect(call.headers["content-type"] ?? "").toMatch(/application\/json/);
    expect(isSignedFor(call, OPERATOR)).toBe(true);
    expect(JSON.parse(call.body)).toEqual(bet);
    expect(Math.abs(Number(call.headers["x-timestamp"]) - Date.now() / 1000)).toBeLessThan(10);
  });

  it("forwards a ROLLBACK's originalTransactionId and a WIN's roundComplete verbatim, with no direction field", async () => {
    const bet = betRequest(token, { amount: 3 });
    await postTransaction(w.url, bet);
    const rb = betRequest(token, {
      type: "ROLLBACK",
      amount: 3,
      roundId: bet.roundId,
      originalTransactionId: bet.transactionId,
      roundComplete: true,
    });
    await postTransaction(w.url, rb);
    const win = betRequest(token, { type: "WIN", amount: 0, roundComplete: true });
    await postTransaction(w.url, win);
    for (const sent of [rb, win]) {
      const call = txCalls(w).find((r) => JSON.parse(r.body).transactionId === sent.transactionId)!;
      expect(JSON.parse(call.body)).toEqual(sent);
      expect(JSON.parse(call.body)).not.toHaveProperty("direction");
    }
  });

  // "metadata ... stored and forwarded verbatim, never interpreted" (TransactionRequest table): byte for byte,
  // so large integers and number spellings survive.
  it("forwards metadata byte-for-byte as the provider sent it (large integers and number spellings intact)", async () => {
    const bet = betRequest(token, { amount: 1 });
    const rawMetadata = '{"z":1,"a":2,"playerId":12345678901234567890,"price":1.50,"s":"\\u00e9"}';
    const raw = JSON.stringify(bet).replace(/}$/, `,"metadata":${rawMetadata}}`);
    expect((await signedRequest(w.url, PROVIDER, "POST", "/v1/wallet/transaction", undefined, { rawBody: raw })).status).toBe(200);
    const call = txCalls(w).find((r) => r.body.includes(String(bet.transactionId)))!;
    expect(call.body).toContain(`"metadata":${rawMetadata}`);
  });

  it("the balance callback is GET /v1/wallet/balance?playerRef=<ref>, no body, signed over path and query", async () => {
    const odd = await launchSession(w.url, { playerRef: "p 1&x=y/é" });
    const reply = await providerPost(w.url, "/v1/wallet/balance", { sessionToken: odd });
    expect(reply.status).toBe(200);
    const call = balanceCalls(w).at(-1)!;
    const url = new URL(call.url, "http://wallet");
    expect(url.pathname).toBe("/v1/wallet/balance");
    expect(url.searchParams.get("playerRef")).toBe("p 1&x=y/é");
    expect([...url.searchParams.keys()]).toEqual(["playerRef"]);
    expect(call.body).toBe("");
    expect(call.headers["x-tenant-id"]).toBe(OPERATOR.id);
    expect(isSignedFor(call, OPERATOR)).toBe(true);
    // Swapping the query invalidates the signature the wallet checks.
    expect(isSignedFor({ ...call, url: "/v1/wallet/balance?playerRef=p-2" }, OPERATOR)).toBe(false);
    expect(isSignedFor({ ...call, url: "/v1/wallet/balance" }, OPERATOR)).toBe(false);
  });

  it("each callback uses a fresh nonce", async () => {
    await postTransaction(w.url, betRequest(token, { amount: 1 }));
    await postTransaction(w.url, betRequest(token, { amount: 1 }));
    const nonces = w.wallet.requests.map((r) => r.headers["x-nonce"]);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("the callback for another operator is addressed (X-Tenant-ID) and signed for that operator", async () => {
    const theirs = await launchSession(w.url, { playerRef: "p-beta", operator: OTHER_OPERATOR });
    const bet = betRequest(theirs, { playerRef: "p-beta", amount: 1 });
    await postTransaction(w.url, bet);
    const call = txCalls(w).find((r) => r.body.includes(String(bet.transactionId)))!;
    expect(call.headers["x-tenant-id"]).toBe(OTHER_OPERATOR.id);
    expect(isSignedFor(call, OTHER_OPERATOR)).toBe(true);
    expect(isSignedFor(call, OPERATOR)).toBe(false);
  });

  it("the wait is bounded by the per-operator timeout (300 ms here): a held callback is TIMED_OUT, provider sees 500", async () => {
    const bet = betRequest(token, { amount: 1 });
    w.wallet.fault = (tx) => (tx.transactionId === bet.transactionId ? "hold" : undefined);
    const started = Date.now();
    const reply = await postTransaction(w.url, bet);
    w.wallet.fault = undefined;
    const elapsed = Date.now() - started;
    expect(reply.status).toBe(500);
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2000);
  });

  it("a provider retry after a failure reaches the wallet with the identical request (same transactionId, same body)", async () => {
    const bet = betRequest(token, { amount: 11, metadata: { k: "v" } });
    let failures = 1;
    w.wallet.fault = (tx) => (tx.transactionId === bet.transactionId && failures-- > 0 ? { status: 500, body: { error: "x" } } : undefined);
    expect((await postTransaction(w.url, bet)).status).toBe(500);
    const retry = await postTransaction(w.url, bet);
    w.wallet.fault = undefined;
    expect(retry.status).toBe(200);
    const bodies = txCalls(w)
      .filter((r) => JSON.parse(r.body).transactionId === bet.transactionId)
      .map((r) => r.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toBe(bodies[0]);
  });

  it("a TIMED_OUT BET retried by the provider with the same transactionId settles once (the wallet replays its cached answer)", async () => {
    const bet = betRequest(token, { amount: 13 });
    let lost = 1;
    w.wallet.fault = (tx) => (tx.transactionId === bet.transactionId && lost-- > 0 ? "apply-then-hold" : undefined);
    expect((await postTransaction(w.url, bet)).status).toBe(500);
    w.wallet.releaseHeld();
    let retry = await postTransaction(w.url, bet);
    for (let i = 0; i < 20 && retry.status === 409; i += 1) {
      await sleep(50);
      retry = await postTransaction(w.url, bet);
    }
    w.wallet.fault = undefined;
    expect(retry.status).toBe(200);
    expect(retry.json.status).toBe("OK");
    expect(w.wallet.applied.filter((t) => t.transactionId === bet.transactionId)).toHaveLength(1);
    for (const call of txCalls(w).filter((r) => JSON.parse(r.body).transactionId === bet.transactionId)) expect(JSON.parse(call.body)).toEqual(bet);
  });

  it("a DECLINED BET is final: the platform does not resend it", async () => {
    const bet = betRequest(token, { amount: 50_000_000 });
    expect((await postTransaction(w.url, bet)).json.status).toBe("DECLINED");
    await sleep(150);
    expect(txCalls(w).filter((r) => JSON.parse(r.body).transactionId === bet.transactionId)).toHaveLength(1);
    expect((await postTransaction(w.url, bet)).json.status).toBe("DECLINED");
  });
});

describe("spec C.1: the platform resends a failed WIN identically (settlement retry)", () => {
  it("same transactionId and same body bytes on every resend until the wallet applies it", async () => {
    const w = await startWorld((json) => {
      json.settlementRetry = { initialDelaySeconds: 0.05, maxDelaySeconds: 0.1, horizonSeconds: 60 };
    });
    try {
      const token = await launchSession(w.url);
      const win = betRequest(token, { type: "WIN", amount: 30, roundComplete: true });
      let failures = 2;
      w.wallet.fault = (tx) => (tx.transactionId === win.transactionId && failures-- > 0 ? { status: 502, body: {} } : undefined);
      expect((await postTransaction(w.url, win)).status).toBe(500);
      await eventually(() => w.wallet.applied.some((t) => t.transactionId === win.transactionId), 5000);
      const bodies = txCalls(w)
        .filter((r) => JSON.parse(r.body).transactionId === win.transactionId)
        .map((r) => r.body);
      expect(bodies.length).toBeGreaterThanOrEqual(3);
      for (const body of bodies) expect(JSON.parse(body)).toEqual(win);
      expect(w.wallet.applied.filter((t) => t.transactionId === win.transactionId)).toHaveLength(1);
    } finally {
      await w.close();
    }
  });
});

describe("spec C.4/C.5: stale-round reconciliation", () => {
  it("sends ROLLBACK stale-rollback:<betId> with the sentinel token; a failing balance check never blocks it", async () => {
    const w = await startWorld((json) => {
      json.reconciler = { staleRoundSeconds: 1, sweepIntervalSeconds: 0.1 };
    });
    try {
      const token = await launchSession(w.url);
      const bet = betRequest(token, { amount: 70, roundId: "stale-audit" });
      expect((await postTransaction(w.url, bet)).status).toBe(200);
      w.wallet.balanceFault = { status: 500, body: { error: "balance down" } };
      await eventually(() => txCalls(w).some((r) => JSON.parse(r.body).transactionId === `stale-rollback:${String(bet.transactionId)}`), 5000);
      const call = txCalls(w).find((r) => JSON.parse(r.body).transactionId === `stale-rollback:${String(bet.transactionId)}`)!;
      expect(isSignedFor(call, OPERATOR)).toBe(true);
      expect(call.headers["x-tenant-id"]).toBe(OPERATOR.id);
      expect(JSON.parse(call.body)).toMatchObject({
        type: "ROLLBACK",
        originalTransactionId: bet.transactionId,
        sessionToken: "system:stale-round-reconciler",
        roundId: "stale-audit",
        playerRef: "p-1",
        amount: 70,
        currency: "EUR",
        gameId: "starfall",
      });
      expect(JSON.parse(call.body)).not.toHaveProperty("direction");
      await eventually(() => w.wallet.balances.get("p-1") === 10_000, 2000);
      // One rollback per bet: later sweeps do not send it again once applied.
      await sleep(400);
      expect(txCalls(w).filter((r) => JSON.parse(r.body).type === "ROLLBACK")).toHaveLength(1);
    } finally {
      await w.close();
    }
  });
});

describe("spec C: callback URL with a path prefix", () => {
  it("calls <callbackUrl>/v1/wallet/... and signs over the prefixed target", async () => {
    const prefixed = await startScriptedPeer((req, res) => sendJson(res, 200, req.method === "GET" ? { balance: 77 } : { status: "OK", balance: 5 }));
    const w = await startWorld((json) => {
      json.operators[0].callbackUrl = `${prefixed.url}/croupier`;
    });
    try {
      const token = await launchSession(w.url);
      expect((await postTransaction(w.url, betRequest(token, { amount: 1 }))).json).toEqual({ status: "OK", balance: 5 });
      expect((await providerPost(w.url, "/v1/wallet/balance", { sessionToken: token })).json).toEqual({ balance: 77 });
      const tx = prefixed.requests.find((r) => r.method === "POST")!;
      expect(tx.url).toBe("/croupier/v1/wallet/transaction");
      expect(isSignedFor(tx, OPERATOR)).toBe(true);
      const balance = prefixed.requests.find((r) => r.method === "GET")!;
      expect(balance.url).toBe("/croupier/v1/wallet/balance?playerRef=p-1");
      expect(isSignedFor(balance, OPERATOR)).toBe(true);
    } finally {
      await w.close();
      await prefixed.close();
    }
  });
});
