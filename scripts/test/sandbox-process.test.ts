import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startNodeProcess, tempDir, type NodeProcess } from "./process-harness.js";

const root = resolve(import.meta.dirname, "../..");
const SANDBOX = join(root, "scripts/dist/sandbox/main.js");
const DEMO = join(root, "scripts/dist/demo/main.js");

describe("npm start (the built sandbox entry)", () => {
  let dir: ReturnType<typeof tempDir>;
  const started: NodeProcess[] = [];
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(async () => {
    for (const running of started.splice(0)) {
      if (running.child.exitCode === null && running.child.signalCode === null) {
        running.child.kill("SIGKILL");
        await running.exited;
      }
    }
    dir.remove();
  });

  it("starts everything, serves npm run demo, and stops cleanly on Ctrl-C", async () => {
    const sandbox = startNodeProcess(SANDBOX, ["--port", "0", "--wallet-port", "0", "--provider-port", "0", "--data-dir", dir.path, "--quiet"], {
      cwd: root,
    });
    started.push(sandbox);
    await sandbox.waitForOutput("Try next");
    const out = sandbox.stdout();
    expect(out).toContain("Croupier sandbox is running");
    expect(out).toContain("sandbox-only-op-acme-secret");
    expect(out).toContain("npm run demo");
    expect(out).toMatch(/Web back office: http:\/\/127\.0\.0\.1:\d+\/backoffice\//);
    expect(out).toMatch(/acme-manager +password sandbox-only-acme-manager +manager of op-acme/);
    expect(out).toMatch(/platform +password sandbox-only-platform +manager of the platform/);

    const target = JSON.parse(readFileSync(join(dir.path, "sandbox.json"), "utf8")) as { serviceUrl: string; walletUrl: string; studioUrl: string };
    expect(out).toContain(target.serviceUrl);
    for (const url of [target.serviceUrl, target.walletUrl, target.studioUrl]) {
      const health = await fetch(`${url}/healthz`);
      expect([url, health.status, await health.json()]).toEqual([url, 200, { status: "ok" }]);
    }
    const config = JSON.parse(readFileSync(join(dir.path, "sandbox.config.json"), "utf8")) as {
      operators: unknown[];
      providers: unknown[];
      campaigns: unknown[];
    };
    expect([config.operators.length, config.providers.length, config.campaigns.length]).toEqual([1, 2, 1]);

    const demo = startNodeProcess(DEMO, ["--target", join(dir.path, "sandbox.json")], { cwd: root });
    started.push(demo);
    expect(await demo.exited).toBe(0);
    expect(demo.stdout()).toContain(`Demo against ${target.serviceUrl}`);
    expect(demo.stdout()).toMatch(/ledgers agree: wallet balance \d+ = starting 100000 \+ applied -40/);

    sandbox.child.kill("SIGINT");
    expect(await sandbox.exited).toBe(0);
    expect(sandbox.stdout()).toContain("sandbox stopped");
    expect(sandbox.stderr()).toBe("");
    expect(existsSync(join(dir.path, "sandbox.json"))).toBe(false);
    expect(existsSync(join(dir.path, "sandbox.db"))).toBe(true);
  });

  it("stops cleanly on SIGTERM too, and a restart opens what the last run encrypted with the key it keeps beside the database", async () => {
    const args = ["--port", "0", "--wallet-port", "0", "--provider-port", "0", "--data-dir", dir.path, "--quiet"];
    const sandbox = startNodeProcess(SANDBOX, args, { cwd: root });
    started.push(sandbox);
    await sandbox.waitForOutput("Try next");
    sandbox.child.kill("SIGTERM");
    expect(await sandbox.exited).toBe(0);
    const keyFile = join(dir.path, "sandbox.key");
    const key = readFileSync(keyFile, "utf8");
    expect(Buffer.from(key.trim(), "base64")).toHaveLength(32);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    const again = startNodeProcess(SANDBOX, args, { cwd: root });
    started.push(again);
    await again.waitForOutput("Try next");
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
    expect(again.stderr()).toBe("");
    expect(readFileSync(keyFile, "utf8")).toBe(key);
  });

  it("refuses a bad port with the usage text and exit code 2", async () => {
    const sandbox = startNodeProcess(SANDBOX, ["--port", "eighty", "--data-dir", dir.path], { cwd: root });
    started.push(sandbox);
    expect(await sandbox.exited).toBe(2);
    expect(sandbox.stderr()).toContain('--port must be a port number (0-65535), got "eighty"');
  });

  it.each([
    [["--bogus"], "Unknown option '--bogus'"],
    [["--provider-webhook-url"], "Option '--provider-webhook-url <value>' argument missing"],
    [["stray"], "Unexpected argument 'stray'"],
  ])("refuses the command line %j with the usage text and exit code 2, not a stack trace", async (args, message) => {
    const sandbox = startNodeProcess(SANDBOX, ["--data-dir", dir.path, ...args], { cwd: root });
    started.push(sandbox);
    expect(await sandbox.exited).toBe(2);
    expect(sandbox.stderr()).toContain(`sandbox: ${message}`);
    expect(sandbox.stderr()).toContain("Usage: npm start [-- options]");
    expect(sandbox.stderr()).not.toMatch(/TypeError|\n +at /);
    const demo = startNodeProcess(DEMO, args, { cwd: root });
    started.push(demo);
    expect(await demo.exited).toBe(2);
    expect(demo.stderr()).toMatch(/^demo: (Unknown option|Unexpected argument) '[^']+'/);
    expect(demo.stderr()).toContain("Usage: npm run demo [-- options]");
    expect(demo.stderr()).not.toMatch(/TypeError|\n +at /);
  });

  it("--provider-webhook-url URL applies to every provider, ID=URL to one and wins; the banner and the configuration agree", async () => {
    const args = ["--provider-webhook-url", "http://127.0.0.1:1/all/", "--provider-webhook-url", "prov-moon=http://127.0.0.1:1/moon"];
    const sandbox = startNodeProcess(
      SANDBOX,
      [...args, "--port", "0", "--wallet-port", "0", "--provider-port", "0", "--data-dir", dir.path, "--quiet"],
      { cwd: root },
    );
    started.push(sandbox);
    await sandbox.waitForOutput("Try next");
    const config = JSON.parse(readFileSync(join(dir.path, "sandbox.config.json"), "utf8")) as { providers: { id: string; webhookUrl: string }[] };
    expect(config.providers.map((p) => [p.id, p.webhookUrl])).toEqual([
      ["prov-star", "http://127.0.0.1:1/all"],
      ["prov-moon", "http://127.0.0.1:1/moon"],
    ]);
    expect(sandbox.stdout()).toMatch(/mock studio +http:\/\/127\.0\.0\.1:\d+ +game pages and replays only/);
    expect(sandbox.stdout()).toContain("webhooks of prov-star go to your receiver at http://127.0.0.1:1/all (--provider-webhook-url)");
    expect(sandbox.stdout()).toContain("webhooks of prov-moon go to your receiver at http://127.0.0.1:1/moon (--provider-webhook-url)");
    // The demo checks what the mock studio received, so it plays on a sandbox of its own, and says why.
    const target = JSON.parse(readFileSync(join(dir.path, "sandbox.json"), "utf8")) as { serviceUrl: string };
    const demo = startNodeProcess(DEMO, ["--target", join(dir.path, "sandbox.json")], { cwd: root });
    started.push(demo);
    expect(await demo.exited).toBe(0);
    expect(demo.stdout()).toContain(
      "The running sandbox's webhooks of prov-star go to http://127.0.0.1:1/all, not to its mock studio, whose free spins and revokes the demo checks; running a self-contained one instead.",
    );
    expect(demo.stdout()).toMatch(/Demo against http:\/\/127\.0\.0\.1:\d+ as op-acme/);
    expect(demo.stdout()).not.toContain(`Demo against ${target.serviceUrl} `);
    expect(demo.stdout()).toMatch(/ledgers agree/);
    sandbox.child.kill("SIGTERM");
    expect(await sandbox.exited).toBe(0);
  });

  it.each([
    ["prov-sun=http://127.0.0.1:9100", '--provider-webhook-url names provider "prov-sun"; the sandbox\'s providers are prov-star and prov-moon'],
    ["127.0.0.1:9100/webhooks", '--provider-webhook-url needs an absolute http:// or https:// URL, got "127.0.0.1:9100/webhooks"'],
    ["prov-star=ftp://studio.example", '--provider-webhook-url needs an absolute http:// or https:// URL, got "ftp://studio.example"'],
  ])("refuses --provider-webhook-url %s with the usage text and exit code 2", async (value, message) => {
    const sandbox = startNodeProcess(SANDBOX, ["--provider-webhook-url", value, "--data-dir", dir.path], { cwd: root });
    started.push(sandbox);
    expect(await sandbox.exited).toBe(2);
    expect(sandbox.stderr()).toContain(message);
    expect(sandbox.stderr()).toContain("--provider-webhook-url [ID=]URL");
  });
});
