import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseConfig } from "../src/config/parse.js";
import { startServer, type RunningServer } from "../src/server.js";
import { signIn } from "./backoffice-harness.js";
import { stopAll } from "./cluster/cluster-support.js";
import {
  ADMIN_SCRIPT,
  OPERATOR,
  PROVIDER,
  runNodeScript,
  sendJson,
  signedRequest,
  startScriptedPeer,
  tempDir,
  testConfigJson,
  testSecretKey,
  type ScriptedPeer,
} from "./harness.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "./postgres.js";
import { betRequest, eventually, launchSession, postTransaction, startHoldingWallet, startTestWallet, type TestWallet } from "./wallet-harness.js";

/**
 * Every admin command on a PostgreSQL configuration, beside a running instance on the same database: the built CLI
 * composes the same services as the service (compose.ts), so what one writes the other sees at once.
 */
describePostgres("the admin commands on PostgreSQL", () => {
  const dir = tempDir();
  const configFile = `${dir.path}/config.json`;
  let database: TestDatabase;
  let wallet: TestWallet;
  let provider: ScriptedPeer;
  let server: RunningServer;
  const others: (RunningServer | undefined)[] = [];
  const databases: TestDatabase[] = [];

  /** The test configuration on `url`, with this file's wallet and provider. */
  const configOn = (url: string, overrides: Record<string, unknown> = {}) => ({
    ...testConfigJson({ wallet: wallet.url, webhook: provider.url, ...overrides }),
    database: { url, poolSize: 2 },
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    databases.push(database);
    wallet = await startTestWallet(10_000);
    provider = await startScriptedPeer((req, res) => {
      if (req.url === "/v1/game/free-spins/grant") return sendJson(res, 200, { externalRef: `ext-${req.json.requestRef}` });
      if (req.url === "/v1/game/free-spins/status") return sendJson(res, 200, { remainingSpins: 7, completed: false });
      sendJson(res, 200, {});
    });
    // A WIN the wallet never applies becomes a problem within a second (for `admin problems`).
    const json = configOn(database.url, { settlementRetry: { initialDelaySeconds: 0.02, maxDelaySeconds: 0.05, horizonSeconds: 0.3 } });
    writeFileSync(configFile, JSON.stringify(json));
    server = await startServer(parseConfig(json), { instanceId: "pg-admin-1", secretKey: testSecretKey() });
  });
  afterAll(async () => {
    await stopAll([server, ...others]);
    await Promise.allSettled(databases.map((d) => d.drop()));
    await wallet?.close();
    await provider?.close();
    dir.remove();
  });

  const admin = (args: string[], env: Record<string, string> = {}, file = configFile) =>
    runNodeScript(ADMIN_SCRIPT, [...args, "--config", file], env);
  const adjustArgs = (player: string, id: string, amount: string) =>
    ["adjust", "--operator", OPERATOR.id, "--player", player, "--game", "starfall", "--currency", "EUR"].concat([
      "--amount",
      amount,
      "--direction",
      "CREDIT",
      "--id",
      id,
    ]);
  const adjustmentCalls = (id: string) => wallet.transactionCalls().filter((tx) => tx.transactionId === `adjustment:${id}`);

  it("adjust goes through the relay into the shared ledger: once per id, a failure resent only by running it again", async () => {
    const first = await admin(adjustArgs("p-adj", "pg-1", "1500"));
    expect([first.code, first.stderr]).toEqual([0, ""]);
    expect(JSON.parse(first.stdout)).toEqual({ transactionId: "adjustment:pg-1", status: "OK", balance: 10_000 });
    expect(adjustmentCalls("pg-1")).toEqual([expect.objectContaining({ type: "ADJUSTMENT", direction: "CREDIT", amount: 1500 })]);
    // The running instance reads the record the tool wrote.
    const record = await server.services.transactions.find({ providerId: "system:admin", transactionId: "adjustment:pg-1" });
    expect(record).toMatchObject({ state: "OK", type: "ADJUSTMENT", amount: 1500, operatorId: OPERATOR.id });

    const again = await admin(adjustArgs("p-adj", "pg-1", "1500"));
    expect(JSON.parse(again.stdout)).toMatchObject({ transactionId: "adjustment:pg-1", status: "OK" });
    expect(adjustmentCalls("pg-1")).toHaveLength(1);
    const reused = await admin(adjustArgs("p-adj", "pg-1", "9999"));
    expect([reused.code, reused.stderr]).toEqual([1, expect.stringMatching(/already used with a different request/)]);

    wallet.fault = (tx) => (tx.transactionId === "adjustment:pg-2" ? { status: 500, body: { error: "ledger locked" } } : undefined);
    const failed = await admin(adjustArgs("p-adj", "pg-2", "300"));
    expect([failed.code, failed.stderr]).toEqual([
      1,
      expect.stringMatching(/did not apply adjustment:pg-2 \(FAILED: .*500.*\); run the command again/),
    ]);
    wallet.fault = undefined;
    await server.services.settlementRetry.runOnce();
    expect(adjustmentCalls("pg-2")).toHaveLength(1);
    const resent = await admin(adjustArgs("p-adj", "pg-2", "300"));
    expect(resent.code).toBe(0);
    expect(adjustmentCalls("pg-2").map((tx) => JSON.stringify(tx))).toEqual(Array(2).fill(JSON.stringify(adjustmentCalls("pg-2")[0])));
  });

  it("adjust killed mid-call: a rerun within the callback timeout is refused as in flight, after it the identical body applies once", async () => {
    const LEASE_MS = 8000;
    const { peer, applied, release } = await startHoldingWallet();
    // A database of its own: the file's callback URL seeds a database once, and this one must call the holding wallet.
    const own = await createTestDatabase();
    databases.push(own);
    const killFile = `${dir.path}/kill.json`;
    const json = testConfigJson({ wallet: peer.url }) as { operators: { callbackTimeoutMs: number }[]; database: unknown };
    json.database = { url: own.url };
    // A callback timeout (the claim's lease) long enough that the rerun below starts well inside it on a loaded machine.
    for (const operator of json.operators) operator.callbackTimeoutMs = LEASE_MS;
    writeFileSync(killFile, JSON.stringify(json));
    const args = [ADMIN_SCRIPT, ...adjustArgs("p-kill", "pg-k", "30"), "--config", killFile];
    try {
      const child = spawn(process.execPath, args, { stdio: "ignore" });
      const exited = new Promise((resolve) => child.on("exit", resolve));
      await eventually(() => peer.requests.length === 1, 10_000, 10);
      // The claim's lease began before the wallet saw the call: it has run out by this time, whatever the rerun below took.
      const leaseOver = Date.now() + LEASE_MS + 100;
      child.kill("SIGKILL");
      await exited;
      release();
      const early = await runNodeScript(ADMIN_SCRIPT, args.slice(1));
      expect([early.code, early.stderr]).toEqual([1, expect.stringMatching(/in flight/)]);
      await new Promise((r) => setTimeout(r, leaseOver - Date.now()));
      const rerun = await runNodeScript(ADMIN_SCRIPT, args.slice(1));
      expect([rerun.code, rerun.stderr]).toEqual([0, ""]);
      expect(JSON.parse(rerun.stdout)).toEqual({ transactionId: "adjustment:pg-k", status: "OK", balance: 1030 });
      expect(peer.requests.map((r) => r.body)).toEqual([peer.requests[0]!.body, peer.requests[0]!.body]);
      expect(applied.size).toBe(1);
    } finally {
      await peer.close();
    }
  }, 60_000);

  it("end-sessions ends the player's sessions for every instance and tells the provider; it needs the database's key", async () => {
    const token = await launchSession(server.url, { playerRef: "p-excl" });
    const verify = async () => (await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: token })).status;
    const endArgs = ["end-sessions", "--operator", OPERATOR.id, "--player", "p-excl", "--reason", "SELF_EXCLUSION"];
    const missing = await admin(endArgs, { CROUPIER_SECRET_KEY: "" });
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringMatching(/^admin end-sessions: the database holds tenant secrets/)]);
    const wrong = await admin(endArgs, { CROUPIER_SECRET_KEY: randomBytes(32).toString("hex") });
    expect([wrong.code, wrong.stderr]).toEqual([2, "admin end-sessions: CROUPIER_SECRET_KEY is not the key this database was encrypted with\n"]);
    expect(await verify()).toBe(200);

    const ended = await admin(endArgs);
    expect([ended.code, ended.stdout, ended.stderr]).toEqual([0, '{"revokedCount":1}\n', ""]);
    expect(await verify()).toBe(401);
    const revokes = provider.requests.filter((r) => r.url === "/v1/game/session/revoke").map((r) => JSON.parse(r.body));
    expect(revokes).toEqual([{ sessionToken: token, playerRef: "p-excl", gameId: "starfall", reason: "SELF_EXCLUSION" }]);
  });

  it("issue-grant and grant-status: the grant the tool issued is the operator's on the running instance", async () => {
    const issued = await admin(["issue-grant", "--operator", OPERATOR.id, "--player", "p-fs", "--campaign", "welcome-10", "--key", "pg-key"]);
    expect([issued.code, issued.stderr]).toEqual([0, ""]);
    const grant = JSON.parse(issued.stdout);
    expect(grant).toMatchObject({ status: "active", spins: 10, gameId: "starfall" });
    const seen = await signedRequest(server.url, OPERATOR, "GET", `/v1/operator/free-spins/grants/${grant.id}`);
    expect([seen.status, seen.json.status]).toEqual([200, "active"]);
    const repeat = await admin(["issue-grant", "--operator", OPERATOR.id, "--player", "p-fs", "--campaign", "welcome-10", "--key", "pg-key"]);
    expect(JSON.parse(repeat.stdout)).toEqual(grant);
    expect(provider.requests.filter((r) => r.url === "/v1/game/free-spins/grant")).toHaveLength(1);

    const status = await admin(["grant-status", grant.id]);
    expect([status.code, status.stderr]).toEqual([0, ""]);
    expect(status.stdout).toMatch(/remainingSpins: 7\ncompleted: false\n$/);
    expect((await admin(["grant-status", "no-such-grant"])).code).toBe(1);
  });

  it("problems lists the credits the running instance gave up on, without the key and from CROUPIER_DATABASE_URL", async () => {
    const token = await launchSession(server.url, { playerRef: "p-prob" });
    wallet.fault = (tx) => (tx.playerRef === "p-prob" ? { status: 502, body: { error: "never" } } : undefined);
    try {
      const win = betRequest(token, { type: "WIN", amount: 5, playerRef: "p-prob" });
      expect((await postTransaction(server.url, win)).status).toBe(500);
      await eventually(async () => (await server.services.transactions.problems()).some((p) => p.transactionId === win.transactionId), 10_000, 50);
      // The database only in the environment, as a deployment may give it, and no key: listing opens nothing sealed.
      const { database: _database, ...json } = configOn(database.url);
      const envFile = `${dir.path}/env.json`;
      writeFileSync(envFile, JSON.stringify(json));
      const listed = await admin(["problems"], { CROUPIER_SECRET_KEY: "", CROUPIER_DATABASE_URL: database.url }, envFile);
      expect([listed.code, listed.stderr]).toEqual([0, "1 problem transaction(s)\n"]);
      expect(JSON.parse(listed.stdout)).toMatchObject({ transactionId: win.transactionId, type: "WIN", amount: 5, operatorId: OPERATOR.id });
    } finally {
      wallet.fault = undefined;
    }
  });

  it("backoffice-user adds, lists and removes accounts the running instance signs in with", async () => {
    const added = await admin(["backoffice-user", "add", "--operator", OPERATOR.id, "--username", "pg-carol", "--role", "manager"]);
    expect([added.code, added.stderr]).toEqual([0, ""]);
    const { password } = JSON.parse(added.stdout) as { password: string };
    const carol = await signIn(server.url, "pg-carol", password);
    expect(carol.reply.status).toBe(200);
    const list = await admin(["backoffice-user", "list"]);
    expect(
      list.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).username),
    ).toEqual(["pg-carol"]);
    expect((await admin(["backoffice-user", "add", "--operator", "op-nowhere", "--username", "dan", "--role", "viewer"])).stderr).toMatch(
      /unknown operator/,
    );
    expect((await admin(["backoffice-user", "remove", "--username", "pg-carol"])).code).toBe(0);
    expect((await carol.request("GET", "/backoffice/api/me")).status).toBe(401);
  });

  it("without CROUPIER_SECRET_KEY the tool uses the key the database generated, as the instances do, and refuses another", async () => {
    const fresh = await createTestDatabase();
    databases.push(fresh);
    const freshFile = `${dir.path}/fresh.json`;
    writeFileSync(freshFile, JSON.stringify(configOn(fresh.url)));
    const endArgs = ["end-sessions", "--operator", OPERATOR.id, "--player", "p-gen", "--reason", "KICK"];
    // The tool first: it migrates the database and stores the generated key, which the instance then starts with.
    const first = await admin(endArgs, { CROUPIER_SECRET_KEY: "" }, freshFile);
    expect([first.code, first.stdout, first.stderr]).toEqual([0, '{"revokedCount":0}\n', ""]);
    const instance = await startServer(parseConfig(configOn(fresh.url)), { instanceId: "pg-admin-gen" });
    others.push(instance);
    const token = await launchSession(instance.url, { playerRef: "p-gen" });
    const keyed = await admin(endArgs, {}, freshFile);
    expect([keyed.code, keyed.stderr]).toEqual([2, expect.stringMatching(/sealed under a key it generated and keeps itself/)]);
    const ended = await admin(endArgs, { CROUPIER_SECRET_KEY: "" }, freshFile);
    expect([ended.code, ended.stdout]).toEqual([0, '{"revokedCount":1}\n']);
    expect(provider.requests.filter((r) => r.url === "/v1/game/session/revoke").map((r) => JSON.parse(r.body).sessionToken)).toContain(token);
  });
});
