import { createHmac } from "node:crypto";
import { sign } from "@croupier/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, OTHER_OPERATOR, PROVIDER, signedRequest, startTestServer, tempDir, testConfigJson, type Reply } from "../harness.js";
import { launchSession } from "../wallet-harness.js";
import { isJsonError, sleep, startWorld, type World } from "./world.js";

const GAMES = "/v1/operator/games";

function expectInvalidSignature(reply: Reply, label = ""): void {
  expect(reply.status, label).toBe(401);
  expect(reply.headers.get("content-type") ?? "", label).toMatch(/^text\/plain/);
  expect(reply.text, label).toBe("invalid signature");
}

/** Waits until the current second has at least 600 ms left, so boundary timestamps are not cut by a tick. */
async function freshSecond(): Promise<number> {
  while (Date.now() % 1000 > 400) await sleep(20);
  return Math.floor(Date.now() / 1000);
}

/** Spec "Authentication" and decisions.md §1. */
describe("authentication", () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(() => w.close());

  it("a correctly signed call succeeds", async () => {
    expect((await signedRequest(w.url, OPERATOR, "GET", GAMES)).status).toBe(200);
  });

  it("each missing signing header but X-Nonce gives 401 text/plain 'invalid signature'", async () => {
    for (const header of ["X-Tenant-ID", "X-Timestamp", "X-Signature"]) {
      expectInvalidSignature(await signedRequest(w.url, OPERATOR, "GET", GAMES, undefined, { omit: [header] }), header);
    }
  });

  it("no headers at all: 400 invalid nonce (the nonce check comes first) on every API", async () => {
    for (const [method, path] of [
      ["GET", GAMES],
      ["POST", "/v1/wallet/balance"],
      ["POST", "/portal/api/rotate-secret"],
    ] as const) {
      const reply = await fetch(w.url + path, {
        method,
        headers: { "content-type": "application/json" },
        ...(method === "POST" ? { body: "{}" } : {}),
      });
      expect(reply.status, path).toBe(400);
      expect(await reply.json()).toEqual({ error: "invalid nonce", code: "invalid_nonce" });
    }
  });

  it("a wrong signature, wrong secret, unknown tenant, tampered body or path give 401 invalid signature", async () => {
    expectInvalidSignature(await signedRequest(w.url, OPERATOR, "GET", GAMES, undefined, { headers: { "X-Signature": "0".repeat(64) } }), "zeros");
    expectInvalidSignature(await signedRequest(w.url, { id: OPERATOR.id, secret: "wrong" }, "GET", GAMES), "wrong secret");
    expectInvalidSignature(await signedRequest(w.url, { id: "op-nobody", secret: OPERATOR.secret }, "GET", GAMES), "unknown tenant");
    const headers = sign({
      secret: OPERATOR.secret,
      tenantId: OPERATOR.id,
      method: "POST",
      target: "/v1/operator/players/kick",
      body: '{"playerRef":"a"}',
    });
    const tampered = await fetch(`${w.url}/v1/operator/players/kick`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: '{"playerRef":"b"}',
    });
    expect(tampered.status).toBe(401);
    expect(await tampered.text()).toBe("invalid signature");
    const wrongPath = sign({ secret: OPERATOR.secret, tenantId: OPERATOR.id, method: "GET", target: "/v1/operator/free-spins/grants" });
    expect((await fetch(`${w.url}${GAMES}`, { headers: { ...wrongPath } })).status).toBe(401);
  });

  it("accepts a signature computed by hand from decisions.md §1 (independent of our signing package)", async () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = `hand-${Date.now()}`;
    const body = '{"playerRef":"p-hand"}';
    const signature = createHmac("sha256", OPERATOR.secret).update(`POST\n/v1/operator/players/kick\n${timestamp}\n${nonce}\n${body}`).digest("hex");
    const reply = await fetch(`${w.url}/v1/operator/players/kick`, {
      method: "POST",
      body,
      headers: {
        "X-Tenant-ID": OPERATOR.id,
        "X-Timestamp": timestamp,
        "X-Nonce": nonce,
        "X-Signature": signature,
        "content-type": "application/json",
      },
    });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ revokedCount: 0 });
  });

  it("signs over the full target including the query string", async () => {
    const target = "/v1/operator/free-spins/grants?playerRef=p-1";
    expect((await signedRequest(w.url, OPERATOR, "GET", target)).status).toBe(200);
    const pathOnly = sign({ secret: OPERATOR.secret, tenantId: OPERATOR.id, method: "GET", target: "/v1/operator/free-spins/grants" });
    const reply = await fetch(w.url + target, { headers: { ...pathOnly } });
    expect(reply.status).toBe(401);
    expect(await reply.text()).toBe("invalid signature");
    const swapped = sign({ secret: OPERATOR.secret, tenantId: OPERATOR.id, method: "GET", target });
    expect((await fetch(`${w.url}/v1/operator/free-spins/grants?playerRef=p-2`, { headers: { ...swapped } })).status).toBe(401);
  });

  it("timestamps exactly at -300 s and +300 s are accepted; -301 s and +301 s are not", async () => {
    for (const [offset, ok] of [
      [-300, true],
      [300, true],
      [-301, false],
      [301, false],
    ] as const) {
      const now = await freshSecond();
      const reply = await signedRequest(w.url, OPERATOR, "GET", GAMES, undefined, { timestamp: now + offset });
      if (ok) expect(reply.status, `offset ${offset}`).toBe(200);
      else expectInvalidSignature(reply, `offset ${offset}`);
    }
  });

  it("malformed timestamps give 401 invalid signature", async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [`${now}.0`, `${now * 1000}`, "abc", `+${now}`, ` ${now}`, `${now}e0`, ""]) {
      expectInvalidSignature(await signedRequest(w.url, OPERATOR, "GET", GAMES, undefined, { timestamp }), `timestamp '${timestamp}'`);
    }
  });

  it("a nonce of 128 characters is accepted; 129, empty or outside A-Za-z0-9-_.~ is 400 invalid nonce", async () => {
    expect((await signedRequest(w.url, OPERATOR, "GET", GAMES, undefined, { nonce: "a".repeat(128) })).status).toBe(200);
    expect((await signedRequest(w.url, OPERATOR, "GET", GAMES, undefined, { nonce: "A-z_0.9~" })).status).toBe(200);
    for (const nonce of ["b".repeat(129), "", "a b", "a/b", "a+b", "é", "a=b"]) {
      const reply = await signedRequest(w.url, OPERATOR, "GET", GAMES, undefined, { nonce });
      expect(reply.status, `nonce '${nonce}'`).toBe(400);
      expect(reply.json, `nonce '${nonce}'`).toEqual({ error: "invalid nonce", code: "invalid_nonce" });
    }
    const missing = await signedRequest(w.url, OPERATOR, "GET", GAMES, undefined, { omit: ["X-Nonce"] });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ error: "invalid nonce", code: "invalid_nonce" });
    expect(isJsonError(missing)).toBe(true);
  });

  it("an invalid nonce with a bad signature is still 400 (nonce check first)", async () => {
    const reply = await signedRequest(w.url, OPERATOR, "GET", GAMES, undefined, { nonce: "x".repeat(200), headers: { "X-Signature": "bad" } });
    expect(reply.status).toBe(400);
  });

  it("a reused nonce gives 401 JSON { error: 'replayed request' }", async () => {
    const nonce = `n-${Date.now()}`;
    expect((await signedRequest(w.url, OPERATOR, "GET", GAMES, undefined, { nonce })).status).toBe(200);
    const reply = await signedRequest(w.url, OPERATOR, "GET", GAMES, undefined, { nonce });
    expect(reply.status).toBe(401);
    expect(reply.json).toEqual({ error: "replayed request", code: "replayed_request" });
    expect(reply.headers.get("content-type") ?? "").toMatch(/application\/json/);
  });

  it("a replayed identical request (same headers and body) is refused and does not act twice", async () => {
    const headers = sign({
      secret: OPERATOR.secret,
      tenantId: OPERATOR.id,
      method: "POST",
      target: "/v1/operator/players/kick",
      body: '{"playerRef":"p-r"}',
    });
    const send = () =>
      fetch(`${w.url}/v1/operator/players/kick`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: '{"playerRef":"p-r"}',
      });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(401);
  });

  it("a nonce is per tenant, not per route: reusing it on another route is still a replay", async () => {
    const nonce = `cross-${Date.now()}`;
    expect((await signedRequest(w.url, OPERATOR, "GET", GAMES, undefined, { nonce })).status).toBe(200);
    const reply = await signedRequest(w.url, OPERATOR, "GET", "/v1/operator/free-spins/grants", undefined, { nonce });
    expect(reply.status).toBe(401);
    expect(reply.json).toEqual({ error: "replayed request", code: "replayed_request" });
  });

  it("a POST whose target carries a query is signed over path and query (decisions.md §1: every signed call)", async () => {
    const target = "/v1/operator/players/kick?trace=1";
    expect((await signedRequest(w.url, OPERATOR, "POST", target, { playerRef: "p-q" })).status).toBe(200);
    const body = '{"playerRef":"p-q"}';
    const pathOnly = sign({ secret: OPERATOR.secret, tenantId: OPERATOR.id, method: "POST", target: "/v1/operator/players/kick", body });
    const reply = await fetch(w.url + target, { method: "POST", headers: { ...pathOnly, "content-type": "application/json" }, body });
    expect(reply.status).toBe(401);
  });

  it("a nonce is recorded only after its signature verified; nonces are per tenant", async () => {
    const nonce = `burn-${Date.now()}`;
    expect((await signedRequest(w.url, { id: OPERATOR.id, secret: "forged" }, "GET", GAMES, undefined, { nonce })).status).toBe(401);
    expect((await signedRequest(w.url, OPERATOR, "GET", GAMES, undefined, { nonce })).status).toBe(200);
    expect((await signedRequest(w.url, OTHER_OPERATOR, "GET", GAMES, undefined, { nonce })).status).toBe(200);
  });

  it("role mismatch never reaches a handler: operator on provider routes, provider on operator and portal routes", async () => {
    const token = await launchSession(w.url);
    for (const path of ["/v1/wallet/balance", "/v1/wallet/session/verify"]) {
      const reply = await signedRequest(w.url, OPERATOR, "POST", path, { sessionToken: token });
      expect(reply.status, path).toBe(401);
    }
    expect((await signedRequest(w.url, PROVIDER, "GET", GAMES)).status).toBe(401);
    expect((await signedRequest(w.url, PROVIDER, "POST", "/v1/operator/players/kick", { playerRef: "p-1" })).status).toBe(401);
    expect((await signedRequest(w.url, PROVIDER, "POST", "/portal/api/rotate-secret")).status).toBe(401);
    expect((await signedRequest(w.url, PROVIDER, "POST", "/portal/api/callback-url", { callbackUrl: "https://x.example" })).status).toBe(401);
  });

  it("GET /healthz is unsigned: 200 { status: 'ok' }", async () => {
    const reply = await fetch(`${w.url}/healthz`);
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ status: "ok" });
  });
});

describe("authentication: nonce replay survives a restart", () => {
  it("a nonce used before a restart is still refused after it (within the tolerance)", async () => {
    const dir = tempDir();
    const json = testConfigJson({ sqlitePath: `${dir.path}/n.db` });
    const nonce = `restart-${Date.now()}`;
    const timestamp = Math.floor(Date.now() / 1000);
    let server = await startTestServer(json);
    try {
      expect((await signedRequest(server.url, OPERATOR, "GET", GAMES, undefined, { nonce, timestamp })).status).toBe(200);
      await server.close();
      server = await startTestServer(json);
      const reply = await signedRequest(server.url, OPERATOR, "GET", GAMES, undefined, { nonce, timestamp });
      expect(reply.status).toBe(401);
      expect(reply.json).toEqual({ error: "replayed request", code: "replayed_request" });
    } finally {
      await server.close();
      dir.remove();
    }
  });
});

describe("rate limit (Errors: rate-limit response)", () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld((json) => {
      json.operators[0].rateLimit = { requestsPerSecond: 0.5, burst: 2 };
      json.providers[0].rateLimit = { requestsPerSecond: 0.5, burst: 2 };
    });
  });
  afterAll(() => w.close());

  it("per operator tenant: 429 with Retry-After whole seconds >= 1 and JSON { error: 'rate limit exceeded' }", async () => {
    const replies: Reply[] = [];
    for (let i = 0; i < 4; i += 1) replies.push(await signedRequest(w.url, OPERATOR, "GET", GAMES));
    const limited = replies.find((r) => r.status === 429);
    expect(limited).toBeDefined();
    expect(limited!.json).toEqual({ error: "rate limit exceeded", code: "rate_limited" });
    expect(limited!.headers.get("retry-after") ?? "").toMatch(/^[1-9][0-9]*$/);
    // Another tenant is not affected.
    expect((await signedRequest(w.url, OTHER_OPERATOR, "GET", GAMES)).status).toBe(200);
  });

  it("applies to the provider wallet API too", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await signedRequest(w.url, PROVIDER, "POST", "/v1/wallet/balance", { sessionToken: "x" })).status);
    expect(statuses).toContain(429);
  });

  it("applies to portal calls (every operator API call)", async () => {
    let limited = false;
    for (let i = 0; i < 4 && !limited; i += 1)
      limited = (await signedRequest(w.url, OPERATOR, "POST", "/portal/api/callback-url", { callbackUrl: "bad" })).status === 429;
    expect(limited).toBe(true);
  });

  it("healthz is not rate-limited", async () => {
    for (let i = 0; i < 5; i += 1) expect((await fetch(`${w.url}/healthz`)).status).toBe(200);
  });
});
