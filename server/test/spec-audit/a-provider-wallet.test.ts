import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, OTHER_OPERATOR, OTHER_PROVIDER, PROVIDER, signedRequest } from "../harness.js";
import { betRequest, launchSession, postTransaction } from "../wallet-harness.js";
import { isJsonError, providerPost, startWorld, type World } from "./world.js";

/** Spec "A. Provider calls to the service" and the TransactionRequest/Response tables. */
describe("spec A: provider wallet API", () => {
  let w: World;
  let token: string;
  let moonToken: string;
  beforeAll(async () => {
    w = await startWorld();
    token = await launchSession(w.url, { playerRef: "p-1" });
    moonToken = await launchSession(w.url, { playerRef: "p-1", gameId: "moonshot", currency: "GBP", operator: OTHER_OPERATOR });
  });
  afterAll(() => w.close());

  const expect400 = async (body: Record<string, unknown>, label: string) => {
    const before = w.wallet.transactionCalls().length;
    const reply = await postTransaction(w.url, body);
    expect(reply.status, label).toBe(400);
    expect(isJsonError(reply), label).toBe(true);
    expect(w.wallet.transactionCalls().length, `${label}: never reaches the operator`).toBe(before);
  };

  describe("A.1 session/verify", () => {
    it("400 for a missing or empty sessionToken", async () => {
      for (const body of [{}, { sessionToken: "" }]) {
        const reply = await providerPost(w.url, "/v1/wallet/session/verify", body);
        expect(reply.status).toBe(400);
        expect(isJsonError(reply)).toBe(true);
      }
    });
    it("401 for an invalid token, JSON error", async () => {
      const reply = await providerPost(w.url, "/v1/wallet/session/verify", { sessionToken: "no-such-token" });
      expect(reply.status).toBe(401);
      expect(isJsonError(reply)).toBe(true);
    });
    it("403 when the session belongs to another provider", async () => {
      const reply = await providerPost(w.url, "/v1/wallet/session/verify", { sessionToken: moonToken });
      expect(reply.status).toBe(403);
      expect(isJsonError(reply)).toBe(true);
    });
    it("200 with the decisions.md §2 shape, no operatorId", async () => {
      const reply = await providerPost(w.url, "/v1/wallet/session/verify", { sessionToken: token });
      expect(reply.status).toBe(200);
      expect(reply.json).toMatchObject({ playerRef: "p-1", gameId: "starfall", currency: "EUR", mode: "REAL" });
      expect(typeof reply.json.expiresAt).toBe("string");
      expect(Number.isNaN(Date.parse(reply.json.expiresAt))).toBe(false);
      expect(JSON.stringify(reply.json)).not.toContain(OPERATOR.id);
      expect(reply.json).not.toHaveProperty("operatorId");
    });
    it("returns the launch language when one was given", async () => {
      const sessionToken = await launchSession(w.url, { language: "de" });
      const reply = await providerPost(w.url, "/v1/wallet/session/verify", { sessionToken });
      expect(reply.json.language).toBe("de");
    });
    // decisions.md §2 lists `language` in the verify response: a string even when launch named none.
    it("always carries every decisions.md §2 field, language included (a string even when launch omitted it)", async () => {
      const reply = await providerPost(w.url, "/v1/wallet/session/verify", { sessionToken: token });
      expect(Object.keys(reply.json).sort()).toEqual(["currency", "expiresAt", "gameId", "language", "mode", "playerRef"]);
      expect(typeof reply.json.language).toBe("string");
    });
    it("echoes the launch language and mode DEMO", async () => {
      const launched = await providerPost(w.url, "/v1/wallet/session/verify", { sessionToken: await launchSession(w.url, { mode: "DEMO" }) });
      expect(launched.json.mode).toBe("DEMO");
    });
  });

  describe("A.2 transaction: body validation (400, never reaching the operator)", () => {
    it("accepts a well-formed BET with TransactionResponse { status, balance } exactly", async () => {
      const reply = await postTransaction(w.url, betRequest(token, { amount: 100 }));
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.json).sort()).toEqual(["balance", "status"]);
      expect(reply.json.status).toBe("OK");
      expect(Number.isInteger(reply.json.balance)).toBe(true);
    });
    it("rejects each missing required field", async () => {
      for (const field of ["transactionId", "sessionToken", "type", "roundId", "playerRef", "amount", "currency", "gameId"]) {
        const body = betRequest(token);
        delete body[field];
        if (field === "sessionToken") {
          const reply = await postTransaction(w.url, body);
          expect(reply.status, field).toBe(400);
          continue;
        }
        await expect400(body, `missing ${field}`);
      }
    });
    it('rejects amounts that are not integers >= 0: -1, 1.5, "10", 2^53, null', async () => {
      for (const amount of [-1, 1.5, "10", 2 ** 53, null]) await expect400(betRequest(token, { amount }), `amount ${String(amount)}`);
    });
    it("accepts a zero-amount WIN", async () => {
      const reply = await postTransaction(w.url, betRequest(token, { type: "WIN", amount: 0, roundComplete: true }));
      expect(reply.status).toBe(200);
      expect(reply.json.status).toBe("OK");
    });
    it("rejects a lowercase or malformed currency with 400", async () => {
      for (const currency of ["eur", "Eur", "EURO", "EU", "E1R", ""]) await expect400(betRequest(token, { currency }), `currency ${currency}`);
    });
    it("rejects an unknown type, and ADJUSTMENT (admin-only) even with a direction", async () => {
      await expect400(betRequest(token, { type: "DEPOSIT" }), "type DEPOSIT");
      await expect400(betRequest(token, { type: "bet" }), "type bet");
      await expect400(betRequest(token, { type: "ADJUSTMENT", direction: "CREDIT" }), "ADJUSTMENT CREDIT");
      await expect400(betRequest(token, { type: "ADJUSTMENT" }), "ADJUSTMENT");
    });
    it("rejects direction on BET, WIN and ROLLBACK", async () => {
      await expect400(betRequest(token, { direction: "DEBIT" }), "BET+direction");
      await expect400(betRequest(token, { type: "WIN", direction: "CREDIT" }), "WIN+direction");
      await expect400(betRequest(token, { type: "ROLLBACK", originalTransactionId: "x", direction: "CREDIT" }), "ROLLBACK+direction");
    });
    it("rejects a ROLLBACK without originalTransactionId, and originalTransactionId on a BET or WIN", async () => {
      await expect400(betRequest(token, { type: "ROLLBACK" }), "ROLLBACK without original");
      await expect400(betRequest(token, { originalTransactionId: "tx-x" }), "BET with original");
      await expect400(betRequest(token, { type: "WIN", originalTransactionId: "tx-x" }), "WIN with original");
    });
    it("rejects a non-boolean roundComplete and non-string ids", async () => {
      await expect400(betRequest(token, { roundComplete: "true" }), "roundComplete string");
      await expect400(betRequest(token, { transactionId: 42 }), "numeric transactionId");
      await expect400(betRequest(token, { roundId: 7 }), "numeric roundId");
    });
    it("rejects metadata that is an array, string, number or null", async () => {
      for (const metadata of [[1, 2], "x", 5, null, true]) await expect400(betRequest(token, { metadata }), `metadata ${JSON.stringify(metadata)}`);
    });
    it("rejects metadata above 8 KiB and accepts metadata just under it", async () => {
      await expect400(betRequest(token, { metadata: { blob: "x".repeat(8 * 1024 + 1) } }), "metadata > 8 KiB");
      const ok = await postTransaction(w.url, betRequest(token, { amount: 1, metadata: { blob: "x".repeat(8 * 1024 - 100) } }));
      expect(ok.status).toBe(200);
    });
    it("accepts metadata on any type: BET, WIN, ROLLBACK", async () => {
      const bet = betRequest(token, { amount: 5, metadata: { a: 1 } });
      expect((await postTransaction(w.url, bet)).status).toBe(200);
      expect((await postTransaction(w.url, betRequest(token, { type: "WIN", amount: 1, roundId: bet.roundId, metadata: { b: 2 } }))).status).toBe(
        200,
      );
      const rb = betRequest(token, {
        type: "ROLLBACK",
        amount: 5,
        roundId: bet.roundId,
        originalTransactionId: bet.transactionId,
        metadata: { c: 3 },
      });
      expect((await postTransaction(w.url, rb)).status).toBe(200);
    });
    it("rejects a body that is not a JSON object", async () => {
      for (const raw of ["[]", '"x"', "{not json", "null"]) {
        const reply = await signedRequest(w.url, PROVIDER, "POST", "/v1/wallet/transaction", undefined, { rawBody: raw });
        expect(reply.status, raw).toBe(400);
        expect(isJsonError(reply), raw).toBe(true);
      }
    });
  });

  describe("A.2 transaction: session checks", () => {
    it("400 when playerRef, gameId or currency differs from the session", async () => {
      await expect400(betRequest(token, { playerRef: "p-2" }), "playerRef mismatch");
      await expect400(betRequest(token, { gameId: "nebula" }), "gameId mismatch (same provider)");
      await expect400(betRequest(token, { currency: "USD" }), "currency mismatch (supported by the game)");
    });
    it("401 for an unknown session token, JSON error", async () => {
      const reply = await postTransaction(w.url, betRequest("no-such-token"));
      expect(reply.status).toBe(401);
      expect(isJsonError(reply)).toBe(true);
    });
    it("403 for another provider's session", async () => {
      const reply = await postTransaction(w.url, betRequest(moonToken, { gameId: "moonshot", currency: "GBP" }));
      expect(reply.status).toBe(403);
      expect(isJsonError(reply)).toBe(true);
    });
    it("another provider signing with its own id on our session gets 403", async () => {
      const reply = await postTransaction(w.url, betRequest(token), OTHER_PROVIDER);
      expect(reply.status).toBe(403);
    });
    it("an operator signature on the provider route is refused before any handler (401)", async () => {
      const reply = await postTransaction(w.url, betRequest(token), OPERATOR);
      expect(reply.status).toBe(401);
    });
  });

  describe("A.2 transaction: outcomes and idempotency", () => {
    it("DECLINED for a BET is a 200 business outcome with a balance", async () => {
      const reply = await postTransaction(w.url, betRequest(token, { amount: 10_000_000 }));
      expect(reply.status).toBe(200);
      expect(reply.json.status).toBe("DECLINED");
      expect(Number.isInteger(reply.json.balance)).toBe(true);
    });
    it("a wallet answering DECLINED to a WIN gives the provider a non-200 (never DECLINED)", async () => {
      const win = betRequest(token, { type: "WIN", amount: 5 });
      w.wallet.fault = (tx) => (tx.transactionId === win.transactionId ? { status: 200, body: { status: "DECLINED", balance: 1 } } : undefined);
      const reply = await postTransaction(w.url, win);
      w.wallet.fault = undefined;
      expect(reply.status).not.toBe(200);
      expect(reply.status).toBe(500);
      expect(isJsonError(reply)).toBe(true);
    });
    it("a wallet answering DECLINED to a ROLLBACK gives the provider a non-200", async () => {
      const bet = betRequest(token, { amount: 3 });
      await postTransaction(w.url, bet);
      const rb = betRequest(token, { type: "ROLLBACK", amount: 3, roundId: bet.roundId, originalTransactionId: bet.transactionId });
      w.wallet.fault = (tx) => (tx.transactionId === rb.transactionId ? { status: 200, body: { status: "DECLINED", balance: 1 } } : undefined);
      const reply = await postTransaction(w.url, rb);
      w.wallet.fault = undefined;
      expect(reply.status).not.toBe(200);
    });
    it("a wallet non-200 surfaces as 500 (retryable) JSON error", async () => {
      const bet = betRequest(token, { amount: 1 });
      w.wallet.fault = (tx) => (tx.transactionId === bet.transactionId ? { status: 503, body: { error: "down" } } : undefined);
      const reply = await postTransaction(w.url, bet);
      w.wallet.fault = undefined;
      expect(reply.status).toBe(500);
      expect(isJsonError(reply)).toBe(true);
    });
    it("a wallet 200 with a malformed body (no balance) is not passed as success", async () => {
      const bet = betRequest(token, { amount: 1 });
      w.wallet.fault = (tx) => (tx.transactionId === bet.transactionId ? { status: 200, body: { status: "OK" } } : undefined);
      const reply = await postTransaction(w.url, bet);
      w.wallet.fault = undefined;
      expect(reply.status).toBe(500);
    });
    it("a wallet timeout (TIMED_OUT) surfaces as 500 within about the callback timeout", async () => {
      const bet = betRequest(token, { amount: 1 });
      w.wallet.fault = (tx) => (tx.transactionId === bet.transactionId ? "hold" : undefined);
      const started = Date.now();
      const reply = await postTransaction(w.url, bet);
      w.wallet.fault = undefined;
      expect(reply.status).toBe(500);
      expect(isJsonError(reply)).toBe(true);
      expect(Date.now() - started).toBeLessThan(3000);
    });
    it("a repeat of a settled transactionId replays the same answer without moving money twice", async () => {
      const bet = betRequest(token, { amount: 7 });
      const first = await postTransaction(w.url, bet);
      const applied = w.wallet.applied.length;
      const second = await postTransaction(w.url, bet);
      expect(second.status).toBe(200);
      expect(second.json).toEqual(first.json);
      expect(w.wallet.applied.length).toBe(applied);
    });
    it("409 while another attempt for the same transactionId is in flight", async () => {
      const bet = betRequest(token, { amount: 1 });
      w.wallet.fault = (tx) => (tx.transactionId === bet.transactionId ? "hold" : undefined);
      const first = postTransaction(w.url, bet);
      await new Promise((r) => setTimeout(r, 80));
      const second = await postTransaction(w.url, bet);
      expect(second.status).toBe(409);
      expect(isJsonError(second)).toBe(true);
      w.wallet.fault = undefined;
      await first;
    });
    it("ROLLBACK credits back the reversed BET (ledger rule)", async () => {
      const start = w.wallet.balances.get("p-1")!;
      const bet = betRequest(token, { amount: 40 });
      await postTransaction(w.url, bet);
      const rb = await postTransaction(
        w.url,
        betRequest(token, { type: "ROLLBACK", amount: 40, roundId: bet.roundId, originalTransactionId: bet.transactionId }),
      );
      expect(rb.status).toBe(200);
      expect(rb.json).toEqual({ status: "OK", balance: start });
    });
  });

  describe("A.3 balance", () => {
    it("passes the wallet's balance through verbatim", async () => {
      w.wallet.balanceFault = { status: 200, body: { balance: 123_456 } };
      const reply = await providerPost(w.url, "/v1/wallet/balance", { sessionToken: token });
      w.wallet.balanceFault = undefined;
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ balance: 123_456 });
    });
    it("400 missing or empty token, 401 unknown, 403 other provider", async () => {
      for (const body of [{}, { sessionToken: "" }]) {
        const reply = await providerPost(w.url, "/v1/wallet/balance", body);
        expect(reply.status).toBe(400);
        expect(isJsonError(reply)).toBe(true);
      }
      const unknown = await providerPost(w.url, "/v1/wallet/balance", { sessionToken: "nope" });
      expect(unknown.status).toBe(401);
      expect(isJsonError(unknown)).toBe(true);
      const foreign = await providerPost(w.url, "/v1/wallet/balance", { sessionToken: moonToken });
      expect(foreign.status).toBe(403);
      expect(isJsonError(foreign)).toBe(true);
    });
    it("500 when the wallet's balance endpoint errors, and no retry by the platform", async () => {
      const before = w.wallet.requests.filter((r) => r.method === "GET").length;
      w.wallet.balanceFault = { status: 500, body: { error: "boom" } };
      const reply = await providerPost(w.url, "/v1/wallet/balance", { sessionToken: token });
      w.wallet.balanceFault = undefined;
      expect(reply.status).toBe(500);
      expect(isJsonError(reply)).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
      expect(w.wallet.requests.filter((r) => r.method === "GET").length - before).toBe(1);
    });
    it("500 when the wallet's balance endpoint times out", async () => {
      w.wallet.balanceFault = "hold";
      const reply = await providerPost(w.url, "/v1/wallet/balance", { sessionToken: token });
      w.wallet.balanceFault = undefined;
      w.wallet.releaseHeld();
      expect(reply.status).toBe(500);
    });
    it("500 when the wallet answers 200 with a non-integer balance", async () => {
      w.wallet.balanceFault = { status: 200, body: { balance: "12" } };
      const reply = await providerPost(w.url, "/v1/wallet/balance", { sessionToken: token });
      w.wallet.balanceFault = undefined;
      expect(reply.status).toBe(500);
    });
  });
});

/** Spec A.2/A.3 503 and DEMO. */
describe("spec A: operator not configured (503) and DEMO sessions", () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld((json) => {
      delete json.operators[1].callbackUrl;
      json.limits.demoStartingBalance = 5_000;
    });
  });
  afterAll(() => w.close());

  it("transaction and balance answer 503 JSON when the operator has no callback URL", async () => {
    const token = await launchSession(w.url, { operator: OTHER_OPERATOR });
    const tx = await postTransaction(w.url, betRequest(token));
    expect(tx.status).toBe(503);
    expect(isJsonError(tx)).toBe(true);
    const balance = await providerPost(w.url, "/v1/wallet/balance", { sessionToken: token });
    expect(balance.status).toBe(503);
    expect(isJsonError(balance)).toBe(true);
  });

  it("a DEMO session never calls the wallet and starts at demoStartingBalance", async () => {
    const token = await launchSession(w.url, { mode: "DEMO", playerRef: "p-demo" });
    const calls = w.wallet.requests.length;
    const balance = await providerPost(w.url, "/v1/wallet/balance", { sessionToken: token });
    expect(balance.json).toEqual({ balance: 5_000 });
    const bet = await postTransaction(w.url, betRequest(token, { playerRef: "p-demo", amount: 1_200 }));
    expect(bet.json).toEqual({ status: "OK", balance: 3_800 });
    const win = await postTransaction(w.url, betRequest(token, { playerRef: "p-demo", type: "WIN", amount: 200 }));
    expect(win.json).toEqual({ status: "OK", balance: 4_000 });
    const declined = await postTransaction(w.url, betRequest(token, { playerRef: "p-demo", amount: 999_999 }));
    expect(declined.json).toEqual({ status: "DECLINED", balance: 4_000 });
    expect((await providerPost(w.url, "/v1/wallet/balance", { sessionToken: token })).json).toEqual({ balance: 4_000 });
    expect(w.wallet.requests.length).toBe(calls);
  });

  it("DEMO works even when the operator has no callback URL", async () => {
    const token = await launchSession(w.url, { mode: "DEMO", operator: OTHER_OPERATOR });
    const reply = await postTransaction(w.url, betRequest(token, { amount: 10 }));
    expect(reply.json).toEqual({ status: "OK", balance: 4_990 });
  });

  it("DEMO still validates the body (ADJUSTMENT 400, lowercase currency 400)", async () => {
    const token = await launchSession(w.url, { mode: "DEMO" });
    expect((await postTransaction(w.url, betRequest(token, { type: "ADJUSTMENT", direction: "CREDIT" }))).status).toBe(400);
    expect((await postTransaction(w.url, betRequest(token, { currency: "eur" }))).status).toBe(400);
  });
});
