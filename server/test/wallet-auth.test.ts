import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROVIDER, signedRequest, startTestServer, testConfigJson } from "./harness.js";
import { launchSession } from "./wallet-harness.js";

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;

beforeAll(async () => {
  server = await startTestServer(testConfigJson({ limits: { rateLimit: { requestsPerSecond: 0.01, burst: 3 } } }));
  token = await launchSession(server.url);
});
afterAll(async () => {
  await server.close();
});

const WRONG = { id: PROVIDER.id, secret: "not-the-secret" };
const call = (tenant: { id: string; secret: string }, options: Parameters<typeof signedRequest>[5] = {}) =>
  signedRequest(
    server.url,
    tenant,
    "POST",
    "/v1/wallet/transaction",
    {
      transactionId: `tx-auth-${Math.random()}`,
      sessionToken: token,
      type: "WIN",
      roundId: "r-auth",
      playerRef: "p-1",
      amount: 0,
      currency: "EUR",
      gameId: "starfall",
    },
    options,
  );

describe("the check order of decisions.md §1 on a wallet route", () => {
  it("nonce format (400) → signature (401 text) → replay (401 JSON) → rate limit (429 + Retry-After)", async () => {
    const badNonce = await call(WRONG, { nonce: "has space" });
    expect(badNonce.status).toBe(400);
    expect(badNonce.json).toEqual({ error: "invalid nonce", code: "invalid_nonce" });
    expect((await call(PROVIDER, { nonce: "n".repeat(129) })).status).toBe(400);
    expect((await call(PROVIDER, { omit: ["X-Nonce"] })).json).toEqual({ error: "invalid nonce", code: "invalid_nonce" });

    const badSignature = await call(WRONG);
    expect(badSignature.status).toBe(401);
    expect(badSignature.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(badSignature.text).toBe("invalid signature");
    expect((await call(PROVIDER, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).text).toBe("invalid signature");

    // The wallet has no callback URL in this configuration: a request that gets through is answered 503.
    const nonce = "auth-order-nonce-1";
    const timestamp = Math.floor(Date.now() / 1000);
    expect((await call(PROVIDER, { nonce, timestamp })).status).toBe(503);
    const replay = await call(PROVIDER, { nonce, timestamp });
    expect(replay.status).toBe(401);
    expect(replay.json).toEqual({ error: "replayed request", code: "replayed_request" });
    // A bad signature with a used nonce is a signature failure: nonces are checked only after the signature.
    expect((await call(WRONG, { nonce, timestamp })).text).toBe("invalid signature");

    expect((await call(PROVIDER)).status).toBe(503);
    expect((await call(PROVIDER)).status).toBe(503);
    const limited = await call(PROVIDER);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.json).toEqual({ error: "rate limit exceeded", code: "rate_limited" });
    // Replay and signature checks still come first while the tenant is limited.
    expect((await call(PROVIDER, { nonce, timestamp })).json).toEqual({ error: "replayed request", code: "replayed_request" });
    expect((await call(WRONG)).text).toBe("invalid signature");
  });
});
