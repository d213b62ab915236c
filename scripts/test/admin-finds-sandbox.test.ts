import { join, resolve } from "node:path";
import { createOperatorClient } from "@croupier/sdk-operator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxBanner } from "../src/sandbox/sandbox-banner.js";
import { startSandbox, type RunningSandbox } from "../src/sandbox/sandbox.js";
import { startNodeProcess, tempDir } from "./process-harness.js";

const root = resolve(import.meta.dirname, "../..");
const ADMIN = join(root, "server/dist/admin.js");
const SERVER = join(root, "server/dist/main.js");
/** No configuration or key from the test's own environment: the admin command must find the sandbox's. */
const BARE = { CROUPIER_CONFIG: "", CROUPIER_SECRET_KEY: "", CROUPIER_SECRET_KEY_FILE: "" };

async function admin(args: string[], env: Record<string, string>) {
  const run = startNodeProcess(ADMIN, args, { cwd: root, env: { ...BARE, ...env } });
  return { code: await run.exited, stdout: run.stdout(), stderr: run.stderr() };
}

describe("npm run admin beside a running sandbox, without --config", () => {
  const dir = tempDir();
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ dataDir: dir.path, servicePort: 0, walletPort: 0, providerPort: 0, logLevel: "silent" });
  }, 60_000);
  afterAll(async () => {
    await sandbox?.close();
    dir.remove();
  });

  it("runs the banner's problems command as printed, on the sandbox's configuration", async () => {
    const banner = sandboxBanner(sandbox, { service: join(dir.path, "sandbox.db"), wallet: join(dir.path, "sandbox-wallet.db") });
    const line = banner.split("\n").find((l) => l.includes("npm run admin -- problems")) ?? "";
    const printed = /^\s*CROUPIER_SANDBOX_DATA_DIR=(\S+) npm run admin -- (problems)\s/.exec(line);
    expect(printed?.[1]).toBe(dir.path);
    const result = await admin([printed?.[2] ?? "missing"], { CROUPIER_SANDBOX_DATA_DIR: printed?.[1] ?? "missing" });
    expect([result.code, result.stdout]).toEqual([0, ""]);
    expect(result.stderr).toContain(`using the running sandbox's configuration ${sandbox.configPath} (from ${sandbox.targetPath})`);
  });

  it("unlocks the sandbox's database with its key file: end-sessions ends a live session", async () => {
    const { operator, serviceUrl, gameId, currency } = sandbox.target;
    const client = createOperatorClient({ baseUrl: serviceUrl, tenantId: operator.id, secret: operator.secret });
    const launched = await client.launchGame({ playerRef: "p-admin", gameId, currency, mode: "REAL", language: "en" });
    expect(launched.error).toBeUndefined();
    const result = await admin(["end-sessions", "--operator", operator.id, "--player", "p-admin", "--reason", "KICK"], {
      CROUPIER_SANDBOX_DATA_DIR: dir.path,
    });
    expect([result.code, result.stdout.trim()]).toEqual([0, JSON.stringify({ revokedCount: 1 })]);
  });

  it("with neither --config, CROUPIER_CONFIG nor a running sandbox, says so and exits 2", async () => {
    const empty = tempDir();
    try {
      const result = await admin(["problems"], { CROUPIER_SANDBOX_DATA_DIR: empty.path });
      expect(result.code).toBe(2);
      expect(result.stderr.trim()).toBe(
        "admin problems: no configuration file: pass --config FILE or set CROUPIER_CONFIG (or start the sandbox with npm start: " +
          `no running sandbox was found, ${join(empty.path, "sandbox.json")} does not exist)`,
      );
    } finally {
      empty.remove();
    }
  });

  // Last: it stops the sandbox. Without the key file the service refuses the database the sandbox encrypted.
  it("prints a command that runs the service alone on the stopped sandbox's database, its key file included", async () => {
    const banner = sandboxBanner(sandbox, { service: join(dir.path, "sandbox.db"), wallet: join(dir.path, "sandbox-wallet.db") });
    const line = banner.split("\n").find((l) => l.startsWith("Configuration: ")) ?? "";
    const printed = /with CROUPIER_SECRET_KEY_FILE=(\S+) npm run server -- --config (\S+)\)$/.exec(line);
    expect(printed?.slice(1)).toEqual([sandbox.target.secretKeyFile, sandbox.configPath]);
    await sandbox.close();
    const server = startNodeProcess(SERVER, ["--config", printed?.[2] ?? "missing"], {
      cwd: root,
      env: { ...BARE, CROUPIER_SECRET_KEY_FILE: printed?.[1] ?? "missing" },
    });
    let ready = 0;
    for (let tries = 0; tries < 200 && ready !== 200; tries++) {
      ready = await fetch(`${sandbox.target.serviceUrl}/readyz`).then(
        (r) => r.status,
        () => new Promise<number>((done) => setTimeout(() => done(0), 100)),
      );
    }
    server.child.kill("SIGTERM");
    expect([ready, await server.exited, server.stderr()]).toEqual([200, 0, ""]);
  });
});
