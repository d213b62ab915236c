import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_SCRIPT,
  OPERATOR,
  OTHER_OPERATOR,
  PROVIDER,
  runNodeScript,
  sendJson,
  signedRequest,
  startScriptedPeer,
  startTestServer,
  tempDir,
  testConfigJson,
  toReply,
  type ScriptedPeer,
} from "./harness.js";
import { eventually, launchSession } from "./wallet-harness.js";
import { PASSWORD, signIn } from "./backoffice-harness.js";

describe("back-office sign-in and sessions", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let wallet: ScriptedPeer;

  beforeAll(async () => {
    wallet = await startScriptedPeer((req, res) => sendJson(res, 200, { balance: req.url.includes("p-rich") ? 123456 : 0 }));
    server = await startTestServer({ ...testConfigJson({ wallet: wallet.url }), allowPrivateCallbackAddresses: true });
    const accounts = server.services.backoffice;
    await accounts.addUser({ username: "alice", operatorId: OPERATOR.id, role: "manager", password: PASSWORD });
    await accounts.addUser({ username: "victor", operatorId: OPERATOR.id, role: "viewer", password: PASSWORD });
    await accounts.addUser({ username: "bob", operatorId: OTHER_OPERATOR.id, role: "manager", password: PASSWORD });
    await accounts.addUser({ username: "root", operatorId: null, role: "manager", password: PASSWORD });
    for (const name of ["mallory", "eve", "limited"])
      await accounts.addUser({ username: name, operatorId: OPERATOR.id, role: "manager", password: PASSWORD });
  });
  afterAll(async () => {
    await server?.close();
    await wallet?.close();
  });

  it("sets an HttpOnly, SameSite=Strict, expiring session cookie and hands out a CSRF token", async () => {
    const { reply } = await signIn(server.url, "alice");
    expect(reply.status).toBe(200);
    const setCookie = reply.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^croupier_session=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).toContain(`Max-Age=${server.config.backoffice.sessionTtlSeconds}`);
    expect(setCookie).not.toContain("Secure"); // served over http here
    expect(reply.json).toMatchObject({ username: "alice", role: "manager", operatorId: OPERATOR.id, platform: false });
    expect(reply.json.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(reply.json.expiresAt) - Date.now()).toBeGreaterThan(7 * 3600 * 1000);
  });

  it("refuses a wrong password and an unknown username with the same 401", async () => {
    const wrong = await signIn(server.url, "eve", "not the password");
    const unknown = await signIn(server.url, "nobody", "not the password");
    for (const attempt of [wrong, unknown]) {
      expect(attempt.reply.status).toBe(401);
      expect(attempt.reply.json).toMatchObject({ error: "wrong username or password" });
      expect(attempt.reply.headers.get("set-cookie")).toBeNull();
    }
  });

  it("rate limits sign-in attempts per username: the sixth in a row is 429 even with the right password", async () => {
    for (let i = 0; i < 5; i += 1) expect((await signIn(server.url, "limited", "guess " + i)).reply.status).toBe(401);
    const blocked = await signIn(server.url, "limited");
    expect(blocked.reply.status).toBe(429);
    expect(Number(blocked.reply.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Another account from the same address is not locked out by it.
    expect((await signIn(server.url, "mallory")).reply.status).toBe(200);
  });

  it("lets a session call the operator API as its operator, and refuses a change without the CSRF token", async () => {
    const alice = await signIn(server.url, "alice");
    const games = await alice.request("GET", "/v1/operator/games");
    expect(games.status).toBe(200);
    expect(games.json.map((g: { gameId: string }) => g.gameId).sort()).toEqual(["nebula", "starfall"]);

    const noToken = await alice.request("POST", "/v1/operator/players/kick", { playerRef: "p-1" }, { "x-csrf-token": "" });
    expect(noToken.status).toBe(403);
    expect(noToken.json.error).toMatch(/CSRF/);
    const wrongToken = await alice.request(
      "POST",
      "/v1/operator/players/kick",
      { playerRef: "p-1" },
      { "x-csrf-token": alice.csrf.replace(/^./, (c) => (c === "A" ? "B" : "A")) },
    );
    expect(wrongToken.status).toBe(403);
    const kick = await alice.request("POST", "/v1/operator/players/kick", { playerRef: "p-1" });
    expect(kick.status).toBe(200);
    expect(kick.json).toEqual({ revokedCount: 0 });
  });

  it("lets a viewer read but not change anything", async () => {
    const victor = await signIn(server.url, "victor");
    expect((await victor.request("GET", "/v1/operator/free-spins/grants")).status).toBe(200);
    for (const [path, body] of [
      ["/v1/operator/players/kick", { playerRef: "p-1" }],
      ["/portal/api/rotate-secret", undefined],
      ["/portal/api/callback-url", { callbackUrl: wallet.url }],
    ] as const) {
      const reply = await victor.request("POST", path, body);
      expect(reply.status, path).toBe(403);
      expect(reply.json).toMatchObject({ error: "a viewer account can only read" });
    }
    expect((await victor.request("POST", "/backoffice/api/sign-out")).status).toBe(200);
  });

  it("keeps operators apart: an operator account sees only its own operator and cannot name another", async () => {
    const bob = await signIn(server.url, "bob");
    await launchSession(server.url, { playerRef: "p-shared" });
    // Bob's kick acts for op-beta: op-acme's player of the same name keeps the session.
    expect((await bob.request("POST", "/v1/operator/players/kick", { playerRef: "p-shared" })).json).toEqual({ revokedCount: 0 });
    const named = await bob.request("GET", "/v1/operator/games", undefined, { "x-operator-id": OPERATOR.id });
    expect(named.status).toBe(403);
    const operators = await bob.request("GET", "/backoffice/api/operators");
    expect(operators.json.map((o: { id: string }) => o.id)).toEqual([OTHER_OPERATOR.id]);
    expect(JSON.stringify(operators.json)).not.toContain(OTHER_OPERATOR.secret);
    const alice = await signIn(server.url, "alice");
    expect((await alice.request("POST", "/v1/operator/players/kick", { playerRef: "p-shared" })).json).toEqual({ revokedCount: 1 });
  });

  it("lets a platform account see every operator's configuration and act for the operator it names", async () => {
    const root = await signIn(server.url, "root");
    expect(root.reply.json).toMatchObject({ username: "root", platform: true });
    expect(root.reply.json.operatorId).toBeUndefined();
    const operators = await root.request("GET", "/backoffice/api/operators");
    expect(operators.status).toBe(200);
    expect(operators.json.map((o: { id: string }) => o.id)).toEqual([OPERATOR.id, OTHER_OPERATOR.id]);
    expect(operators.json[0]).toMatchObject({ callbackUrl: wallet.url, callbackTimeoutMs: 1000, providers: ["prov-star"], blockedPlayerCount: 1 });
    expect(JSON.stringify(operators.json)).not.toMatch(/op-secret/);

    const unnamed = await root.request("GET", "/v1/operator/games");
    expect(unnamed.status).toBe(400);
    expect(unnamed.json.error).toMatch(/X-Operator-Id/);
    expect((await root.request("GET", "/v1/operator/games", undefined, { "x-operator-id": "op-nowhere" })).status).toBe(400);
    const beta = await root.request("GET", "/v1/operator/games", undefined, { "x-operator-id": OTHER_OPERATOR.id });
    expect(beta.json.map((g: { gameId: string }) => g.gameId)).toContain("moonshot");
  });

  it("sends the wallet a signed, read-only test call and shows its answer", async () => {
    const alice = await signIn(server.url, "alice");
    const before = wallet.requests.length;
    const reply = await alice.request("POST", "/portal/api/test-call", { playerRef: "p-rich" });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ ok: true, balance: 123456, answer: JSON.stringify({ balance: 123456 }) });
    expect(reply.json.latencyMs).toBeGreaterThanOrEqual(0);
    const calls = wallet.requests.slice(before);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["GET /v1/wallet/balance?playerRef=p-rich"]);
    expect(calls[0]?.headers["x-tenant-id"]).toBe(OPERATOR.id);
    // The same route takes a signature, as every portal route does.
    const signed = await signedRequest(server.url, OPERATOR, "POST", "/portal/api/test-call", { playerRef: "p-0" });
    expect(signed.json).toMatchObject({ ok: true, balance: 0 });
  });

  it("ends the session server-side on sign-out: the same cookie opens nothing afterwards", async () => {
    const alice = await signIn(server.url, "alice");
    expect((await alice.request("GET", "/backoffice/api/me")).json.username).toBe("alice");
    const out = await alice.request("POST", "/backoffice/api/sign-out");
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    const after = await alice.request("GET", "/backoffice/api/me");
    expect(after.status).toBe(401);
    expect(after.json.error).toMatch(/sign in again/);
    expect((await alice.request("GET", "/v1/operator/games")).status).toBe(401);
  });

  it("leaves the signature path as it was: neither a signature nor a session is refused as before sessions existed", async () => {
    // The nonce is checked first (decisions.md §1): no signing headers at all is 400 `invalid nonce`.
    const bare = await toReply(await fetch(`${server.url}/v1/operator/games`));
    expect(bare.status).toBe(400);
    expect(bare.json).toMatchObject({ error: "invalid nonce" });
    const unsigned = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/games", undefined, { omit: ["X-Signature"] });
    expect(unsigned.status).toBe(401);
    expect(unsigned.text).toBe("invalid signature");
    // A signed call is judged by its signature alone, even with a valid session cookie beside it.
    const alice = await signIn(server.url, "alice");
    const badSignature = await signedRequest(server.url, { id: OPERATOR.id, secret: "wrong" }, "GET", "/v1/operator/games", undefined, {
      headers: { cookie: alice.cookie },
    });
    expect(badSignature.status).toBe(401);
    expect(badSignature.text).toBe("invalid signature");
    // A back-office route is never opened by a signature.
    expect((await signedRequest(server.url, OPERATOR, "GET", "/backoffice/api/me")).status).toBe(401);
  });
});

describe("back-office session expiry, https cookies and the admin CLI", () => {
  const dir = tempDir();
  const configFile = `${dir.path}/config.json`;
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    const json = {
      ...testConfigJson({ sqlitePath: `${dir.path}/croupier.db` }),
      backoffice: { sessionTtlSeconds: 1 },
      server: { host: "127.0.0.1", port: 0, publicBaseUrl: "https://croupier.example" },
    };
    writeFileSync(configFile, JSON.stringify(json));
    server = await startTestServer(json);
  });
  afterAll(async () => {
    await server?.close();
    dir.remove();
  });

  const admin = (...args: string[]) => runNodeScript(ADMIN_SCRIPT, ["backoffice-user", ...args, "--config", configFile]);

  it("creates, lists and removes accounts from the CLI beside the running service", async () => {
    const added = await admin("add", "--operator", OPERATOR.id, "--username", "carol", "--role", "manager");
    expect(added.stderr).toBe("");
    expect(added.code).toBe(0);
    const account = JSON.parse(added.stdout);
    expect(account).toMatchObject({ username: "carol", role: "manager", operatorId: OPERATOR.id });
    expect(account.password.length).toBeGreaterThanOrEqual(20);
    const platform = await admin("add", "--platform", "--username", "ops", "--role", "viewer");
    expect(JSON.parse(platform.stdout)).toMatchObject({ username: "ops", role: "viewer", operatorId: null, providerId: null });
    const studio = await admin("add", "--provider", PROVIDER.id, "--username", "star-desk", "--role", "viewer");
    expect(JSON.parse(studio.stdout)).toMatchObject({ username: "star-desk", role: "viewer", operatorId: null, providerId: PROVIDER.id });
    expect((await admin("add", "--provider", "prov-nowhere", "--username", "dan", "--role", "viewer")).stderr).toMatch(/unknown provider/);
    expect((await admin("add", "--provider", PROVIDER.id, "--platform", "--username", "dan", "--role", "viewer")).code).toBe(2);

    expect((await admin("add", "--operator", OPERATOR.id, "--username", "carol", "--role", "manager")).stderr).toMatch(/taken/);
    expect((await admin("add", "--operator", "op-nowhere", "--username", "dan", "--role", "manager")).stderr).toMatch(/unknown operator/);
    expect((await admin("add", "--username", "dan", "--role", "manager")).code).toBe(2);
    expect((await admin("add", "--platform", "--username", "dan", "--role", "owner")).stderr).toMatch(/viewer or manager/);

    const carol = await signIn(server.url, "carol", account.password as string);
    expect(carol.reply.status).toBe(200);
    const list = await admin("list");
    expect(
      list.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).username),
    ).toEqual(["carol", "ops", "star-desk"]);
    expect(list.stdout).not.toMatch(/scrypt|password/);

    expect((await admin("remove", "--username", "carol")).code).toBe(0);
    expect((await carol.request("GET", "/backoffice/api/me")).status).toBe(401);
    expect((await admin("remove", "--username", "carol")).code).toBe(1);
  });

  it("marks the cookie Secure behind an https address and signs the person out once the session expires", async () => {
    await server.services.backoffice.addUser({ username: "erin", operatorId: OPERATOR.id, role: "viewer", password: PASSWORD });
    const erin = await signIn(server.url, "erin");
    expect(erin.reply.headers.get("set-cookie")).toMatch(/; Max-Age=1; HttpOnly; SameSite=Strict; Secure$/);
    await eventually(async () => (await erin.request("GET", "/backoffice/api/me")).status === 401, 10_000, 100);
    expect((await erin.request("GET", "/v1/operator/games")).status).toBe(401);
  });
});
