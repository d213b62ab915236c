import { describe, expect, it } from "vitest";
import { createProviderClient, type BetOrWinBody, type ProviderClientOptions } from "../src/index.js";
import { json, recordingFetch, type Seen } from "../../sdk-operator/test/recording-fetch.js";

const SECRET = "prov-secret";
const bet: BetOrWinBody = {
  transactionId: "tx-1",
  sessionToken: "st-1",
  roundId: "r-1",
  playerRef: "p-1",
  amount: 250,
  currency: "EUR",
  gameId: "starfall",
};
const fast = { maxAttempts: 5, initialDelayMs: 1, maxDelayMs: 5 };

function clientAnswering(answer: (seen: Seen, index: number) => Response | Promise<Response>, options: Partial<ProviderClientOptions> = {}) {
  const recorder = recordingFetch(answer);
  const client = createProviderClient({
    baseUrl: "https://svc.example/croupier",
    tenantId: "prov-star",
    secret: SECRET,
    fetch: recorder.fetch,
    retry: fast,
    ...options,
  });
  return { client, seen: recorder.seen };
}

/** Every attempt carried the same body (same transactionId) under a valid, freshly-nonced signature. */
function expectSameBodyFreshSignatures(seen: Seen[]) {
  expect(new Set(seen.map((s) => s.body)).size).toBe(1);
  expect(JSON.parse(seen[0]!.body).transactionId).toBe("tx-1");
  expect(seen.every((s) => s.signatureValidFor(SECRET, "prov-star"))).toBe(true);
  expect(new Set(seen.map((s) => s.headers.get("x-nonce"))).size).toBe(seen.length);
}

describe("provider client", () => {
  it("signs the prefixed target and exact body, and fills the transaction type", async () => {
    const { client, seen } = clientAnswering(() => json(200, { status: "OK", balance: 750 }));
    expect((await client.bet(bet)).data).toEqual({ status: "OK", balance: 750 });
    await client.win({ ...bet, transactionId: "tx-2", amount: 0, roundComplete: true, metadata: { line: 3 } });
    await client.rollback({ ...bet, transactionId: "tx-3", originalTransactionId: "tx-1" });
    expect(seen.map((s) => s.url.pathname)).toEqual(Array(3).fill("/croupier/v1/wallet/transaction"));
    expect(seen.map((s) => JSON.parse(s.body).type)).toEqual(["BET", "WIN", "ROLLBACK"]);
    expect(JSON.parse(seen[1]!.body).metadata).toEqual({ line: 3 });
    expect(JSON.parse(seen[2]!.body).originalTransactionId).toBe("tx-1");
    expect(seen.every((s) => s.signatureValidFor(SECRET, "prov-star"))).toBe(true);
  });

  it("verifies a session and reads a balance", async () => {
    const session = { playerRef: "p-1", gameId: "starfall", currency: "EUR", mode: "REAL", expiresAt: "2026-01-16T10:30:00Z" };
    const { client, seen } = clientAnswering((s) => (s.url.pathname.endsWith("/verify") ? json(200, session) : json(200, { balance: 42 })));
    expect((await client.verifySession("st-1")).data).toEqual(session);
    expect((await client.balance("st-1")).data).toEqual({ balance: 42 });
    expect(seen.map((s) => s.body)).toEqual(['{"sessionToken":"st-1"}', '{"sessionToken":"st-1"}']);
  });

  for (const status of [500, 409, 502, 504]) {
    it(`retries a ${status} with the same transactionId and a fresh signature`, async () => {
      const { client, seen } = clientAnswering((_s, i) => (i < 2 ? json(status, { error: "try again" }) : json(200, { status: "OK", balance: 750 })));
      expect((await client.bet(bet)).data).toEqual({ status: "OK", balance: 750 });
      expect(seen).toHaveLength(3);
      expectSameBodyFreshSignatures(seen);
    });
  }

  it("retries network errors", async () => {
    const { client, seen } = clientAnswering((_s, i) =>
      i === 0 ? Promise.reject(new TypeError("fetch failed")) : json(200, { status: "OK", balance: 1 }),
    );
    expect((await client.bet(bet)).data?.status).toBe("OK");
    expectSameBodyFreshSignatures(seen);
    expect(seen).toHaveLength(2);
  });

  it("retries a timed-out attempt", async () => {
    const { client, seen } = clientAnswering((_s, i) => (i === 0 ? new Promise<Response>(() => {}) : json(200, { status: "OK", balance: 1 })), {
      timeoutMs: 50,
    });
    expect((await client.bet(bet)).data?.status).toBe("OK");
    expect(seen).toHaveLength(2);
  });

  it("gives up after maxAttempts with the last error", async () => {
    const { client, seen } = clientAnswering(() => json(500, { error: "platform failure" }), { retry: { ...fast, maxAttempts: 3 } });
    const { error } = await client.bet(bet);
    expect([error?.status, error?.message]).toEqual([500, "platform failure"]);
    expect(seen).toHaveLength(3);
  });

  it("honours Retry-After on a 429", async () => {
    const { client, seen } = clientAnswering((_s, i) =>
      i === 0 ? json(429, { error: "rate limit exceeded" }, { "retry-after": "1" }) : json(200, { status: "OK", balance: 1 }),
    );
    const started = Date.now();
    expect((await client.bet(bet)).data?.status).toBe("OK");
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(seen).toHaveLength(2);
  });

  it("never retries a DECLINED, a 400, a 401, a 403 or a 503", async () => {
    const answers = [
      () => json(200, { status: "DECLINED", balance: 10 }),
      () => json(400, { error: "currency must match the session" }),
      () => new Response("invalid signature", { status: 401 }),
      () => json(403, { error: "session belongs to another provider" }),
      () => json(503, { error: "operator not configured" }),
    ];
    for (const answer of answers) {
      const { client, seen } = clientAnswering(answer);
      await client.bet(bet);
      expect(seen).toHaveLength(1);
    }
  });

  it("sends once with retry: false", async () => {
    const { client, seen } = clientAnswering(() => json(500, { error: "x" }), { retry: false });
    expect((await client.bet(bet)).error?.status).toBe(500);
    expect(seen).toHaveLength(1);
  });

  it("does not retry a balance read", async () => {
    const { client, seen } = clientAnswering(() => json(500, { error: "operator timed out" }));
    expect((await client.balance("st-1")).error?.message).toBe("operator timed out");
    expect(seen).toHaveLength(1);
  });
});
