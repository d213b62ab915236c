import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { parseConfig, ConfigError } from "../src/config/parse.js";
import { tempDir, testConfigJson } from "./harness.js";

const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));

function run(args: string[], env: Record<string, string> = {}, nodeArgs: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs, MAIN, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe("running the service (decisions.md §3)", () => {
  const dir = tempDir();
  afterAll(() => dir.remove());

  it("a bad configuration stops the start with a message naming the key", async () => {
    const file = `${dir.path}/bad.json`;
    const json = testConfigJson() as { operators: { callbackTimeoutMs?: unknown }[] };
    json.operators[0]!.callbackTimeoutMs = "soon";
    writeFileSync(file, JSON.stringify(json));
    const proc = run(["--config", file]);
    expect(await proc.exited).toBe(2);
    expect(proc.output().stderr).toContain('"operators[0].callbackTimeoutMs"');
    const missing = run([], { CROUPIER_CONFIG: `${dir.path}/nope.json` });
    expect(await missing.exited).toBe(2);
    expect(missing.output().stderr).toMatch(/cannot read/);
  });

  it("names the key for every kind of mistake", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...testConfigJson(), operators: undefined }, "operators"],
      [{ ...testConfigJson(), server: { port: 70000 } }, "server.port"],
      [{ ...testConfigJson(), limits: { rateLimit: { requestsPerSecond: -1, burst: 1 } } }, "limits.rateLimit.requestsPerSecond"],
      [{ ...testConfigJson(), reconciler: { staleRoundSeconds: "soon" } }, "reconciler.staleRoundSeconds"],
      [{ ...testConfigJson(), allowPrivateCallbackAddresses: "yes" }, "allowPrivateCallbackAddresses"],
      [{ ...testConfigJson(), campaigns: [{ id: "c", gameId: "nope", spins: 1, currency: "EUR" }] }, "campaigns[0].gameId"],
    ];
    for (const [json, key] of cases) {
      expect(() => parseConfig(json), key).toThrow(ConfigError);
      try {
        parseConfig(json);
      } catch (error) {
        expect((error as ConfigError).key).toBe(key);
      }
    }
    const providers = testConfigJson().providers as Record<string, unknown>[];
    expect(() => parseConfig({ ...testConfigJson(), providers: [{ ...providers[0], currencies: ["eur"] }, providers[1]] })).toThrow(
      /providers\[0\]\.currencies\[0\]/,
    );
  });

  it("reads null as absent, accepts zero and fractional durations, and fills a partial rate limit from the defaults", () => {
    const json = testConfigJson() as Record<string, any>;
    json.limits = { rateLimit: { requestsPerSecond: 5 }, replayLinkSeconds: 1.5, sessionTtlSeconds: 0.5, clockSkewSeconds: 300 };
    json.reconciler = { staleRoundSeconds: 0.5, sweepIntervalSeconds: 0 };
    json.settlementRetry = { initialDelaySeconds: 0, maxDelaySeconds: 0, horizonSeconds: 1 };
    json.database = null;
    json.campaigns = null;
    json.operators[0].callbackUrl = null;
    json.operators[1].callbackUrl = "";
    json.operators[1].rateLimit = { burst: 3 };
    json.providers[0].webhookUrl = null;
    json.providers[0].games[0].replayBaseUrl = null;
    json.providers[0].games[1].launchBaseUrl = "https://games.example/nebula/";
    const config = parseConfig(json);
    expect(config.limits.rateLimit).toEqual({ requestsPerSecond: 5, burst: 200 });
    expect(config.operators[1]!.rateLimit).toEqual({ requestsPerSecond: 5, burst: 3 });
    expect(config.reconciler).toEqual({ staleRoundSeconds: 0.5, sweepIntervalSeconds: 0 });
    expect(config.limits.replayLinkSeconds).toBe(1.5);
    expect(config.database).toEqual({ sqlitePath: "./data/croupier.db", synchronous: "FULL" });
    expect(config.campaigns).toEqual([]);
    expect(config.operators[0]!.callbackUrl).toBeUndefined();
    expect(config.operators[1]!.callbackUrl).toBeUndefined();
    expect(config.providers[0]!.webhookUrl).toBeUndefined();
    expect(config.providers[0]!.games[0]!.replayBaseUrl).toBe("");
    expect(config.providers[0]!.games[1]!.launchBaseUrl).toBe("https://games.example/nebula/");
  });

  /** Resolves with the service's address once it logged that it listens. */
  function listening(proc: ReturnType<typeof run>): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        proc.child.kill("SIGKILL");
        reject(new Error(`no start: ${proc.output().stderr}`));
      }, 30_000);
      proc.child.stdout.on("data", () => {
        const match = /"url":"(http:\/\/[^"]+)"/.exec(proc.output().stdout);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
  }

  it("starts from CROUPIER_CONFIG, answers /healthz, logs JSON lines without secrets, and drains on SIGTERM", async () => {
    const file = `${dir.path}/good.json`;
    writeFileSync(file, JSON.stringify({ ...testConfigJson({ sqlitePath: `${dir.path}/db.sqlite` }), logLevel: "info" }));
    const proc = run([], { CROUPIER_CONFIG: file });
    const url = await listening(proc);
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    proc.child.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
    const lines = proc
      .output()
      .stdout.trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.some((l) => l.route === "/healthz" && l.status === 200 && typeof l.latencyMs === "number")).toBe(true);
    expect(proc.output().stdout).not.toContain("op-secret-1");
  });

  it("starts with a heap growth chosen on the node command line, as docs/running.md shows", async () => {
    const file = `${dir.path}/heap.json`;
    writeFileSync(file, JSON.stringify({ ...testConfigJson({ sqlitePath: `${dir.path}/heap.sqlite` }), logLevel: "info" }));
    const proc = run(["--config", file], {}, ["--heap-growing-percent=80"]);
    const health = await fetch(`${await listening(proc)}/healthz`);
    expect(health.status).toBe(200);
    proc.child.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
  });
});
