import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { eventually, launchSession, betRequest, postTransaction, SERVICE_MAIN, startTestWallet, type TestWallet } from "./wallet-harness.js";
import { tempDir, testConfigJson } from "./harness.js";

/** The service as a real process, with every stdout line kept (the log lines are the subject here). */
function startProcess(configFile: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [SERVICE_MAIN, "--config", configFile], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = async () => {
    await eventually(() => /"url":"http/.test(stdout) || child.exitCode !== null, 15_000);
    const match = /"url":"(http:\/\/[^"]+)"/.exec(stdout);
    if (!match?.[1]) throw new Error(`service did not start: ${stderr}`);
    return match[1];
  };
  return { child, exited, url, output: () => ({ stdout, stderr }) };
}

describe("operations: readiness, metrics, instance id", () => {
  const dir = tempDir();
  let wallet: TestWallet;
  afterAll(async () => {
    await wallet?.close();
    dir.remove();
  });

  it("answers /readyz, counts requests and wallet calls in /metrics, and names its instance in every log line", async () => {
    wallet = await startTestWallet();
    const configFile = `${dir.path}/ops.json`;
    writeFileSync(configFile, JSON.stringify({ ...testConfigJson({ wallet: wallet.url, sqlitePath: `${dir.path}/ops.db` }), logLevel: "info" }));
    const service = startProcess(configFile, { CROUPIER_INSTANCE_ID: "inst-7", CROUPIER_DRAIN_DELAY_MS: "4000" });
    const url = await service.url();

    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });

    const token = await launchSession(url);
    expect((await postTransaction(url, betRequest(token, { amount: 150 }))).status).toBe(200);
    wallet.fault = () => ({ status: 500, body: { error: "down" } });
    expect((await postTransaction(url, betRequest(token, { amount: 10 }))).status).toBe(500);
    await fetch(`${url}/no/such/route/${"x".repeat(20)}`);

    const scrape = await fetch(`${url}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    const sample = (name: string, labels: Record<string, string>) => {
      const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
      return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
    };
    expect(sample("croupier_http_requests_total", { route: "/v1/wallet/transaction", method: "POST", status: "200", instance_id: "inst-7" })).toBe(1);
    expect(sample("croupier_http_requests_total", { route: "/v1/wallet/transaction", method: "POST", status: "500" })).toBe(1);
    expect(sample("croupier_http_requests_total", { route: "/v1/operator/games/launch", method: "POST", status: "200" })).toBe(1);
    // An unmatched path is counted under one label, never its raw path: an attacker cannot grow the metrics.
    expect(sample("croupier_http_requests_total", { route: "(unmatched)", status: "400" })).toBe(1);
    expect(text).not.toContain("/no/such/route");
    expect(sample("croupier_http_request_duration_seconds_count", { route: "/v1/wallet/transaction", status: "200" })).toBe(1);
    expect(sample("croupier_wallet_calls_total", { operator: "op-acme", outcome: "OK" })).toBe(1);
    expect(sample("croupier_wallet_calls_total", { operator: "op-acme", outcome: "FAILED" })).toBe(1);
    expect(sample("croupier_wallet_call_duration_seconds_count", { operator: "op-acme", outcome: "OK" })).toBe(1);
    expect(text).toMatch(/^croupier_transactions_pending\{instance_id="inst-7"\} 0$/m);
    expect(text).toMatch(/^croupier_transactions_problems\{instance_id="inst-7"\} 0$/m);
    expect(text).toMatch(/^croupier_process_cpu_user_seconds_total/m);
    // What docs/running.md's sizing reads: the process's CPU seconds, user and system together.
    expect(text).toMatch(/^croupier_process_cpu_seconds_total\{instance_id="inst-7"\} \d/m);

    // SIGTERM: /readyz turns 503 at once while the listener stays open for the drain delay; /healthz stays up.
    service.child.kill("SIGTERM");
    await eventually(async () => (await fetch(`${url}/readyz`)).status === 503, 3000);
    const draining = await fetch(`${url}/readyz`);
    expect(await draining.json()).toEqual({ status: "draining" });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(await service.exited).toBe(0);

    const lines = service
      .output()
      .stdout.trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(line.instance).toBe("inst-7");
  }, 60_000);

  it("refuses to start on a database migrated by a newer release, and on a bad drain delay, without a stack trace", async () => {
    const dbPath = `${dir.path}/newer.db`;
    const configFile = `${dir.path}/newer.json`;
    writeFileSync(configFile, JSON.stringify({ ...testConfigJson({ sqlitePath: dbPath }), logLevel: "info" }));
    const first = startProcess(configFile, {});
    await first.url();
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    const db = new Database(dbPath);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, 'from the future', '2030-01-01')").run();
    db.close();
    const refused = startProcess(configFile, {});
    expect(await refused.exited).toBe(1);
    expect(refused.output().stderr).toMatch(/schema version 9999, newer than this release knows/);
    expect(refused.output().stderr).not.toMatch(/\n\s+at /);

    const badDelay = startProcess(configFile, { CROUPIER_DRAIN_DELAY_MS: "soon" });
    expect(await badDelay.exited).toBe(2);
    expect(badDelay.output().stderr).toContain("CROUPIER_DRAIN_DELAY_MS");
  }, 60_000);
});
