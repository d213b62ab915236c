#!/usr/bin/env node
/**
 * `npm run check:contract-breaks`: proves that a field renamed in the TypeSpec breaks the builds of the server and of
 * both SDKs, as issue 19 requires (their handlers, inputs and answers are typed from @croupier/contract, never restated).
 *
 * In a temporary copy of the sources (never the working tree, so nothing is left modified even when interrupted), it
 * renames the transaction's `transactionId` in spec/wallet/ (the declaration and the examples that use it), regenerates
 * the contract with spec/scripts/generate.mjs, and runs tsc on the server's sources and on each SDK's typecheck project
 * (its sources, tests and shipped examples), each with @croupier/* mapped to the copy. Exits 1 unless each of the three
 * fails with an error naming `transactionId`, and none fails for a reason of the copy itself (a module not found, a
 * configuration error). The copy compiles unchanged before the rename (`npm run typecheck` shows that for the tree it is
 * copied from), so the errors it finds are the rename's.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const FIELD = "transactionId";
const RENAMED = "transactionIdRenamedByCheck";

/** What the copy holds: the TypeSpec and its generator, the packages it feeds, and their shared configuration. */
const COPIED = [
  "package.json",
  "tsconfig.base.json",
  "spec",
  "contract",
  "signing",
  "sdk-common",
  "sdk-operator",
  "sdk-provider",
  "server/package.json",
  "server/tsconfig.json",
  "server/config.schema.json",
  "server/src",
];
/** Build output and installed packages stay out of the copy; node_modules is linked instead. */
const SKIPPED = new Set(["node_modules", "dist", "coverage"]);
const LINKED = ["node_modules", "server/node_modules"];

/** The TypeSpec files whose `transactionId:` lines name the transaction's field: its declaration and its examples. */
const RENAMED_IN = ["spec/wallet/models.tsp", "spec/wallet/routes.tsp"];

/** Each build checked: its tsconfig (include and exclude are kept) and where it lives. */
const TARGETS = [
  { name: "server", dir: "server", extends: "./tsconfig.json" },
  { name: "sdk-operator", dir: "sdk-operator", extends: "./tsconfig.json" },
  { name: "sdk-provider", dir: "sdk-provider", extends: "./tsconfig.json" },
];

/** Errors that say the copy is incomplete or misconfigured, not that the rename broke the code. */
const SETUP_ERROR = /error TS(2307|2792|5\d{3}|6\d{3}):/;

const children = new Set<ChildProcess>();
let work: string | undefined;

function cleanUp(): void {
  for (const child of children) child.kill("SIGTERM");
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
  work = undefined;
}

for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
  ["SIGHUP", 129],
] as const) {
  process.once(signal, () => {
    cleanUp();
    process.exit(code);
  });
}

/** Runs a child with its temporary files inside the copy, so removing the copy removes them even when it was killed. */
function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const env = { ...process.env, TMPDIR: join(work!, "tmp") };
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    children.add(child);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", fail);
    child.on("close", (code) => {
      children.delete(child);
      done({ code, output });
    });
  });
}

function copySources(into: string): void {
  for (const path of COPIED) {
    cpSync(join(repoRoot, path), join(into, path), { recursive: true, filter: (source) => !SKIPPED.has(basename(source)) });
  }
  for (const path of LINKED) symlinkSync(join(repoRoot, path), join(into, path), "dir");
  mkdirSync(join(into, "tmp"));
}

/** Renames the field in the copy; throws when the TypeSpec no longer declares it where this check expects. */
function renameField(root: string): number {
  let count = 0;
  let declared = false;
  for (const path of RENAMED_IN) {
    const file = join(root, path);
    const text = readFileSync(file, "utf8").replace(new RegExp(`^(\\s+)${FIELD}:(.*)$`, "gm"), (_line, indent: string, rest: string) => {
      count += 1;
      if (rest.trim() === "Identifier;") declared = true;
      return `${indent}${RENAMED}:${rest}`;
    });
    writeFileSync(file, text);
  }
  if (!declared) throw new Error(`spec/wallet/models.tsp no longer declares \`${FIELD}: Identifier;\`: update this check`);
  return count;
}

/** A tsconfig beside the target's own, resolving @croupier/* to the copy's sources (not the linked, unrenamed builds). */
function writeCheckConfig(root: string, target: (typeof TARGETS)[number]): string {
  const source = (path: string) => `./${relative(join(root, target.dir), join(root, path))}`;
  const config = {
    extends: target.extends,
    compilerOptions: {
      noEmit: true,
      composite: false,
      incremental: false,
      rootDir: "..",
      paths: {
        "@croupier/contract": [source("contract/src/index.ts")],
        "@croupier/signing": [source("signing/src/index.ts")],
        "@croupier/sdk-operator": [source("sdk-operator/src/index.ts")],
        "@croupier/sdk-provider": [source("sdk-provider/src/index.ts")],
      },
    },
  };
  const path = join(root, target.dir, "tsconfig.contract-breaks.json");
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}

async function main(): Promise<number> {
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  work = mkdtempSync(join(tmpdir(), "croupier-contract-breaks-"));
  copySources(work);
  const renamed = renameField(work);
  process.stdout.write(`Renamed ${FIELD} to ${RENAMED} in a copy (${renamed} lines of ${RENAMED_IN.join(", ")}), ${seconds()}\n`);

  const generated = await run(process.execPath, [join(work, "spec/scripts/generate.mjs")], join(work, "spec"));
  if (generated.code !== 0) {
    process.stderr.write(`${generated.output}\nThe renamed TypeSpec did not generate: the check cannot tell anything.\n`);
    return 1;
  }
  process.stdout.write(`Regenerated the contract, ${seconds()}\n`);

  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const results = await Promise.all(
    TARGETS.map(async (target) => ({
      target,
      ...(await run(process.execPath, [tsc, "-p", writeCheckConfig(work!, target), "--pretty", "false"], work!)),
    })),
  );

  let failed = false;
  for (const { target, code, output } of results) {
    const errors = output.split("\n").filter((line) => line.includes(": error TS"));
    const naming = errors.filter((line) => line.includes(`'${FIELD}'`) || line.includes(`"${FIELD}"`));
    const setup = errors.filter((line) => SETUP_ERROR.test(line));
    const files = [...new Set(naming.map((line) => line.slice(0, line.indexOf("("))))];
    if (code === 0) {
      process.stderr.write(`FAIL ${target.name} still compiles with ${FIELD} renamed: something restates the contract by hand.\n`);
      failed = true;
    } else if (setup.length > 0) {
      process.stderr.write(`FAIL ${target.name}: the copy is incomplete, not broken by the rename:\n${setup.join("\n")}\n`);
      failed = true;
    } else if (naming.length === 0) {
      process.stderr.write(`FAIL ${target.name} fails, but no error names ${FIELD}:\n${errors.slice(0, 20).join("\n")}\n`);
      failed = true;
    } else {
      process.stdout.write(`ok   ${target.name}: ${errors.length} errors, ${naming.length} naming ${FIELD}, in ${files.join(", ")}\n`);
      for (const line of errors) process.stdout.write(`       ${line}\n`);
    }
  }
  process.stdout.write(`${failed ? "Failed" : "Passed"} in ${seconds()}\n`);
  return failed ? 1 : 0;
}

try {
  process.exitCode = await main();
} finally {
  cleanUp();
}
