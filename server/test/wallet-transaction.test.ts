import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, OTHER_OPERATOR, OTHER_PROVIDER, PROVIDER, signedRequest, startTestServer, testConfigJson } from "./harness.js";
import { betRequest, launchSession, postTransaction, startTestWallet, type TestWallet } from "./wallet-harness.js";

let wallet: TestWallet;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  wallet = await startTestWallet(10_000);
  server = await startTestServer(testConfigJson({ wallet: wallet.url }));
});
afterAll(async () => {
  await server.close();
  await wallet.close();
});

describe("POST /v1/wallet/transaction: the happy path", () => {
  it("relays a BET and a WIN to the operator's wallet, signed for the operator, and returns its answer", async () => {
    const token = await launchSession(server.url, { playerRef: "p-happy" });
    const bet = betRequest(token, { playerRef: "p-happy", amount: 250 });
    const reply = await postTransaction(server.url, bet);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: "OK", balance: 9750 });
    const call = wallet.requests.find((r) => r.body.includes(bet.transactionId as string));
    expect(call?.url).toBe("/v1/wallet/transaction");
    expect(call?.headers["x-tenant-id"]).toBe(OPERATOR.id);

    const win = betRequest(token, { playerRef: "p-happy", type: "WIN", amount: 0, roundId: bet.roundId, roundComplete: true });
    expect((await postTransaction(server.url, win)).json).toEqual({ status: "OK", balance: 9750 });
    expect(
      await server.services.transactions.roundStatus({
        providerId: PROVIDER.id,
        operatorId: OPERATOR.id,
        gameId: "starfall",
        roundId: bet.roundId as string,
      }),
    ).toBe("COMPLETED");
  });

  it("answers a retry of a settled transaction from the record without calling the operator again", async () => {
    const token = await launchSession(server.url, { playerRef: "p-retry" });
    const bet = betRequest(token, { playerRef: "p-retry", amount: 100 });
    const first = await postTransaction(server.url, bet);
    const calls = wallet.transactionCalls().length;
    const again = await postTransaction(server.url, bet);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(wallet.transactionCalls().length).toBe(calls);
  });

  it("returns a DECLINED BET as a 200 and replays it on retry", async () => {
    const token = await launchSession(server.url, { playerRef: "p-poor" });
    const bet = betRequest(token, { playerRef: "p-poor", amount: 50_000 });
    const reply = await postTransaction(server.url, bet);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: "DECLINED", balance: 10_000 });
    expect((await postTransaction(server.url, bet)).json).toEqual({ status: "DECLINED", balance: 10_000 });
  });

  it("forwards metadata verbatim and accepts exactly 8192 serialized bytes", async () => {
    const token = await launchSession(server.url, { playerRef: "p-meta" });
    const metadata = { note: "x".repeat(8192 - '{"note":""}'.length), nested: undefined };
    delete metadata.nested;
    expect(Buffer.byteLength(JSON.stringify(metadata))).toBe(8192);
    const bet = betRequest(token, { playerRef: "p-meta", metadata });
    expect((await postTransaction(server.url, bet)).status).toBe(200);
    const sent = wallet.transactionCalls().find((t) => t.transactionId === bet.transactionId);
    expect(sent?.metadata).toEqual(metadata);
    expect(sent?.sessionToken).toBe(token);
  });
});

describe("POST /v1/wallet/transaction: refusals", () => {
  let token: string;
  beforeAll(async () => {
    token = await launchSession(server.url, { playerRef: "p-1" });
  });

  it.each([
    [
      "ADJUSTMENT (admin-only)",
      { type: "ADJUSTMENT", direction: "CREDIT" },
      /^body\.type must be equal to one of the allowed values: BET, WIN, ROLLBACK$/,
    ],
    [
      "ROLLBACK without originalTransactionId: only what its form lacks",
      { type: "ROLLBACK" },
      /^body\.originalTransactionId must have required property .originalTransactionId.$/,
    ],
    ["direction on a BET", { direction: "DEBIT" }, /direction/],
    ["ROLLBACK without originalTransactionId", { type: "ROLLBACK" }, /originalTransactionId/],
    ["originalTransactionId on a BET", { originalTransactionId: "tx-x" }, /originalTransactionId/],
    ["originalTransactionId on a WIN", { type: "WIN", originalTransactionId: "tx-x" }, /originalTransactionId/],
    ["metadata that is an array", { metadata: [1, 2] }, /metadata/],
    ["metadata that is a string", { metadata: "note" }, /metadata/],
    ["metadata that is a number", { metadata: 7 }, /metadata/],
    ["metadata that is null", { metadata: null }, /metadata/],
    ["metadata over 8 KiB", { metadata: { note: "x".repeat(8192) } }, /metadata/],
    // Deeper than 1,024 levels, within 8 KiB: a 400, where serializing it once ran out of stack (a 500).
    ["metadata nested 3,100 levels deep", { metadata: { d: nested(3100) } }, /nest deeper than 1024/],
    ["metadata nested 1,025 levels deep", { metadata: { d: nested(1024) } }, /nest deeper than 1024/],
    ["a lowercase currency", { currency: "eur" }, /currency/],
    ["a negative amount", { amount: -1 }, /amount/],
    ["a fractional amount", { amount: 1.5 }, /amount/],
    ["a missing roundId", { roundId: undefined }, /roundId/],
    ["a playerRef other than the session's", { playerRef: "p-2" }, /playerRef does not match/],
    ["a gameId other than the session's", { gameId: "nebula" }, /gameId does not match/],
    ["a currency other than the session's", { currency: "USD" }, /currency does not match/],
    ["a transactionId in the reconciler's reserved space", { transactionId: "stale-rollback:tx-1" }, /reserved/],
  ])("refuses %s with 400, never reaching the operator", async (_name, overrides, message) => {
    const body = betRequest(token, overrides);
    const reply = await postTransaction(server.url, body);
    expect(reply.status).toBe(400);
    expect(reply.json.error).toMatch(message);
    expect(wallet.transactionCalls().some((t) => t.transactionId === body.transactionId)).toBe(false);
  });

  it("refuses metadata nested 5,000 levels deep (over 8 KiB too) with 400, not a 500", async () => {
    const body = betRequest(token);
    // Written as text: JSON.stringify itself runs out of stack on a value this deep.
    const text = `${JSON.stringify(body).slice(0, -1)},"metadata":{"d":${"[".repeat(5000)}${"]".repeat(5000)}}}`;
    const reply = await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/transaction", undefined, { rawBody: text });
    expect(reply.status).toBe(400);
    expect(reply.json.error).toMatch(/nest deeper than 1024/);
    expect(wallet.transactionCalls().some((t) => t.transactionId === body.transactionId)).toBe(false);
  });

  it("accepts metadata nested exactly 1,024 levels deep", async () => {
    const body = betRequest(token, { metadata: { d: nested(1023) } });
    const reply = await postTransaction(server.url, body);
    expect(reply.status).toBe(200);
  });

  it("refuses a transactionId reused with a different body with 400 IDEMPOTENCY_MISMATCH and never forwards it", async () => {
    const bet = betRequest(token, { amount: 10 });
    expect((await postTransaction(server.url, bet)).status).toBe(200);
    const reuse = await postTransaction(server.url, { ...bet, amount: 11 });
    expect(reuse.status).toBe(400);
    expect(reuse.json).toEqual({ error: expect.stringMatching(/different request/), code: "IDEMPOTENCY_MISMATCH" });
    expect(reuse.headers.get("x-error-code")).toBe("IDEMPOTENCY_MISMATCH");
    expect(wallet.transactionCalls().filter((t) => t.transactionId === bet.transactionId)).toHaveLength(1);
  });

  it("treats the same request through another session of the same player as a retry, not a reuse", async () => {
    const bet = betRequest(token, { amount: 10, metadata: { a: 1, b: 2 } });
    const first = await postTransaction(server.url, bet);
    const otherToken = await launchSession(server.url, { playerRef: "p-1" });
    const again = await postTransaction(server.url, { ...bet, sessionToken: otherToken, metadata: { b: 2, a: 1 } });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
  });

  it("answers 401 (JSON) for an unknown session token", async () => {
    const reply = await postTransaction(server.url, betRequest("st_unknown"));
    expect(reply.status).toBe(401);
    expect(reply.json.error).toMatch(/session/);
  });

  it("answers 403 for a session of another provider", async () => {
    const moonToken = await launchSession(server.url, { operator: OTHER_OPERATOR, gameId: "moonshot", currency: "GBP" });
    const reply = await postTransaction(server.url, betRequest(moonToken, { gameId: "moonshot", currency: "GBP" }));
    expect(reply.status).toBe(403);
    const own = await postTransaction(server.url, betRequest(moonToken, { gameId: "moonshot", currency: "GBP" }), OTHER_PROVIDER);
    expect(own.status).toBe(200);
  });

  it("refuses an operator signature on a wallet route (role check)", async () => {
    const reply = await postTransaction(server.url, betRequest(token), OPERATOR);
    expect(reply.status).toBe(401);
    expect(reply.text).toBe("invalid signature");
  });
});

describe("a transactionId stays with the operator and the money it was made with", () => {
  it("answers a settled id through the same player's fresh session of the same operator; another operator's or a DEMO session is 400", async () => {
    const first = await launchSession(server.url, { playerRef: "p-scope" });
    const bet = betRequest(first, { playerRef: "p-scope", amount: 40 });
    const settled = await postTransaction(server.url, bet);
    expect(settled.status).toBe(200);
    const calls = wallet.transactionCalls().length;

    const relaunched = await launchSession(server.url, { playerRef: "p-scope" });
    const retry = await postTransaction(server.url, { ...bet, sessionToken: relaunched });
    expect(retry.status).toBe(200);
    expect(retry.json).toEqual(settled.json);

    // op-beta also sees prov-star: the same player name there is another operator's player, with another wallet.
    const beta = await launchSession(server.url, { playerRef: "p-scope", operator: OTHER_OPERATOR });
    const demo = await launchSession(server.url, { playerRef: "p-scope", mode: "DEMO" });
    for (const sessionToken of [beta, demo]) {
      const reply = await postTransaction(server.url, { ...bet, sessionToken });
      expect(reply.status).toBe(400);
      expect(reply.json.error).toMatch(/transactionId/);
    }
    // A token that resolves to no session is no way in either.
    expect((await postTransaction(server.url, { ...bet, sessionToken: "st_never_issued" })).status).toBe(401);
    expect(wallet.transactionCalls().length).toBe(calls);
  });

  it("never resends an unsettled id to another operator's wallet", async () => {
    const acme = await launchSession(server.url, { playerRef: "p-scope-2" });
    const bet = betRequest(acme, { playerRef: "p-scope-2", type: "WIN", amount: 15 });
    wallet.fault = (tx) => (tx.transactionId === bet.transactionId ? { status: 500, body: { error: "down" } } : undefined);
    try {
      expect((await postTransaction(server.url, bet)).status).toBe(500);
    } finally {
      wallet.fault = undefined;
    }
    const calls = wallet.transactionCalls().length;
    const beta = await launchSession(server.url, { playerRef: "p-scope-2", operator: OTHER_OPERATOR });
    expect((await postTransaction(server.url, { ...bet, sessionToken: beta })).status).toBe(400);
    expect(wallet.transactionCalls().length).toBe(calls);
    // Through its own operator's session the retry goes out as recorded.
    const retry = await postTransaction(server.url, bet);
    expect(retry.json).toEqual({ status: "OK", balance: 10_015 });
    const resent = wallet.requests.filter((r) => r.body.includes(bet.transactionId as string));
    expect(resent.map((r) => r.headers["x-tenant-id"])).toEqual([OPERATOR.id, OPERATOR.id]);
  });

  it("answers a DEMO id only through its own session: not as real money, not from another fun-play balance", async () => {
    const demo = await launchSession(server.url, { playerRef: "p-scope-3", mode: "DEMO" });
    const bet = betRequest(demo, { playerRef: "p-scope-3", amount: 25 });
    const settled = await postTransaction(server.url, bet);
    expect(settled.status).toBe(200);
    expect((await postTransaction(server.url, bet)).json).toEqual(settled.json);
    const calls = wallet.transactionCalls().length;
    const real = await launchSession(server.url, { playerRef: "p-scope-3" });
    const otherDemo = await launchSession(server.url, { playerRef: "p-scope-3", mode: "DEMO" });
    for (const sessionToken of [real, otherDemo]) expect((await postTransaction(server.url, { ...bet, sessionToken })).status).toBe(400);
    // A token that resolves to no session is a 401, as for real money.
    expect((await postTransaction(server.url, { ...bet, sessionToken: "st_never_issued" })).status).toBe(401);
    expect(wallet.transactionCalls().length).toBe(calls);
  });
});

describe("kicked sessions", () => {
  it("answers 401 to a new transaction after a kick, but still replays a settled one", async () => {
    const token = await launchSession(server.url, { playerRef: "p-kicked" });
    const bet = betRequest(token, { playerRef: "p-kicked", amount: 30 });
    const settled = await postTransaction(server.url, bet);
    expect(settled.status).toBe(200);
    const kick = await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/players/kick", { playerRef: "p-kicked" });
    expect(kick.json).toEqual({ revokedCount: 1 });

    const fresh = await postTransaction(server.url, betRequest(token, { playerRef: "p-kicked" }));
    expect(fresh.status).toBe(401);
    const verify = await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: token });
    expect(verify.status).toBe(401);
    const retry = await postTransaction(server.url, bet);
    expect(retry.status).toBe(200);
    expect(retry.json).toEqual(settled.json);
  });
});

describe("an operator without a callback URL", () => {
  it("answers 503 to transactions and balance reads", async () => {
    const bare = await startTestServer(testConfigJson());
    try {
      const token = await launchSession(bare.url);
      const tx = await postTransaction(bare.url, betRequest(token));
      expect(tx.status).toBe(503);
      expect(tx.json.error).toMatch(/callback URL/);
      const balance = await signedRequest(bare.url, PROVIDER, "POST", "/v1/wallet/balance", { sessionToken: token });
      expect(balance.status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});

/** An array nested `levels` deep: [[[...]]]. */
function nested(levels: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < levels; i++) value = [value];
  return value;
}
