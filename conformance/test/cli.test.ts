import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWallet, type RunningWallet } from "../../mock-operator-wallet/src/index.js";
import { startTestWallet } from "./support/test-wallet.js";

/* The built CLI (dist/cli.js, as npm would install it), run as a child process against real wallets. */
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const run = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, ...args], {
      env: { ...process.env, CROUPIER_CONFORMANCE_SECRET: "" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

/** `wallet` against the wallet at `url` as op-acme (secret acme-secret), playing p-1: what the tests' wallets accept. */
const checkWallet = (url: string, ...more: string[]) =>
  run("wallet", "--url", url, "--operator-id", "op-acme", "--secret", "acme-secret", "--player", "p-1", ...more);

let wallet: RunningWallet;
const dir = mkdtempSync(join(tmpdir(), "conformance-cli-"));
beforeAll(async () => {
  wallet = await startWallet({ tenantId: "op-acme", secret: "acme-secret", players: { "p-1": 10_000 } });
});
afterAll(async () => {
  await wallet.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("croupier-conformance", () => {
  it("--help prints the usage and exits 0", async () => {
    for (const args of [["--help"], ["wallet", "--help"], []]) {
      const { code, stdout } = await run(...args);
      expect(code).toBe(0);
      expect(stdout).toContain("croupier-conformance wallet   --url URL --operator-id ID --secret S");
      expect(stdout).toContain("--allow-money-moves");
    }
  });

  it.each([
    [["launch"], 'unknown command "launch": use wallet or provider'],
    [["wallet", "--operator-id", "op", "--secret", "s"], "--url is required"],
    [["wallet", "--url", "ftp://x", "--operator-id", "op", "--secret", "s"], '--url must be an absolute http(s) URL, got "ftp://x"'],
    [["wallet", "--url", "http://127.0.0.1:1", "--secret", "s"], "--operator-id is required"],
    [["wallet", "--url", "http://127.0.0.1:1", "--operator-id", "op"], "--secret (or CROUPIER_CONFORMANCE_SECRET) is required"],
    [
      ["wallet", "--url", "http://127.0.0.1:1", "--operator-id", "op", "--secret", "s", "--currency", "eur"],
      "--currency must be an uppercase ISO-4217 code",
    ],
    [
      ["wallet", "--url", "http://127.0.0.1:1", "--operator-id", "op", "--secret", "s", "--timeout-ms", "soon"],
      "--timeout-ms must be a whole number",
    ],
    [["wallet", "--url", "http://127.0.0.1:1", "--operator-id", "op", "--secret", "s", "--bogus"], "Unknown option '--bogus'"],
    [["provider", "--url", "http://127.0.0.1:1", "--operator-id", "op", "--secret", "s"], "Unknown option '--operator-id'"],
  ])("%j is a usage mistake: a clear message, exit 2, no stack trace", async (args, message) => {
    const { code, stderr, stdout } = await run(...args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).toBe("");
  });

  it("checks the mock wallet: report on stdout, JUnit and JSON files, exit 0", async () => {
    const junit = join(dir, "wallet.xml");
    const json = join(dir, "wallet.json");
    const { code, stdout } = await checkWallet(wallet.url, "--allow-money-moves", "--junit", junit, "--json", json);
    expect(code).toBe(0);
    expect(stdout).toContain("Result: PASS");
    expect(stdout).toMatch(/Ledger: the \d+ transactions the kit sent/);
    const report = JSON.parse(readFileSync(json, "utf8")) as { ok: boolean; summary: { failed: number; passed: number } };
    expect(report.ok).toBe(true);
    expect(readFileSync(junit, "utf8")).toContain(
      `<testsuite name="croupier-conformance wallet" tests="${report.summary.passed}" failures="0" skipped="0"`,
    );
    expect(wallet.ledger.balance("p-1")).toBe(10_000);
  });

  it("without --allow-money-moves reports the money checks skipped with why, the run incomplete, and exits 3", async () => {
    const junit = join(dir, "incomplete.xml");
    const json = join(dir, "incomplete.json");
    const { code, stdout } = await checkWallet(wallet.url, "--junit", junit, "--json", json);
    expect(code).toBe(3);
    expect(stdout).toContain("SKIP  I1");
    expect(stdout).toContain("skipped: moves a balance: run with --allow-money-moves");
    expect(stdout).toMatch(/\nResult: INCOMPLETE: \d+ of \d+ checks were skipped, so this run is not a pass/);
    expect(stdout).not.toContain("Result: PASS");
    const report = JSON.parse(readFileSync(json, "utf8")) as { verdict: string; ok: boolean; summary: { failed: number } };
    expect([report.verdict, report.ok, report.summary.failed]).toEqual(["incomplete", false, 0]);
    expect(readFileSync(junit, "utf8")).toContain('<property name="verdict" value="incomplete"/>');
  });

  it("with a wrong secret stops at once: your credentials were refused, in text, JUnit and JSON, exit 2", async () => {
    const junit = join(dir, "refused.xml");
    const json = join(dir, "refused.json");
    const { code, stdout } = await run(
      ...["wallet", "--url", wallet.url, "--operator-id", "op-acme", "--secret", "wrong", "--player", "p-1", "--allow-money-moves"],
      ...["--junit", junit, "--json", json],
    );
    expect(code).toBe(2);
    expect(stdout).toContain(
      "The run stopped: your credentials were refused: GET /v1/wallet/balance?playerRef=p-1, signed as op-acme with the secret given",
    );
    expect(stdout).not.toContain("FAIL ");
    expect(stdout.trimEnd().endsWith("Result: CREDENTIALS REFUSED")).toBe(true);
    const report = JSON.parse(readFileSync(json, "utf8")) as { verdict: string; credentials: { accepted: boolean }; results: unknown[] };
    expect([report.verdict, report.credentials.accepted, report.results]).toEqual(["credentials-refused", false, []]);
    expect(readFileSync(junit, "utf8")).toContain('<failure message="your credentials were refused: GET /v1/wallet/balance?playerRef=p-1');
  });

  it("exits 1 when a check fails, naming it with expected, got and the rule", async () => {
    const broken = await startTestWallet({
      tenantId: "op-acme",
      secret: "acme-secret",
      players: { "p-1": 10_000 },
      defects: { noReplayProtection: true },
    });
    try {
      const junit = join(dir, "failed.xml");
      const { code, stdout } = await checkWallet(broken.url, "--only", "S4", "--junit", junit);
      expect(code).toBe(1);
      expect(stdout).toContain("FAIL  S4  a replayed nonce is refused");
      expect(stdout).toContain("expected: 401 to the same call with the same nonce");
      expect(stdout).toContain("rule:     Signing rule 3");
      expect(stdout).toContain("Result: FAIL");
      const xml = readFileSync(junit, "utf8");
      expect(xml).toContain('tests="1" failures="1" skipped="0"');
      expect(xml).toContain('<property name="verdict" value="fail"/>');
      expect(xml).toContain('<failure message="expected 401 to the same call with the same nonce, got 200 ');
    } finally {
      await broken.close();
    }
  });

  it("an unreachable URL fails the checks, not the program", async () => {
    const { code, stdout } = await run("wallet", "--url", "http://127.0.0.1:9", "--operator-id", "op", "--secret", "s", "--only", "S1");
    expect(code).toBe(1);
    expect(stdout).toMatch(/got: {6}no answer \(/);
  });
});
