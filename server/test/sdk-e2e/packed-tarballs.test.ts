import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, PROVIDER, startTestServer, tempDir } from "../harness.js";

/*
 * Both SDKs as a user gets them: `npm pack`ed, installed from the tarballs (with openapi-fetch, packed
 * from this repository's node_modules, so nothing is downloaded) into a fresh CommonJS project and a
 * fresh ES module project, each of which makes real signed calls to the real service. This is the test
 * that sees a CommonJS build crashing when a client is created, which loading the module alone does not.
 */

const run = promisify(execFile);
const repo = fileURLToPath(new URL("../../../", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** The environment of a child npm, without the npm_* variables of the `npm test` around us (they name this repository as the prefix). */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith("npm_")));
}

/** Packs the package in `dir` into `destination` without running its scripts (pretest has built dist/); returns the tarball path. */
async function pack(dir: string, destination: string): Promise<string> {
  const { stdout } = await run(npm, ["pack", "--ignore-scripts", "--json", "--pack-destination", destination], { cwd: dir, env: cleanEnv() });
  const [packed] = JSON.parse(stdout) as [{ filename: string }];
  return join(destination, packed.filename);
}

/** The directory of an installed package, found the way Node finds it from `from`. */
function packageDir(name: string, from: string): string {
  return dirname(createRequire(join(from, "noop.js")).resolve(`${name}/package.json`));
}

/** One program, written for either module system: it prints what the service answered. */
function smokeProgram(moduleSystem: "commonjs" | "module"): string {
  const imports =
    moduleSystem === "commonjs"
      ? `const { createOperatorClient, CroupierApiError } = require("@croupier/sdk-operator");\nconst { createProviderClient } = require("@croupier/sdk-provider");`
      : `import { createOperatorClient, CroupierApiError } from "@croupier/sdk-operator";\nimport { createProviderClient } from "@croupier/sdk-provider";`;
  return `${imports}
const [baseUrl, operatorId, operatorSecret, providerId, providerSecret] = process.argv.slice(2);
async function main() {
  const operator = createOperatorClient({ baseUrl, tenantId: operatorId, secret: operatorSecret });
  const games = await operator.listGames();
  if (games.error) throw games.error;
  const launch = await operator.launchGame({ playerRef: "p-smoke", gameId: "starfall", currency: "EUR", mode: "REAL" });
  if (launch.error) throw launch.error;
  const provider = createProviderClient({ baseUrl, tenantId: providerId, secret: providerSecret, retry: false });
  const session = await provider.verifySession(launch.data.sessionToken);
  if (session.error) throw session.error;
  const forged = await createOperatorClient({ baseUrl, tenantId: operatorId, secret: "not-the-secret" }).listGames();
  console.log(JSON.stringify({
    games: games.data.map((game) => game.gameId),
    session: { playerRef: session.data.playerRef, gameId: session.data.gameId },
    forged: { status: forged.error.status, isApiError: forged.error instanceof CroupierApiError },
  }));
}
main().catch((error) => { console.error(error); process.exit(1); });
`;
}

describe("the packed SDKs installed into fresh projects", () => {
  const dir = tempDir();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const projects: Record<"commonjs" | "module", string> = { commonjs: join(dir.path, "cjs-app"), module: join(dir.path, "esm-app") };

  beforeAll(async () => {
    server = await startTestServer();
    const tarballs = join(dir.path, "tarballs");
    mkdirSync(tarballs);
    const openapiFetch = packageDir("openapi-fetch", join(repo, "sdk-operator"));
    const sources = [join(repo, "sdk-operator"), join(repo, "sdk-provider"), openapiFetch, packageDir("openapi-typescript-helpers", openapiFetch)];
    const packed: string[] = [];
    for (const source of sources) packed.push(await pack(source, tarballs));
    for (const [moduleSystem, project] of Object.entries(projects)) {
      mkdirSync(project);
      writeFileSync(
        join(project, "package.json"),
        JSON.stringify({ name: `smoke-${moduleSystem}`, version: "1.0.0", private: true, type: moduleSystem }),
      );
      writeFileSync(join(project, "smoke.js"), smokeProgram(moduleSystem as "commonjs" | "module"));
      // --offline: every package comes from the tarballs above; npm may not reach for the network.
      await run(npm, ["install", "--offline", "--ignore-scripts", "--no-audit", "--no-fund", ...packed], { cwd: project, env: cleanEnv() });
    }
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    dir.remove();
  });

  it.each(["commonjs", "module"] as const)(
    "under %s: lists games, launches, verifies the session, and reports a forged call as a 401 CroupierApiError",
    async (moduleSystem) => {
      const { stdout } = await run(process.execPath, ["smoke.js", server.url, OPERATOR.id, OPERATOR.secret, PROVIDER.id, PROVIDER.secret], {
        cwd: projects[moduleSystem],
        env: cleanEnv(),
      });
      expect(JSON.parse(stdout)).toEqual({
        games: ["starfall", "nebula"],
        session: { playerRef: "p-smoke", gameId: "starfall" },
        forged: { status: 401, isApiError: true },
      });
    },
  );

  it("installs the SDKs from the tarballs, not from this repository", () => {
    for (const project of Object.values(projects)) {
      expect(packageDir("@croupier/sdk-operator", project).startsWith(project)).toBe(true);
      expect(packageDir("@croupier/sdk-provider", project).startsWith(project)).toBe(true);
    }
  });
});
