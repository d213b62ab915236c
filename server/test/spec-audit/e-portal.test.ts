import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, OTHER_OPERATOR, PROVIDER, isSignedFor, signedRequest, startTestServer, tempDir, testConfigJson } from "../harness.js";
import { betRequest, launchSession, postTransaction, startTestWallet } from "../wallet-harness.js";
import { isJsonError, operatorPost, sleep } from "./world.js";

const CALLBACK = "/portal/api/callback-url";
const ROTATE = "/portal/api/rotate-secret";

/** Spec "E. Operator portal calls" and decisions.md §2/§3. */
describe("spec E: portal", () => {
  const dir = tempDir();
  const sqlitePath = `${dir.path}/portal.db`;
  let wallet: Awaited<ReturnType<typeof startTestWallet>>;
  let json: Record<string, any>;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    wallet = await startTestWallet();
    json = testConfigJson({ sqlitePath, allowPrivateCallbackAddresses: true });
    delete json.operators[0].callbackUrl;
    delete json.operators[0].callbackTimeoutMs;
    server = await startTestServer(json);
  });
  afterAll(async () => {
    await server.close();
    await wallet.close();
    dir.remove();
  });

  it("400 for a callback URL that is not absolute http(s)", async () => {
    for (const callbackUrl of ["/relative", "ftp://wallet.example", "wallet.example", "", 7, null]) {
      const reply = await operatorPost(server.url, CALLBACK, { callbackUrl });
      expect(reply.status, String(callbackUrl)).toBe(400);
      expect(isJsonError(reply)).toBe(true);
    }
    expect((await operatorPost(server.url, CALLBACK, {})).status).toBe(400);
  });

  it("before a URL is set, REAL wallet calls answer 503; once set (no activation step) they reach it immediately", async () => {
    const token = await launchSession(server.url);
    expect((await postTransaction(server.url, betRequest(token))).status).toBe(503);
    const set = await operatorPost(server.url, CALLBACK, { callbackUrl: wallet.url });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ callbackUrl: wallet.url, callbackTimeoutMs: 5000 });
    const tx = await postTransaction(server.url, betRequest(token, { amount: 10 }));
    expect(tx.status).toBe(200);
    expect(wallet.requests.length).toBe(1);
  });

  it("changing the URL later keeps the timeout (not self-service) and is effective immediately", async () => {
    const second = await startTestWallet(500);
    try {
      const set = await operatorPost(server.url, CALLBACK, { callbackUrl: `${second.url}/` });
      expect(set.status).toBe(200);
      expect(set.json.callbackTimeoutMs).toBe(5000);
      const token = await launchSession(server.url);
      const tx = await postTransaction(server.url, betRequest(token, { amount: 1 }));
      expect(tx.json).toEqual({ status: "OK", balance: 499 });
      expect(second.requests).toHaveLength(1);
    } finally {
      await operatorPost(server.url, CALLBACK, { callbackUrl: wallet.url });
      await second.close();
    }
  });

  it("a timeout the admin team set in the file wins over the 5000 ms seed", async () => {
    // OTHER_OPERATOR's file entry carries callbackTimeoutMs 1000: the timeout is not self-service (spec E).
    const reply = await operatorPost(server.url, CALLBACK, { callbackUrl: "https://wallet.beta.example" }, OTHER_OPERATOR);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ callbackUrl: "https://wallet.beta.example", callbackTimeoutMs: 1000 });
  });

  it("callback-url is operator-only: a provider signature is refused", async () => {
    expect((await signedRequest(server.url, PROVIDER, "POST", CALLBACK, { callbackUrl: "https://x.example" })).status).toBe(401);
  });

  it("rotates the secret: 200 { secret, previousSecretValidUntil ≈ now + 7 days }; old and new both verify; platform signs with the new one", async () => {
    const reply = await signedRequest(server.url, OPERATOR, "POST", ROTATE);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.json).sort()).toEqual(["previousSecretValidUntil", "secret"]);
    expect(typeof reply.json.secret).toBe("string");
    expect(reply.json.secret).not.toBe(OPERATOR.secret);
    expect(reply.json.secret.length).toBeGreaterThanOrEqual(16);
    expect(reply.json.previousSecretValidUntil).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    const validUntil = Date.parse(reply.json.previousSecretValidUntil);
    expect(Math.abs(validUntil - (Date.now() + 7 * 24 * 3600 * 1000))).toBeLessThan(60_000);
    const rotated = { id: OPERATOR.id, secret: reply.json.secret as string };
    expect((await signedRequest(server.url, rotated, "GET", "/v1/operator/games")).status).toBe(200);
    expect((await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/games")).status).toBe(200);
    const token = await launchSession(server.url, { operator: rotated });
    const before = wallet.requests.length;
    await postTransaction(server.url, betRequest(token, { amount: 1 }));
    const call = wallet.requests[before]!;
    expect(isSignedFor(call, rotated)).toBe(true);
    expect(isSignedFor(call, OPERATOR)).toBe(false);

    // A restart never undoes a portal change: new secret and URL survive, the old one stays in grace.
    await server.close();
    server = await startTestServer(json);
    expect((await signedRequest(server.url, rotated, "GET", "/v1/operator/games")).status).toBe(200);
    expect((await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/games")).status).toBe(200);
    const t2 = await launchSession(server.url, { operator: rotated });
    expect((await postTransaction(server.url, betRequest(t2, { amount: 1 }))).status).toBe(200);
  });

  it("rotate-secret is operator-only (a provider signature is refused)", async () => {
    expect((await signedRequest(server.url, PROVIDER, "POST", ROTATE)).status).toBe(401);
  });
});

describe("spec E: rotation grace ends", () => {
  it("after the grace period the old secret gives 401 invalid signature", async () => {
    const server = await startTestServer(testConfigJson({ limits: { secretGraceSeconds: 1, rateLimit: { requestsPerSecond: 1000, burst: 1000 } } }));
    try {
      const reply = await signedRequest(server.url, OPERATOR, "POST", ROTATE);
      expect(reply.status).toBe(200);
      expect((await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/games")).status).toBe(200);
      await sleep(2100);
      const old = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/games");
      expect(old.status).toBe(401);
      expect(old.text).toBe("invalid signature");
      expect((await signedRequest(server.url, { id: OPERATOR.id, secret: reply.json.secret }, "GET", "/v1/operator/games")).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe("spec E: portal refuses private callback addresses by default (decisions.md §3)", () => {
  it("allowPrivateCallbackAddresses false: loopback and metadata addresses are 400", async () => {
    const server = await startTestServer(testConfigJson());
    try {
      for (const callbackUrl of ["http://127.0.0.1:9001", "http://169.254.169.254/", "http://10.0.0.1"]) {
        const reply = await operatorPost(server.url, CALLBACK, { callbackUrl });
        expect(reply.status, callbackUrl).toBe(400);
        expect(isJsonError(reply)).toBe(true);
      }
      expect((await operatorPost(server.url, CALLBACK, { callbackUrl: "https://wallet.casino.example/base" })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
