import { verify } from "@croupier/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { OPERATOR, OTHER_OPERATOR, PROVIDER, signedRequest, startTestServer, tempDir, testConfigJson } from "./harness.js";
import { betRequest, launchSession, postTransaction, startTestWallet, type TestWallet } from "./wallet-harness.js";

let wallet: TestWallet;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  wallet = await startTestWallet(10_000);
  server = await startTestServer(
    testConfigJson({ wallet: wallet.url, limits: { demoStartingBalance: 500, rateLimit: { requestsPerSecond: 10_000, burst: 10_000 } } }),
  );
});
afterAll(async () => {
  await server.close();
  await wallet.close();
});

const verifySession = (sessionToken: unknown) => signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken });
const balanceOf = (sessionToken: unknown) => signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/balance", { sessionToken });

describe("POST /v1/wallet/session/verify", () => {
  it("returns the session's player, game, currency, language, mode and expiry, never the operator", async () => {
    const verified = await verifySession(await launchSession(server.url, { playerRef: "p-v", currency: "USD", language: "de" }));
    expect(verified.status).toBe(200);
    expect(verified.json).toMatchObject({ playerRef: "p-v", gameId: "starfall", currency: "USD", language: "de", mode: "REAL" });
    expect(Date.parse(verified.json.expiresAt)).toBeGreaterThan(Date.now());
    expect(verified.text).not.toContain(OPERATOR.id);
  });

  it("reports DEMO mode and an empty language when launch gave none", async () => {
    const token = await launchSession(server.url, { mode: "DEMO" });
    const verified = await verifySession(token);
    expect(verified.json.mode).toBe("DEMO");
    expect(verified.json.language).toBe("");
  });

  it("answers 400 for an empty token, 401 for an unknown one, 403 for another provider's", async () => {
    expect((await verifySession("")).status).toBe(400);
    expect((await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/session/verify", {})).status).toBe(400);
    const unknown = await verifySession("st_nope");
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual({ error: expect.any(String), code: "unauthenticated" });
    const moon = await launchSession(server.url, { operator: OTHER_OPERATOR, gameId: "moonshot", currency: "GBP" });
    expect((await verifySession(moon)).status).toBe(403);
  });
});

describe("session/verify after a restart with another configuration", () => {
  it("answers 500 once the session's game or operator is no longer configured (configuration resolution failed)", async () => {
    const dir = tempDir();
    const sqlitePath = join(dir.path, "croupier.db");
    const before = await startTestServer(testConfigJson({ wallet: wallet.url, sqlitePath }));
    let nebula: string, beta: string, starfall: string;
    try {
      nebula = await launchSession(before.url, { gameId: "nebula" });
      beta = await launchSession(before.url, { operator: OTHER_OPERATOR });
      starfall = await launchSession(before.url);
    } finally {
      await before.close();
    }
    const json = testConfigJson({ wallet: wallet.url, sqlitePath });
    const [acme] = json.operators as Record<string, unknown>[];
    const providers = json.providers as { games: { id: string }[] }[];
    providers[0]!.games = providers[0]!.games.filter((game) => game.id !== "nebula");
    const after = await startTestServer({ ...json, operators: [acme] });
    try {
      const verifyOn = (sessionToken: string) => signedRequest(after.url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken });
      for (const token of [nebula, beta]) {
        const reply = await verifyOn(token);
        expect(reply.status).toBe(500);
        expect(reply.json).toMatchObject({ error: expect.any(String), code: expect.stringMatching(/^(internal|retryable_failure)$/) });
      }
      expect((await verifyOn(starfall)).status).toBe(200);
      // The transaction route names the same situation 503 (spec's provider wallet API table), and never calls out.
      const calls = wallet.transactionCalls().length;
      expect((await postTransaction(after.url, betRequest(nebula, { gameId: "nebula" }))).status).toBe(503);
      expect(wallet.transactionCalls().length).toBe(calls);
    } finally {
      await after.close();
      dir.remove();
    }
  });
});

describe("POST /v1/wallet/balance", () => {
  it("forwards to the operator's balance callback, signed over path and URL-encoded query, and returns its balance", async () => {
    const token = await launchSession(server.url, { playerRef: "p b/&?" });
    wallet.balances.set("p b/&?", 4321);
    const reply = await balanceOf(token);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ balance: 4321 });
    const call = wallet.requests.filter((r) => r.method === "GET").at(-1);
    expect(call?.url).toBe(`/v1/wallet/balance?playerRef=${encodeURIComponent("p b/&?")}`);
    expect(call?.body).toBe("");
    expect(call?.headers["x-tenant-id"]).toBe(OPERATOR.id);
    if (!call) throw new Error("no balance call");
    expect(
      verify({ method: "GET", target: call.url, headers: call.headers, body: "", secrets: [OPERATOR.secret], expectedTenantId: OPERATOR.id }).ok,
    ).toBe(true);
    expect(
      verify({ method: "GET", target: "/v1/wallet/balance?playerRef=other", headers: call.headers, body: "", secrets: [OPERATOR.secret] }).ok,
    ).toBe(false);
  });

  it("returns the operator's answer verbatim, fields it adds included", async () => {
    const token = await launchSession(server.url, { playerRef: "p-verbatim" });
    wallet.balanceFault = { status: 200, body: { balance: 777, currency: "EUR", bonus: 5 } };
    try {
      const reply = await balanceOf(token);
      expect(reply.status).toBe(200);
      expect(reply.text).toBe('{"balance":777,"currency":"EUR","bonus":5}');
    } finally {
      wallet.balanceFault = undefined;
    }
  });

  it.each([
    ["a non-200", { status: 500, body: { error: "down" } }],
    ["a malformed answer", { status: 200, body: { balance: "12" } }],
    ["a fractional balance", { status: 200, body: { balance: 1.5 } }],
  ])("answers 500 for %s from the operator, without retrying", async (_name, fault) => {
    const token = await launchSession(server.url, { playerRef: "p-bal" });
    const before = wallet.requests.length;
    wallet.balanceFault = fault;
    try {
      const reply = await balanceOf(token);
      expect(reply.status).toBe(500);
      expect(wallet.requests.length).toBe(before + 1);
    } finally {
      wallet.balanceFault = undefined;
    }
  });

  it("answers 500 when the operator does not answer within its timeout", async () => {
    const token = await launchSession(server.url, { playerRef: "p-slow" });
    wallet.balanceFault = "hold";
    try {
      expect((await balanceOf(token)).status).toBe(500);
    } finally {
      wallet.balanceFault = undefined;
      wallet.releaseHeld();
    }
  });

  it("answers 400 for a missing token, 401 unknown, 403 another provider's", async () => {
    expect((await balanceOf("")).status).toBe(400);
    expect((await balanceOf("st_nope")).status).toBe(401);
    const moon = await launchSession(server.url, { operator: OTHER_OPERATOR, gameId: "moonshot", currency: "GBP" });
    expect((await balanceOf(moon)).status).toBe(403);
  });
});

describe("DEMO sessions", () => {
  it("play against an in-memory balance per session, with the same rules and idempotency, never calling the operator", async () => {
    const token = await launchSession(server.url, { playerRef: "p-demo", mode: "DEMO" });
    const other = await launchSession(server.url, { playerRef: "p-demo", mode: "DEMO" });
    const callsBefore = wallet.requests.length;
    expect((await balanceOf(token)).json).toEqual({ balance: 500 });

    const bet = betRequest(token, { playerRef: "p-demo", amount: 200 });
    expect((await postTransaction(server.url, bet)).json).toEqual({ status: "OK", balance: 300 });
    expect((await postTransaction(server.url, bet)).json).toEqual({ status: "OK", balance: 300 });
    expect((await postTransaction(server.url, { ...bet, amount: 201 })).status).toBe(400);
    expect((await postTransaction(server.url, betRequest(token, { playerRef: "p-demo", amount: 301 }))).json).toEqual({
      status: "DECLINED",
      balance: 300,
    });
    const win = betRequest(token, { playerRef: "p-demo", type: "WIN", amount: 0 });
    expect((await postTransaction(server.url, win)).json).toEqual({ status: "OK", balance: 300 });
    const rollback = betRequest(token, { playerRef: "p-demo", type: "ROLLBACK", amount: 200, originalTransactionId: bet.transactionId });
    expect((await postTransaction(server.url, rollback)).json).toEqual({ status: "OK", balance: 500 });
    const again = betRequest(token, { playerRef: "p-demo", type: "ROLLBACK", amount: 200, originalTransactionId: bet.transactionId });
    expect((await postTransaction(server.url, again)).json).toEqual({ status: "OK", balance: 500 });

    expect((await postTransaction(server.url, betRequest(token, { playerRef: "p-demo", currency: "USD" }))).status).toBe(400);
    expect((await postTransaction(server.url, betRequest(token, { playerRef: "p-demo", type: "ADJUSTMENT", direction: "CREDIT" }))).status).toBe(400);
    expect((await balanceOf(other)).json).toEqual({ balance: 500 });
    expect(wallet.requests.length).toBe(callsBefore);
    expect(await server.services.transactions.find({ providerId: PROVIDER.id, transactionId: bet.transactionId as string })).toBeUndefined();
  });

  it("refund a bet only to the session that placed it: another player's ROLLBACK naming it credits nothing", async () => {
    const alice = await launchSession(server.url, { playerRef: "p-demo-a", mode: "DEMO" });
    const mallory = await launchSession(server.url, { playerRef: "p-demo-m", mode: "DEMO" });
    const bet = betRequest(alice, { playerRef: "p-demo-a", amount: 300 });
    expect((await postTransaction(server.url, bet)).json).toEqual({ status: "OK", balance: 200 });
    const stolen = betRequest(mallory, { playerRef: "p-demo-m", type: "ROLLBACK", amount: 300, originalTransactionId: bet.transactionId });
    expect((await postTransaction(server.url, stolen)).json).toEqual({ status: "OK", balance: 500 });
    const own = betRequest(alice, { playerRef: "p-demo-a", type: "ROLLBACK", amount: 300, originalTransactionId: bet.transactionId });
    expect((await postTransaction(server.url, own)).json).toEqual({ status: "OK", balance: 500 });
    expect((await balanceOf(mallory)).json).toEqual({ balance: 500 });
  });
});
