import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";

/*
 * The kit's documented command in a fresh clone of this repository (its committed HEAD), after the README's install:
 * `npm ci` links the workspaces' bins before `prepare` builds dist/, so the bin must be there at link time. The install
 * runs from npm's cache only (--offline) without scripts, then the kit's dist/ is copied in as `prepare` would build it;
 * the command runs offline with the registry pointed at a closed port, so any registry access fails the test.
 */
const exec = promisify(execFile);
const checkout = fileURLToPath(new URL("../../", import.meta.url));

/**
 * In memory (/dev/shm) when it has over 2 GB free for the install, else in the temp directory: writing the install's
 * 30,000 files to disk cost npm ci 18 to 24 s of system CPU on this machine, 7.5 s in memory.
 */
function cloneParent(): string {
  try {
    const { bavail, bsize } = statfsSync("/dev/shm");
    if (bavail * bsize > 2 * 1024 ** 3) return "/dev/shm";
  } catch {
    // No /dev/shm: the temp directory.
  }
  return tmpdir();
}

const dir = mkdtempSync(join(cloneParent(), "conformance-fresh-clone-"));
const clone = join(dir, "croupier");
const NO_REGISTRY = { ...process.env, npm_config_registry: "http://127.0.0.1:9/", npm_config_offline: "true", npm_config_yes: "false" };

beforeAll(async () => {
  const head = (await exec("git", ["rev-parse", "HEAD"], { cwd: checkout })).stdout.trim();
  await exec("git", ["clone", "--quiet", "--shared", "--no-checkout", checkout, clone]);
  await exec("git", ["checkout", "--quiet", "--detach", head], { cwd: clone });
  await exec("npm", ["ci", "--offline", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: clone });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("npm ci links croupier-conformance before anything is built", () => {
  expect(existsSync(join(clone, "node_modules", ".bin", "croupier-conformance"))).toBe(true);
});

it("the documented npx --no-install croupier-conformance --help runs the kit, with no registry", async () => {
  cpSync(join(checkout, "conformance", "dist"), join(clone, "conformance", "dist"), { recursive: true });
  const { stdout } = await exec("npx", ["--no-install", "croupier-conformance", "--help"], { cwd: clone, env: NO_REGISTRY });
  expect(stdout).toContain("croupier-conformance wallet   --url URL --operator-id ID --secret S");
}, 30_000);

it("no document or printed hint shows an npx that could fall through to the registry", async () => {
  const files = (await exec("git", ["ls-files", "*.md", "*/src/*.ts"], { cwd: checkout })).stdout.split("\n").filter(Boolean);
  const shown = files.flatMap((file) => readFileSync(join(checkout, file), "utf8").match(/\bnpx [^\s`]+/g) ?? []);
  expect(shown.length).toBeGreaterThan(10);
  expect(shown.filter((command) => command !== "npx --no-install")).toEqual([]);
});
