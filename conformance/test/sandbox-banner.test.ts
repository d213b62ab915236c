import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../scripts/src/sandbox/sandbox.js";
import { sandboxBanner } from "../../scripts/src/sandbox/sandbox-banner.js";

/** How the banner and the guides run the kit: never a bare npx, which would ask the registry for a name it lacks. */
const COMMAND = "  npx --no-install croupier-conformance ";

/* The commands `npm start` prints pass against the sandbox, run exactly as printed; the guides show the same commands. */
const dataDir = mkdtempSync(join(tmpdir(), "conformance-sandbox-"));
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ dataDir, servicePort: 0, walletPort: 0, providerPort: 0, logLevel: "silent" });
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it("the banner prints a wallet and a provider command, and both pass against the sandbox", async () => {
  const banner = sandboxBanner(sandbox, { service: join(dataDir, "sandbox.db"), wallet: join(dataDir, "sandbox-wallet.db") });
  const commands = banner
    .split("\n")
    .filter((line) => line.startsWith(COMMAND))
    .map((line) => line.trim().split(/\s+/).slice(3));
  expect(commands.map((args) => args[0])).toEqual(["wallet", "provider"]);
  const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
  for (const args of commands) {
    const { stdout } = await promisify(execFile)(process.execPath, [cli, ...args]);
    expect(stdout).toContain("0 failed, 0 skipped");
    expect(stdout).toContain("Result: PASS");
  }
  expect(sandbox.wallet.ledger.balance("p-conformance")).toBe(100_000);
}, 120_000);

it("docs/operators.md and docs/providers.md show the banner's commands, at the sandbox's default addresses", () => {
  const banner = sandboxBanner(sandbox, { service: join(dataDir, "sandbox.db"), wallet: join(dataDir, "sandbox-wallet.db") });
  const atDefaults = (line: string) =>
    line.trim().replace(sandbox.target.walletUrl, "http://127.0.0.1:9001").replace(sandbox.target.studioUrl, "http://127.0.0.1:9002");
  const shown = (guide: string) => readFileSync(new URL(`../../docs/${guide}`, import.meta.url), "utf8").replace(/\\\n\s*/g, "");
  const [wallet, provider] = banner.split("\n").filter((line) => line.startsWith(COMMAND));
  expect(shown("operators.md")).toContain(atDefaults(wallet ?? "missing"));
  expect(shown("providers.md")).toContain(atDefaults(provider ?? "missing"));
});
