import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  OPERATOR, PROVIDER, isSignedFor, runNodeScript, sendJson, signedRequest, startScriptedPeer, startTestServer, tempDir, testConfigJson,
  type ScriptedPeer,
} from "./harness.js";

const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const ADMIN = fileURLToPath(new URL("../dist/admin.js", import.meta.url));
const GRANTS = "/v1/operator/free-spins/grants";

/** Free spins across process boundaries: a crash mid-grant, and the admin status pull (built CLIs, file database). */
describe("free spins: crash recovery and the admin grant-status command", () => {
  const dir = tempDir();
  const configFile = `${dir.path}/config.json`;
  let provider: ScriptedPeer;
  let holdGrants = true;
  let statusAnswer: { status: number; body: string } = { status: 200, body: '{"remainingSpins":7,"completed":false}' };

  beforeAll(async () => {
    provider = await startScriptedPeer((req, res) => {
      if (req.url === "/v1/game/free-spins/grant") {
        if (holdGrants) return; // never answers: the service dies while waiting
        return sendJson(res, 200, { externalRef: `ext-${req.json.requestRef}` });
      }
      if (req.url === "/v1/game/free-spins/status") {
        res.writeHead(statusAnswer.status, { "content-type": "application/json" });
        res.end(statusAnswer.body);
        return;
      }
      sendJson(res, 404, {});
    });
    writeFileSync(configFile, JSON.stringify({ ...testConfigJson({ webhook: provider.url, sqlitePath: `${dir.path}/croupier.db` }), logLevel: "info" }));
  });
  afterAll(async () => {
    await provider?.close();
    dir.remove();
  });

  const grantCalls = () => provider.requests.filter((r) => r.url === "/v1/game/free-spins/grant");
  let interruptedId = "";
  let activeGrant: any;

  it("a grant left pending by a crashed process is failed as interrupted at the next start, and its key stays consumed", async () => {
    const child = spawn(process.execPath, [MAIN, "--config", configFile], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    const exited = new Promise((resolve) => child.on("exit", resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("service did not start")), 10_000);
        child.stdout.on("data", () => {
          const match = /"url":"(http:\/\/[^"]+)"/.exec(stdout);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
      });
      const body = { playerRef: "p-crash", gameId: "starfall", spins: 5, currency: "EUR", idempotencyKey: "crash-key" };
      const inFlight = signedRequest(url, OPERATOR, "POST", GRANTS, body).catch((error: unknown) => error);
      const deadline = Date.now() + 10_000;
      while (grantCalls().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(grantCalls()).toHaveLength(1);
      interruptedId = JSON.parse(grantCalls()[0]!.body).requestRef;
      child.kill("SIGKILL");
      await exited;
      expect(await inFlight).toBeInstanceOf(Error);
    } finally {
      child.kill("SIGKILL");
    }

    holdGrants = false;
    const server = await startTestServer(testConfigJson({ webhook: provider.url, sqlitePath: `${dir.path}/croupier.db` }));
    try {
      const grant = (await signedRequest(server.url, OPERATOR, "GET", `${GRANTS}/${interruptedId}`)).json;
      expect(grant).toMatchObject({ id: interruptedId, status: "failed", idempotencyKey: "crash-key" });
      expect(grant.lastError).toMatch(/^interrupted/);
      const repeat = await signedRequest(server.url, OPERATOR, "POST", GRANTS, { playerRef: "p-crash", gameId: "starfall", spins: 5, currency: "EUR", idempotencyKey: "crash-key" });
      expect(repeat.json).toEqual(grant);
      expect(grantCalls()).toHaveLength(1);

      activeGrant = (await signedRequest(server.url, OPERATOR, "POST", GRANTS, { playerRef: "p-admin", gameId: "starfall", spins: 9, currency: "EUR", idempotencyKey: "admin-key" })).json;
      expect(activeGrant.status).toBe("active");
    } finally {
      await server.close();
    }
  });

  it("grant-status asks the provider through the signed status webhook and prints remainingSpins and completed", async () => {
    const result = await runNodeScript(ADMIN, ["grant-status", activeGrant.id, "--config", configFile]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`grant ${activeGrant.id}`);
    expect(result.stdout).toContain("remainingSpins: 7\n");
    expect(result.stdout).toContain("completed: false\n");
    const calls = provider.requests.filter((r) => r.url === "/v1/game/free-spins/status");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers["x-tenant-id"]).toBe(PROVIDER.id);
    expect(isSignedFor(calls[0]!, PROVIDER)).toBe(true);
    expect(JSON.parse(calls[0]!.body)).toEqual({ externalRef: activeGrant.externalRef, playerRef: "p-admin", gameId: "starfall" });
  });

  it("grant-status exits non-zero with a clear message when it cannot answer", async () => {
    statusAnswer = { status: 500, body: '{"error":"status backend down"}' };
    const failed = await runNodeScript(ADMIN, ["grant-status", activeGrant.id], { CROUPIER_CONFIG: configFile });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/provider answered 500: .*status backend down/);

    statusAnswer = { status: 200, body: '{"remainingSpins":"many"}' };
    const malformed = await runNodeScript(ADMIN, ["grant-status", activeGrant.id, "--config", configFile]);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toMatch(/without remainingSpins and completed/);

    const noRef = await runNodeScript(ADMIN, ["grant-status", interruptedId, "--config", configFile]);
    expect(noRef.code).toBe(1);
    expect(noRef.stderr).toMatch(/is failed and has no provider reference/);

    const unknown = await runNodeScript(ADMIN, ["grant-status", crypto.randomUUID(), "--config", configFile]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no grant/);

    const usage = await runNodeScript(ADMIN, ["grant-status", "--config", configFile]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage: npm run admin -- grant-status <grantId>/);
    const unknownCommand = await runNodeScript(ADMIN, ["frobnicate"]);
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toMatch(/unknown command "frobnicate"/);
    // Help that was asked for is no mistake: usage on stdout, exit 0.
    const help = await runNodeScript(ADMIN, ["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Commands:\n  grant-status <grantId>/);
  });
});
