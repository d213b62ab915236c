#!/usr/bin/env node
/**
 * Runs `npm run build` unless the last build this script ran was made from the same sources and its outputs are all
 * still there: `npm test` and `npm run test:reliability` build first, and a rebuild of unchanged sources cost 25 to 40 s
 * of every run (after `npm ci`, whose prepare step has just built). The sources are every file git does not ignore,
 * less what no build reads (tests, Markdown, docs, changesets, CI); their contents are hashed, not their times.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const stampFile = join(root, "node_modules", ".cache", "croupier", "build-stamp");
/** One output of each build step: a missing one means a step's output was removed since. */
const outputs = [
  "signing/dist/index.js",
  "contract/dist/index.js",
  "sdk-operator/dist/index.js",
  "sdk-provider/dist/index.js",
  "conformance/dist/cli.js",
  "backoffice/dist/index.html",
  "server/dist/main.js",
  "server/dist/api-reference-site/index.html",
  "mock-operator-wallet/dist/main.js",
  "scripts/dist/bench/main.js",
];
const notBuilt = [/(^|\/)test\//, /\.test\.tsx?$/, /\.md$/, /^docs\//, /^\.changeset\//, /^\.ci\//, /\.png$/];

/** The sources' digest, or undefined outside a git work tree (an unpacked archive, say), which always builds. */
function sourcesDigest() {
  let listed;
  try {
    listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return undefined;
  }
  const hash = createHash("sha256");
  for (const path of listed.split("\0").filter(Boolean).sort()) {
    if (notBuilt.some((pattern) => pattern.test(path))) continue;
    const file = join(root, path);
    // A file deleted in the work tree but still in the index is listed: its absence is part of the digest.
    hash
      .update(path)
      .update("\0")
      .update(existsSync(file) ? readFileSync(file) : "(deleted)")
      .update("\0");
  }
  return hash.digest("hex");
}

const digest = sourcesDigest();
const previous = existsSync(stampFile) ? readFileSync(stampFile, "utf8").trim() : "";
if (digest !== undefined && previous === digest && outputs.every((output) => existsSync(join(root, output)))) {
  console.log("build is current (sources unchanged since the last build): not rebuilt");
  process.exit(0);
}
const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
if (digest !== undefined) {
  mkdirSync(dirname(stampFile), { recursive: true });
  // The digest taken before the build: a source edited while it ran makes the next run build again.
  writeFileSync(stampFile, `${digest}\n`);
}
