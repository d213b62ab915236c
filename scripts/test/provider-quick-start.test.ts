import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNodeProcess, tempDir, type NodeProcess } from "./process-harness.js";

/*
 * docs/providers.md's quick start, run as written: the sandbox started with the guide's --provider-webhook-url, the
 * guide's shell lines in a clean directory (npm install of the SDK served by tarballs packed from this checkout, so
 * nothing is downloaded), its studio.js run on the session token the banner printed, and its admin command, whose
 * grant webhook studio.js must receive. Real processes, real HTTP, real signatures; only the ports differ.
 */

const root = resolve(import.meta.dirname, "../..");
const SANDBOX = join(root, "scripts/dist/sandbox/main.js");
const ADMIN = join(root, "server/dist/admin.js");
const run = promisify(execFile);
const guide = readFileSync(join(root, "docs/providers.md"), "utf8");

/** The quick start's section of the guide, and its fenced blocks of one language, in order. */
function blocks(language: string): string[] {
  const section = guide.slice(guide.indexOf("## Quick start: your studio against the sandbox"), guide.indexOf("## Where a session token comes from"));
  const fence = new RegExp(`^( *)\`\`\`${language}\\n([\\s\\S]*?)^\\1\`\`\``, "gm");
  return [...section.matchAll(fence)].map(([, indent, body]) =>
    body!
      .split("\n")
      .map((line) => line.slice(indent!.length))
      .join("\n"),
  );
}

/** The environment of a child npm, without the npm_* variables of the `npm test` around us. */
function cleanEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name, value]) => !name.toLowerCase().startsWith("npm_") && value !== undefined),
  ) as Record<string, string>;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((done) => server.once("listening", done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** The SDK and its dependencies packed from this checkout, as `npm install @croupier/sdk-provider` would fetch them. */
async function packSdk(destination: string): Promise<string[]> {
  const find = (name: string, from: string) => dirname(createRequire(join(from, "noop.js")).resolve(`${name}/package.json`));
  const openapiFetch = find("openapi-fetch", join(root, "sdk-provider"));
  const packed: string[] = [];
  for (const source of [join(root, "sdk-provider"), openapiFetch, find("openapi-typescript-helpers", openapiFetch)]) {
    const { stdout } = await run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", destination], { cwd: source, env: cleanEnv() });
    packed.push(join(destination, (JSON.parse(stdout) as [{ filename: string }])[0].filename));
  }
  return packed;
}

describe("docs/providers.md quick start: a studio against the sandbox alone", () => {
  const dir = tempDir();
  const data = join(dir.path, "data");
  const running: NodeProcess[] = [];
  let sandbox: NodeProcess;
  let studioPort: number;

  beforeAll(async () => {
    studioPort = await freePort();
    const [start] = blocks("sh");
    // Step 1: the guide's flags, on free ports and a data directory of the test's own.
    const flags = /npm start -- (.+)$/m.exec(start!)![1]!.replace(":9100/", `:${studioPort}/`).split(" ");
    sandbox = startNodeProcess(SANDBOX, [...flags, "--port", "0", "--wallet-port", "0", "--provider-port", "0", "--data-dir", data, "--quiet"], {
      cwd: root,
    });
    running.push(sandbox);
    await sandbox.waitForOutput("Try next", 60_000);
  }, 90_000);
  afterAll(async () => {
    for (const child of running) {
      if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill("SIGINT");
      await child.exited;
    }
    dir.remove();
  });

  it("the banner says where prov-star's webhooks go and prints a launch per provider", () => {
    const out = sandbox.stdout();
    expect(out).toContain(`webhooks of prov-star go to your receiver at http://127.0.0.1:${studioPort}/webhooks (--provider-webhook-url)`);
    expect(out).toMatch(/mock studio +http:\/\/127\.0\.0\.1:\d+ +webhook target of prov-moon /);
    for (const [provider, game] of [
      ["prov-star", "starfall"],
      ["prov-moon", "moonshot"],
    ]) {
      expect(out).toMatch(
        new RegExp(
          `  ${provider} +${game} \\(EUR\\) for player p-sandbox\\n    session token  (st_\\S+)\\n    game URL       http://127\\.0\\.0\\.1:\\d+/games/${game}\\?token=\\1\\n`,
        ),
      );
    }
  });

  it("a clean directory gets the SDK, plays a signed BET and WIN on the banner's session, and receives the grant webhook", async () => {
    const [, project] = blocks("sh");
    const [studio] = blocks("js");
    // Step 2, line by line; the SDK's install takes the packed tarballs instead of the registry.
    let cwd = dir.path;
    for (const line of project!.trim().split("\n")) {
      for (const command of line.split(" && ")) {
        const [program, ...args] = command.trim().split(" ");
        if (program === "mkdir") mkdirSync(join(cwd, args[0]!));
        else if (program === "cd") cwd = join(cwd, args[0]!);
        else if (command.trim() === "npm install @croupier/sdk-provider") {
          const tarballs = join(dir.path, "tarballs");
          mkdirSync(tarballs);
          await run("npm", ["install", "--offline", "--ignore-scripts", "--no-audit", "--no-fund", ...(await packSdk(tarballs))], {
            cwd,
            env: cleanEnv(),
          });
        } else await run(program!, args, { cwd, env: cleanEnv() });
      }
    }
    expect(JSON.parse(readFileSync(join(cwd, "package.json"), "utf8"))).toMatchObject({
      type: "module",
      dependencies: { "@croupier/sdk-provider": expect.any(String) },
    });

    // Steps 3 and 4: studio.js as written, on prov-star's token from the banner.
    writeFileSync(join(cwd, "studio.js"), studio!);
    const token = /prov-star +starfall \(EUR\) for player p-sandbox\n +session token +(\S+)/.exec(sandbox.stdout())![1]!;
    const serviceUrl = /service +(http:\/\/127\.0\.0\.1:\d+)/.exec(sandbox.stdout())![1]!;
    const studioRun = startNodeProcess(join(cwd, "studio.js"), [token], {
      cwd,
      env: { ...cleanEnv(), CROUPIER_URL: serviceUrl, PORT: String(studioPort) },
    });
    running.push(studioRun);
    await studioRun.waitForOutput("waiting for webhooks", 30_000);
    // The output the guide shows, word for word (a fresh data directory: the mock wallet's 100000 to start), but the port.
    expect(studioRun.stdout()).toBe(blocks("text")[0]!.replace(":9100/", `:${studioPort}/`));
    // The mock wallet, the operator's side, applied both.
    const { walletUrl } = JSON.parse(readFileSync(join(data, "sandbox.json"), "utf8")) as { walletUrl: string };
    const { players } = (await (await fetch(`${walletUrl}/players`)).json()) as { players: { playerRef: string; balance: number }[] };
    expect(players.find((p) => p.playerRef === "p-sandbox")?.balance).toBe(100_150);

    // Step 5: the guide's admin command, which finds the sandbox through its data directory.
    const admin = /npm run admin -- (.+)$/m.exec(blocks("sh")[3]!)![1]!.split(" ");
    const grant = startNodeProcess(ADMIN, admin, {
      cwd: root,
      env: { CROUPIER_SANDBOX_DATA_DIR: data, CROUPIER_CONFIG: "", CROUPIER_SECRET_KEY: "", CROUPIER_SECRET_KEY_FILE: "" },
    });
    running.push(grant);
    expect([await grant.exited, grant.stderr()]).toEqual([0, expect.any(String)]);
    expect(JSON.parse(grant.stdout())).toMatchObject({ status: "active", playerRef: "p-sandbox", spins: 10 });
    await studioRun.waitForOutput("webhook: grant of 10 free spins on starfall for p-sandbox", 10_000);
    expect(JSON.parse(grant.stdout()).externalRef).toMatch(/^batch-/);
    expect(studioRun.stderr()).toBe("");
  }, 180_000);
});
