import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseConfig } from "../src/config/parse.js";
import { SecretKeyError } from "../src/domain/ports/secrets.js";
import { callbackBody, requestFingerprint, type RelayableRequest } from "../src/domain/money/transaction-request.js";
import { MIGRATIONS } from "../src/store/migrations.js";
import { startServer, type RunningServer } from "../src/server.js";
import {
  ADMIN_SCRIPT,
  OPERATOR,
  PROVIDER,
  runNodeScript,
  sendJson,
  signedRequest,
  startScriptedPeer,
  startTestServer,
  tempDir,
  testConfigJson,
  type ScriptedPeer,
} from "./harness.js";
import { betRequest, launchSession, postTransaction, SERVICE_MAIN, spawnService, startTestWallet, type TestWallet } from "./wallet-harness.js";

/** Every byte of the database's files (main file, WAL, shared memory), as one string to search. */
function databaseBytes(dir: string, ...except: string[]): string {
  return readdirSync(dir)
    .filter((f) => f.startsWith("croupier.db") && !except.includes(f))
    .map((f) => readFileSync(join(dir, f)).toString("latin1"))
    .join("\n");
}

/** The raw bodies the wallet got for one transactionId, in order. */
const bodiesFor = (wallet: TestWallet, transactionId: string) =>
  wallet.requests
    .filter((r) => r.url === "/v1/wallet/transaction" && (JSON.parse(r.body) as { transactionId: string }).transactionId === transactionId)
    .map((r) => r.body);

describe("secrets and session tokens at rest (issue 17, item 7)", () => {
  let dir: ReturnType<typeof tempDir>;
  let wallet: TestWallet;
  let studio: ScriptedPeer;
  let server: RunningServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
    await wallet?.close();
    await studio?.close();
    dir?.remove();
  });

  async function start(): Promise<string> {
    dir = tempDir();
    wallet = await startTestWallet();
    studio = await startScriptedPeer((_req, res) => sendJson(res, 200, {}));
    server = await startTestServer(testConfigJson({ wallet: wallet.url, webhook: studio.url, sqlitePath: join(dir.path, "croupier.db") }));
    return server.url;
  }

  it("stores no session token, tenant secret or callback body readable, yet resends byte for byte and revokes by token", async () => {
    const url = await start();
    const token = await launchSession(url);
    expect((await postTransaction(url, betRequest(token, { transactionId: "bet-at-rest", roundId: "r-at-rest" }))).status).toBe(200);
    // The wallet fails the WIN once: the provider's retry makes the service resend the stored body.
    let failures = 1;
    wallet.fault = (tx) => (tx.transactionId === "win-at-rest" && failures-- > 0 ? { status: 500, body: {} } : undefined);
    const win = betRequest(token, { transactionId: "win-at-rest", type: "WIN", roundId: "r-at-rest", amount: 250, metadata: { n: 1.5 } });
    expect((await postTransaction(url, win)).status).toBe(500);
    expect((await postTransaction(url, win)).status).toBe(200);
    const sent = bodiesFor(wallet, "win-at-rest");
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    expect(JSON.parse(sent[0]!)).toMatchObject({ sessionToken: token });

    const rotated = await signedRequest(url, OPERATOR, "POST", "/portal/api/rotate-secret");
    expect(rotated.status).toBe(200);
    const newSecret = (rotated.json as { secret: string }).secret;
    const operatorNow = { id: OPERATOR.id, secret: newSecret };
    // The reconciliation API still shows the exact body sent, with its session token redacted.
    const detail = await signedRequest(url, operatorNow, "GET", "/v1/operator/transactions/prov-star/win-at-rest");
    expect(detail.status).toBe(200);
    expect((detail.json as { request: string }).request).toBe(sent[0]!.replace(token, "[redacted]"));
    // A kick names the session's token to its provider, though only its digest and sealed form are stored.
    expect((await signedRequest(url, operatorNow, "POST", "/v1/operator/players/kick", { playerRef: "p-1" })).json).toEqual({ revokedCount: 1 });
    await expect.poll(() => studio.requests.map((r) => r.url)).toContain("/v1/game/session/revoke");
    expect(JSON.parse(studio.requests.find((r) => r.url === "/v1/game/session/revoke")!.body)).toMatchObject({ sessionToken: token });

    await server!.close();
    server = undefined;
    const files = databaseBytes(dir.path);
    for (const secret of [token, token.slice(3), newSecret, OPERATOR.secret, PROVIDER.secret, '"sessionToken"']) {
      expect(files.includes(secret), `${secret} readable in the database files`).toBe(false);
    }
  });

  it("a restart with the same key opens everything; no key or another key is refused, saying why", async () => {
    const url = await start();
    const token = await launchSession(url);
    const rotated = (await signedRequest(url, OPERATOR, "POST", "/portal/api/rotate-secret")).json as { secret: string };
    await server!.close();
    server = undefined;
    const config = parseConfig(testConfigJson({ wallet: wallet.url, webhook: studio.url, sqlitePath: join(dir.path, "croupier.db") }));

    await expect(startServer(config, {})).rejects.toThrow(
      /holds tenant secrets and session tokens encrypted under CROUPIER_SECRET_KEY, which is not set/,
    );
    await expect(startServer(config, { secretKey: randomBytes(32) })).rejects.toThrow(SecretKeyError);
    await expect(startServer(config, { secretKey: randomBytes(32) })).rejects.toThrow(/not the key this database was encrypted with/);

    server = await startTestServer(testConfigJson({ wallet: wallet.url, webhook: studio.url, sqlitePath: join(dir.path, "croupier.db") }));
    expect((await signedRequest(server.url, { id: OPERATOR.id, secret: rotated.secret }, "GET", "/v1/operator/games")).status).toBe(200);
    const verified = await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: token });
    expect(verified.status).toBe(200);
    expect(verified.json).toMatchObject({ playerRef: "p-1", gameId: "starfall" });
  });

  it("the first start with a key seals what an older release stored in plaintext, and everything keeps working", async () => {
    dir = tempDir();
    wallet = await startTestWallet();
    const path = join(dir.path, "croupier.db");
    const legacyToken = "st_legacy-session-token-readable-on-disk";
    const legacySecret = "sk_legacy-rotated-secret-readable-on-disk";
    const win: RelayableRequest = {
      transactionId: "legacy-win",
      sessionToken: legacyToken,
      type: "WIN",
      roundId: "legacy-round",
      playerRef: "p-1",
      amount: 700,
      currency: "EUR",
      gameId: "starfall",
    };
    // A database as release 7 of the schema left it: a rotated secret, a live session and a WIN the wallet failed.
    const old = new Database(path);
    for (const migration of MIGRATIONS.filter((m) => m.version <= 7)) old.exec(migration.sql);
    old.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
    for (const m of MIGRATIONS.filter((m) => m.version <= 7))
      old.prepare("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(m.version, m.name, "2026-01-01T00:00:00Z");
    const now = Date.now();
    old
      .prepare(
        `INSERT INTO tenant_state (tenant_id, role, secret, previous_secret, previous_valid_until, callback_url, callback_timeout_ms,
      updated_at, secret_from_portal, callback_url_from_portal) VALUES (?, 'operator', ?, ?, ?, ?, 1000, ?, 1, 1)`,
      )
      .run(OPERATOR.id, legacySecret, OPERATOR.secret, Math.floor(now / 1000) + 3600, wallet.url, now);
    old
      .prepare(
        `INSERT INTO sessions (token, operator_id, provider_id, player_ref, game_id, currency, language, demo, created_at, expires_at)
      VALUES (?, ?, ?, 'p-1', 'starfall', 'EUR', NULL, 0, ?, ?)`,
      )
      .run(legacyToken, OPERATOR.id, PROVIDER.id, now, now + 3_600_000);
    const legacyBody = callbackBody(win);
    old
      .prepare(
        `INSERT INTO transactions (provider_id, transaction_id, operator_id, player_ref, game_id, round_id, type, amount, currency,
      request_hash, callback_body, state, attempts, last_error, created_at, updated_at)
      VALUES (?, 'legacy-win', ?, 'p-1', 'starfall', 'legacy-round', 'WIN', 700, 'EUR', ?, ?, 'FAILED', 1, 'wallet answered 500', ?, ?)`,
      )
      .run(PROVIDER.id, OPERATOR.id, requestFingerprint(win), legacyBody, now, now);
    old.close();

    server = await startTestServer(testConfigJson({ wallet: wallet.url, sqlitePath: path }));
    const url = server.url;
    expect((await signedRequest(url, { id: OPERATOR.id, secret: legacySecret }, "GET", "/v1/operator/games")).status).toBe(200);
    expect((await signedRequest(url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: legacyToken })).status).toBe(200);
    // The provider's retry resends the body stored before the upgrade, byte for byte.
    const retry = await postTransaction(url, win);
    expect(retry.status).toBe(200);
    expect(bodiesFor(wallet, "legacy-win")).toEqual([legacyBody]);
    await server.close();
    server = undefined;

    const files = databaseBytes(dir.path);
    for (const secret of [legacyToken, legacySecret, OPERATOR.secret, PROVIDER.secret, '"sessionToken"']) {
      expect(files.includes(secret), `${secret} still readable in the database files`).toBe(false);
    }
  });

  it("without a key the service process seals under one it keeps beside the database file and warns; without that file it refuses", async () => {
    dir = tempDir();
    wallet = await startTestWallet();
    const path = join(dir.path, "croupier.db");
    const configFile = join(dir.path, "config.json");
    const json = testConfigJson({ wallet: wallet.url, sqlitePath: path });
    const noKey = { CROUPIER_SECRET_KEY: "" };
    let service = await spawnService(configFile, json, noKey);
    let rotated: { secret: string };
    let token: string;
    try {
      expect(service.output()).toMatch(
        /CROUPIER_SECRET_KEY is not set: secrets are sealed under a key the service generated and keeps beside the database file/,
      );
      expect(statSync(`${path}.key`).mode & 0o777).toBe(0o600);
      token = await launchSession(service.url);
      rotated = (await signedRequest(service.url, OPERATOR, "POST", "/portal/api/rotate-secret")).json as { secret: string };
    } finally {
      await service.stop();
    }
    const files = databaseBytes(dir.path, "croupier.db.key");
    for (const secret of [token, rotated.secret, OPERATOR.secret, PROVIDER.secret]) {
      expect(files.includes(secret), `${secret} readable in the database files`).toBe(false);
    }
    // A restart reads the same key back: the rotated secret and the session still open.
    service = await spawnService(configFile, json, noKey);
    try {
      expect((await signedRequest(service.url, { id: OPERATOR.id, secret: rotated.secret }, "GET", "/v1/operator/games")).status).toBe(200);
      expect((await signedRequest(service.url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: token })).status).toBe(200);
    } finally {
      await service.stop();
    }
    rmSync(`${path}.key`);
    const refused = await runNodeScript(SERVICE_MAIN, ["--config", configFile], noKey);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^croupier: cannot start: the database holds tenant secrets and session tokens encrypted under CROUPIER_SECRET_KEY, which is not set/,
    );
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    // Refused, it does not also claim to seal under a key of its own.
    expect(`${refused.stdout}${refused.stderr}`).not.toContain("secrets are sealed under a key the service generated");
  });

  it("a malformed key stops the service process with a clear message and exit 2", async () => {
    dir = tempDir();
    const configFile = join(dir.path, "config.json");
    writeFileSync(configFile, JSON.stringify(testConfigJson({ sqlitePath: join(dir.path, "croupier.db") })));
    const malformed = await runNodeScript(SERVICE_MAIN, ["--config", configFile], { CROUPIER_SECRET_KEY: "not-a-key" });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/"CROUPIER_SECRET_KEY": must be 32 bytes written as 64 hexadecimal digits or in base64/);
    expect(malformed.stderr).not.toMatch(/\n\s+at /);
  });

  it("admin commands that open secrets need the database's key too; one that does not runs without it", async () => {
    const url = await start();
    await launchSession(url);
    await server!.close();
    server = undefined;
    const configFile = join(dir.path, "config.json");
    writeFileSync(configFile, JSON.stringify(testConfigJson({ webhook: studio.url, sqlitePath: join(dir.path, "croupier.db") })));
    const endSessions = (key: string) =>
      runNodeScript(ADMIN_SCRIPT, ["end-sessions", "--operator", OPERATOR.id, "--player", "p-1", "--reason", "FRAUD_HOLD", "--config", configFile], {
        CROUPIER_SECRET_KEY: key,
      });
    const missing = await endSessions("");
    expect([missing.code, missing.stderr]).toEqual([
      2,
      expect.stringMatching(/^admin end-sessions: the database holds tenant secrets and session tokens encrypted/),
    ]);
    const wrong = await endSessions(randomBytes(32).toString("hex"));
    expect([wrong.code, wrong.stderr]).toEqual([2, "admin end-sessions: CROUPIER_SECRET_KEY is not the key this database was encrypted with\n"]);
    const listed = await runNodeScript(ADMIN_SCRIPT, ["problems", "--config", configFile], { CROUPIER_SECRET_KEY: "" });
    expect(listed.code).toBe(0);
    // With the key, the kick opens the sealed token and names it to the provider.
    const ended = await endSessions(process.env.CROUPIER_SECRET_KEY!);
    expect([ended.code, ended.stdout]).toEqual([0, '{"revokedCount":1}\n']);
    expect(studio.requests.filter((r) => r.url === "/v1/game/session/revoke")).toHaveLength(1);
  });
});
