import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * What npm would publish: the tarball of this package (dist/ built by `npm test`'s pretest, as `prepack` builds it
 * before a real pack) installed into an empty project, offline. The CLI runs through npx, both module systems load,
 * and nothing refers to the unpublished @croupier/signing workspace.
 */
const exec = promisify(execFile);
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const project = mkdtempSync(join(tmpdir(), "conformance-packed-"));
let files: string[] = [];

beforeAll(async () => {
  const { stdout } = await exec("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", project], { cwd: packageDir });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  files = packed?.files.map((file) => file.path) ?? [];
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "operator-suite", private: true, type: "module" }));
  await exec("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", `./${packed?.filename}`], { cwd: project });
}, 120_000);
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe("the packed @croupier/conformance", () => {
  it("ships the build, README, CHANGELOG and LICENSE, and no sources or tests", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "LICENSE",
        "README.md",
        "CHANGELOG.md",
        "package.json",
        "bin/croupier-conformance.js",
        "dist/cli.js",
        "dist/index.js",
        "dist/index.cjs",
        "dist/index.d.ts",
        "dist/index.d.cts",
      ]),
    );
    expect(files.filter((file) => file.startsWith("src/") || file.startsWith("test/"))).toEqual([]);
  });

  it("has the publishing metadata and a prepack that builds", () => {
    const pkg = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as Record<string, unknown>;
    for (const field of ["repository", "engines", "homepage", "keywords", "files", "bin", "exports", "license"])
      expect(pkg[field], field).toBeDefined();
    expect((pkg.scripts as Record<string, string>).prepack).toBe("npm run build");
    expect(pkg.dependencies).toBeUndefined();
  });

  it("npx croupier-conformance --help works from the install", async () => {
    const { stdout } = await exec("npx", ["--no-install", "croupier-conformance", "--help"], { cwd: project });
    expect(stdout).toContain("croupier-conformance wallet   --url URL --operator-id ID --secret S");
  });

  it("loads with import and require, with the same exports, and no import of @croupier/signing", async () => {
    const names = "console.log(Object.keys(m).sort().join())";
    const { stdout: esm } = await exec(process.execPath, ["--input-type=module", "-e", `import * as m from "@croupier/conformance"; ${names}`], {
      cwd: project,
    });
    const { stdout: cjs } = await exec(process.execPath, ["-e", `const m = require("@croupier/conformance"); ${names}`], { cwd: project });
    expect(esm).toBe(cjs);
    expect(esm).toContain("runWalletChecks");
    expect(esm).toContain("runProviderChecks");
    for (const file of files.filter((f) => /\.(c?js|d\.c?ts)$/.test(f))) {
      expect(readFileSync(join(project, "node_modules/@croupier/conformance", file), "utf8"), file).not.toContain("@croupier/signing");
    }
  });
});
