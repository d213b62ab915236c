import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCallbackUrl } from "../src/domain/back-office/callback-url-policy.js";
import { isForbiddenAddress } from "../src/common/addresses.js";
import { OPERATOR, PROVIDER, signedRequest, startTestServer, tempDir, testConfigJson } from "./harness.js";

describe("portal (spec E)", () => {
  const dir = tempDir();
  const sqlitePath = `${dir.path}/croupier.db`;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(
      testConfigJson({ sqlitePath, operators: [{ id: OPERATOR.id, secret: OPERATOR.secret, providers: [PROVIDER.id] }] }),
    );
  });
  afterAll(async () => {
    await server.close();
    dir.remove();
  });
  const setUrl = (callbackUrl: unknown, tenant = OPERATOR) => signedRequest(server.url, tenant, "POST", "/portal/api/callback-url", { callbackUrl });

  it("refuses URLs that are not absolute http(s), and SSRF targets", async () => {
    for (const url of [
      "/relative",
      "ftp://wallet.example.com",
      "wallet.example.com",
      "",
      42,
      "http://127.0.0.1:9001",
      "http://localhost:9001",
      "http://10.1.2.3",
      "http://172.16.0.1",
      "http://192.168.1.1",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]:8080",
      "http://[fe80::1]",
      "http://[fd00::1]",
      "http://0.0.0.0",
      "http://[::ffff:127.0.0.1]",
      "http://metadata.google.internal",
      "http://localhost.",
      "http://LOCALHOST:80",
      "http://[fec0::1]",
      "http://[::127.0.0.1]",
      "http://[::ffff:0:127.0.0.1]",
      "http://[2002:7f00:1::]",
      "http://user:pass@wallet.example.com",
    ]) {
      const reply = await setUrl(url);
      expect(reply.status, String(url)).toBe(400);
      expect(typeof reply.json.error).toBe("string");
    }
  });

  it("sets the callback URL, seeding the timeout at 5000 ms the first time; a provider may not", async () => {
    const reply = await setUrl("https://wallet.casino.example/api");
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ callbackUrl: "https://wallet.casino.example/api", callbackTimeoutMs: 5000 });
    expect(server.services.tenants.operator(OPERATOR.id)?.callbackUrl).toBe("https://wallet.casino.example/api");
    expect((await setUrl("https://x.example", PROVIDER)).status).toBe(401);
  });

  it("takes a callback URL whose scheme is in capitals (URL schemes are case-insensitive), kept as given", async () => {
    const reply = await setUrl("HTTPS://wallet.casino.example/upper");
    expect(reply.status).toBe(200);
    expect(reply.json.callbackUrl).toBe("HTTPS://wallet.casino.example/upper");
    expect((await setUrl("HTTP://127.0.0.1:9001")).status).toBe(400);
    expect((await setUrl("https://wallet.casino.example/api")).status).toBe(200);
  });

  it("rotates the secret: the new one is shown once, the old one works during the grace period, both survive a restart", async () => {
    const reply = await signedRequest(server.url, OPERATOR, "POST", "/portal/api/rotate-secret");
    expect(reply.status).toBe(200);
    const { secret, previousSecretValidUntil } = reply.json;
    expect(secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    const grace = Date.parse(previousSecretValidUntil) - Date.now();
    expect(grace).toBeGreaterThan(604_800_000 - 60_000);
    expect(grace).toBeLessThanOrEqual(604_800_000);
    const rotated = { id: OPERATOR.id, secret };
    expect((await signedRequest(server.url, rotated, "GET", "/v1/operator/games")).status).toBe(200);
    expect((await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/games")).status).toBe(200);

    await server.close();
    server = await startTestServer(
      testConfigJson({ sqlitePath, operators: [{ id: OPERATOR.id, secret: OPERATOR.secret, providers: [PROVIDER.id] }] }),
    );
    expect((await signedRequest(server.url, rotated, "GET", "/v1/operator/games")).status).toBe(200);
    expect((await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/games")).status).toBe(200);
    expect(server.services.tenants.operator(OPERATOR.id)?.callbackUrl).toBe("https://wallet.casino.example/api");
  });

  it("a portal call signed with the previous secret is 403 current secret required; revoke-previous-secret ends the grace", async () => {
    const s = await startTestServer(testConfigJson({ operators: [{ id: OPERATOR.id, secret: OPERATOR.secret, providers: [PROVIDER.id] }] }));
    try {
      const rotated = await signedRequest(s.url, OPERATOR, "POST", "/portal/api/rotate-secret");
      expect(rotated.status).toBe(200);
      const current = { id: OPERATOR.id, secret: rotated.json.secret as string };
      // The previous secret still works for ordinary calls, but no longer for the portal.
      expect((await signedRequest(s.url, OPERATOR, "GET", "/v1/operator/games")).status).toBe(200);
      for (const [target, body] of [
        ["/portal/api/rotate-secret", undefined],
        ["/portal/api/callback-url", { callbackUrl: "https://evil.example" }],
        ["/portal/api/revoke-previous-secret", undefined],
      ] as const) {
        const refused = await signedRequest(s.url, OPERATOR, "POST", target, body);
        expect(refused.status, target).toBe(403);
        expect(refused.json, target).toEqual({ error: "current secret required", code: "current_secret_required" });
      }
      expect(s.services.tenants.currentSecret(OPERATOR.id)).toBe(current.secret);
      expect(s.services.tenants.operator(OPERATOR.id)?.callbackUrl).toBeNull();
      const revoked = await signedRequest(s.url, current, "POST", "/portal/api/revoke-previous-secret");
      expect(revoked.status).toBe(200);
      expect(revoked.json).toEqual({ previousSecretValidUntil: null });
      expect((await signedRequest(s.url, OPERATOR, "GET", "/v1/operator/games")).status).toBe(401);
      expect((await signedRequest(s.url, current, "GET", "/v1/operator/games")).status).toBe(200);
      // Idempotent: again, with no previous secret in grace, the same answer.
      expect((await signedRequest(s.url, current, "POST", "/portal/api/revoke-previous-secret")).json).toEqual({ previousSecretValidUntil: null });
      // A provider has no portal.
      expect((await signedRequest(s.url, PROVIDER, "POST", "/portal/api/revoke-previous-secret")).status).toBe(401);
    } finally {
      await s.close();
    }
  });

  it("values the portal never set follow the file at each start; values it set survive", async () => {
    const local = tempDir();
    const sqlitePath = `${local.path}/db.sqlite`;
    const config = (callbackUrl: string, secret: string) =>
      testConfigJson({
        sqlitePath,
        allowPrivateCallbackAddresses: true,
        operators: [
          { id: OPERATOR.id, secret, callbackUrl, providers: [PROVIDER.id] },
          { id: "op-gamma", secret: "gamma-1", callbackUrl, providers: [PROVIDER.id] },
        ],
      });
    let s = await startTestServer(config("http://127.0.0.1:1111", OPERATOR.secret));
    try {
      // op-gamma sets its URL and rotates its secret in the portal; op-acme never touches the portal.
      const gamma1 = { id: "op-gamma", secret: "gamma-1" };
      expect((await signedRequest(s.url, gamma1, "POST", "/portal/api/callback-url", { callbackUrl: "http://127.0.0.1:3333" })).status).toBe(200);
      const { secret: rotated } = (await signedRequest(s.url, gamma1, "POST", "/portal/api/rotate-secret")).json;
      await s.close();
      // The file now names other URLs and secrets, as a database reused with another configuration would see.
      s = await startTestServer(config("http://127.0.0.1:2222", "op-secret-new"));
      expect(s.services.tenants.operator(OPERATOR.id)?.callbackUrl).toBe("http://127.0.0.1:2222");
      expect((await signedRequest(s.url, { id: OPERATOR.id, secret: "op-secret-new" }, "GET", "/v1/operator/games")).status).toBe(200);
      expect((await signedRequest(s.url, OPERATOR, "GET", "/v1/operator/games")).status).toBe(401);
      expect(s.services.tenants.operator("op-gamma")?.callbackUrl).toBe("http://127.0.0.1:3333");
      expect((await signedRequest(s.url, { id: "op-gamma", secret: rotated }, "GET", "/v1/operator/games")).status).toBe(200);
      expect((await signedRequest(s.url, gamma1, "GET", "/v1/operator/games")).status).toBe(200); // still in its grace period
      expect((await signedRequest(s.url, { id: "op-gamma", secret: "op-secret-new" }, "GET", "/v1/operator/games")).status).toBe(401);
    } finally {
      await s.close();
      local.remove();
    }
  });

  it("the previous secret stops working when the grace period ends", async () => {
    const local = tempDir();
    const s = await startTestServer(testConfigJson({ sqlitePath: `${local.path}/db.sqlite`, limits: { secretGraceSeconds: 0 } }));
    try {
      const { secret } = (await signedRequest(s.url, OPERATOR, "POST", "/portal/api/rotate-secret")).json;
      await new Promise((r) => setTimeout(r, 1100));
      expect((await signedRequest(s.url, OPERATOR, "GET", "/v1/operator/games")).status).toBe(401);
      expect((await signedRequest(s.url, { id: OPERATOR.id, secret }, "GET", "/v1/operator/games")).status).toBe(200);
    } finally {
      await s.close();
      local.remove();
    }
  });
});

describe("callback URL policy", () => {
  it("classifies addresses", () => {
    for (const a of [
      "127.0.0.1",
      "10.0.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "::1",
      "fe80::1",
      "fc00::1",
      "::ffff:10.0.0.1",
      "0.0.0.0",
      "::",
    ]) {
      expect(isForbiddenAddress(a), a).toBe(true);
    }
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "172.32.0.1"]) expect(isForbiddenAddress(a), a).toBe(false);
  });

  it("refuses host names that resolve inside, accepts those that resolve outside or not at all", async () => {
    const dns = async (host: string) =>
      ({ "inside.example": ["10.0.0.5"], "mixed.example": ["93.184.216.34", "127.0.0.1"], "outside.example": ["93.184.216.34"] })[host] ??
      Promise.reject(new Error("ENOTFOUND"));
    await expect(checkCallbackUrl("https://inside.example", false, dns)).rejects.toThrow(/private/);
    await expect(checkCallbackUrl("https://mixed.example", false, dns)).rejects.toThrow(/private/);
    await expect(checkCallbackUrl("https://outside.example/", false, dns)).resolves.toBe("https://outside.example/");
    await expect(checkCallbackUrl("https://unknown.example", false, dns)).resolves.toBe("https://unknown.example");
    await expect(checkCallbackUrl("http://127.0.0.1:9001", true, dns)).resolves.toBe("http://127.0.0.1:9001");
  });
});
