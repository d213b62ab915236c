import { sign } from "@croupier/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, PROVIDER, signedRequest, startTestServer, testConfigJson, toReply } from "./harness.js";

describe("signed-request pipeline (decisions.md §1)", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(
      testConfigJson({
        limits: { rateLimit: { requestsPerSecond: 1, burst: 3 } },
        operators: [{ id: OPERATOR.id, secret: OPERATOR.secret, providers: [PROVIDER.id], rateLimit: { requestsPerSecond: 1000, burst: 1000 } }],
      }),
    );
  });
  afterAll(() => server.close());

  const games = (opts: Parameters<typeof signedRequest>[5] = {}, tenant = OPERATOR) =>
    signedRequest(server.url, tenant, "GET", "/v1/operator/games", undefined, opts);

  it("GET /healthz is unsigned and answers ok", async () => {
    const reply = await toReply(await fetch(`${server.url}/healthz`));
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: "ok" });
  });

  it("accepts a correctly signed call", async () => {
    expect((await games()).status).toBe(200);
  });

  it("400 invalid nonce for a missing, empty, oversized or malformed nonce, before the signature is looked at", async () => {
    const cases: Parameters<typeof signedRequest>[5][] = [
      { omit: ["X-Nonce"] },
      { headers: { "X-Nonce": "" } },
      { nonce: "n".repeat(129) },
      { nonce: "bad/nonce" },
      { nonce: "a+b", headers: { "X-Signature": "0".repeat(64) } }, // a bad signature too: the nonce check comes first
    ];
    for (const opts of cases) {
      const reply = await games(opts);
      expect(reply.status).toBe(400);
      expect(reply.json).toEqual({ error: "invalid nonce", code: "invalid_nonce" });
    }
    expect((await games({ nonce: "n".repeat(128) })).status).toBe(200);
  });

  it("401 plain-text invalid signature for a bad, missing or expired signature, unknown tenant or bad timestamp", async () => {
    const nowSeconds = () => Math.floor(Date.now() / 1000);
    // Built just before each request: a timestamp 301 s off, read a second early, would be only 300 s off.
    const cases: (() => Parameters<typeof signedRequest>[5])[] = [
      () => ({ omit: ["X-Signature"] }),
      () => ({ omit: ["X-Tenant-ID"] }),
      () => ({ omit: ["X-Timestamp"] }),
      () => ({ headers: { "X-Signature": "f".repeat(64) } }),
      () => ({ headers: { "X-Signature": "not-hex" } }),
      () => ({ timestamp: nowSeconds() - 302 }),
      () => ({ timestamp: nowSeconds() + 302 }),
      () => ({ headers: { "X-Timestamp": "soon" } }),
    ];
    for (const makeOpts of cases) {
      const opts = makeOpts();
      const reply = await games(opts);
      expect(reply.status, JSON.stringify(opts)).toBe(401);
      expect(reply.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(reply.text).toBe("invalid signature");
    }
    expect((await games({}, { id: "op-nobody", secret: OPERATOR.secret })).text).toBe("invalid signature");
    expect((await games({}, { id: OPERATOR.id, secret: "wrong" })).status).toBe(401);
    expect((await games({ timestamp: nowSeconds() - 290 })).status).toBe(200);
  });

  it("the signature covers the body and the full target including the query", async () => {
    const reply = await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/players/kick", { playerRef: "p-1" });
    expect(reply.status).toBe(200);
    const tampered = await fetch(`${server.url}/v1/operator/players/kick`, {
      method: "POST",
      headers: { ...signedHeadersFor('{"playerRef":"p-1"}'), "content-type": "application/json" },
      body: '{"playerRef":"p-2"}',
    });
    expect(tampered.status).toBe(401);
    const query = await fetch(`${server.url}/v1/operator/free-spins/grants?playerRef=p-2`, {
      headers: { ...signedHeadersFor("", "GET", "/v1/operator/free-spins/grants?playerRef=p-1") },
    });
    expect(query.status).toBe(401);
  });

  it("401 JSON replayed request for a reused nonce, only after the signature verified", async () => {
    const nonce = `n-${Date.now()}`;
    expect((await games({ nonce, headers: { "X-Signature": "0".repeat(64) } })).status).toBe(401);
    expect((await games({ nonce })).status).toBe(200);
    const replay = await games({ nonce });
    expect(replay.status).toBe(401);
    expect(replay.json).toEqual({ error: "replayed request", code: "replayed_request" });
  });

  it("a nonce is per tenant", async () => {
    const nonce = `shared-${Date.now()}`;
    expect((await games({ nonce })).status).toBe(200);
    const other = await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/balance", { sessionToken: "x" }, { nonce });
    expect(other.json).toEqual({ error: "invalid or expired session token", code: "unauthenticated" }); // got past the nonce check to the handler
  });

  it("role: a provider signature on an operator route and an operator signature on a provider route never reach a handler", async () => {
    const a = await signedRequest(server.url, PROVIDER, "GET", "/v1/operator/games");
    expect(a.status).toBe(401);
    expect(a.text).toBe("invalid signature");
    const b = await signedRequest(server.url, OPERATOR, "POST", "/v1/wallet/balance", { sessionToken: "x" });
    expect(b.status).toBe(401);
    const c = await signedRequest(server.url, PROVIDER, "POST", "/portal/api/rotate-secret");
    expect(c.status).toBe(401);
  });

  it("429 with Retry-After and JSON once the tenant's bucket is empty; other tenants unaffected", async () => {
    let limited;
    for (let i = 0; i < 10 && !limited; i++) {
      const reply = await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/balance", { sessionToken: "x" });
      if (reply.status === 429) limited = reply;
    }
    expect(limited).toBeDefined();
    expect(limited!.json).toEqual({ error: "rate limit exceeded", code: "rate_limited" });
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await games()).status).toBe(200);
  });

  it("malformed JSON is a 400 with a JSON error, never a 500", async () => {
    const reply = await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/players/kick", undefined, { rawBody: "{not json" });
    expect(reply.status).toBe(400);
    expect(typeof reply.json.error).toBe("string");
  });

  it("an unknown route is a JSON 404 once signed", async () => {
    const reply = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/nothing-here");
    expect(reply.status).toBe(404);
    expect(typeof reply.json.error).toBe("string");
  });

  function signedHeadersFor(body: string, method = "POST", target = "/v1/operator/players/kick") {
    return sign({ secret: OPERATOR.secret, tenantId: OPERATOR.id, method, target, body });
  }
});
