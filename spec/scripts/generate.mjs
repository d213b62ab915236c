#!/usr/bin/env node
/**
 * Regenerates everything derived from the TypeSpec contract:
 *   spec/openapi/*.openapi.yaml             (the three OpenAPI 3.1 documents)
 *   sdk-common/src/generated/service.ts     (service types, shared by both SDKs)
 *   sdk-operator/src/generated/*.ts         (operator-wallet types)
 *   sdk-provider/src/generated/*.ts         (provider-webhooks types)
 *
 * `node scripts/generate.mjs` writes them; `node scripts/generate.mjs --check` builds them in a
 * temporary directory, compares with the committed files and exits 1 listing every stale or
 * missing one (CI runs this). Both modes share one code path so the check cannot drift from the
 * generator. Plain Node ESM on purpose: it runs before anything is built.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";

const specDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = resolve(specDir, "..");
const require = createRequire(import.meta.url);

/** Emitted file name (TypeSpec names it after the service namespace) → stable committed name. */
const documents = [
  { emitted: "Croupier.Service.openapi.yaml", committed: "spec/openapi/service.openapi.yaml" },
  { emitted: "Croupier.OperatorWallet.openapi.yaml", committed: "spec/openapi/operator-wallet.openapi.yaml" },
  { emitted: "Croupier.ProviderWebhooks.openapi.yaml", committed: "spec/openapi/provider-webhooks.openapi.yaml" },
];

/** Which document each SDK gets types for, and where. */
const typeFiles = [
  // The service's types serve both SDKs: one file in the source they share (tsup bundles it into each).
  { from: "spec/openapi/service.openapi.yaml", to: "sdk-common/src/generated/service.ts" },
  { from: "spec/openapi/operator-wallet.openapi.yaml", to: "sdk-operator/src/generated/operator-wallet.ts" },
  { from: "spec/openapi/provider-webhooks.openapi.yaml", to: "sdk-provider/src/generated/provider-webhooks.ts" },
];

/** The TypeSpec CLI script; the compiler's exports map hides package.json, so walk up from its entry. */
function tspCli() {
  let dir = dirname(require.resolve("@typespec/compiler"));
  while (!existsSync(join(dir, "cmd", "tsp.js"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("cannot locate @typespec/compiler/cmd/tsp.js");
    dir = parent;
  }
  return join(dir, "cmd", "tsp.js");
}

/** Runs the TypeSpec CLI with this package's tspconfig.yaml (warnings are errors there). */
function runTsp(args) {
  const cli = tspCli();
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: specDir, encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`tsp ${args[0]} failed (exit ${result.status})`);
  }
}

/**
 * Produces every generated file under `outRoot`, laid out like the repository
 * (outRoot/spec/openapi/..., outRoot/sdk-operator/src/generated/...).
 */
async function generateInto(outRoot) {
  const emitDir = join(outRoot, "tsp-output");
  runTsp(["compile", ".", "--warn-as-error", "--output-dir", emitDir]);
  const emitted = join(emitDir, "@typespec", "openapi3");
  for (const doc of documents) {
    const text = readFileSync(join(emitted, doc.emitted), "utf8");
    writeOut(join(outRoot, doc.committed), text);
  }
  for (const file of typeFiles) {
    const source = pathToFileURL(join(outRoot, file.from));
    const ast = await openapiTS(source, { transform: openObjectAsUnknownRecord });
    writeOut(join(outRoot, file.to), astToString(ast));
  }
  rmSync(emitDir, { recursive: true, force: true });
}

/**
 * TypeSpec writes `Record<unknown>` (metadata) as OpenAPI 3.1 `unevaluatedProperties: {}`, which
 * openapi-typescript 7 reads as `Record<string, never>`: a type no real metadata fits. Map such an
 * open object to `Record<string, unknown>`.
 */
function openObjectAsUnknownRecord(schema) {
  const open = schema.unevaluatedProperties;
  if (schema.type !== "object" || schema.properties || typeof open !== "object" || open === null || Object.keys(open).length > 0) {
    return undefined;
  }
  return ts.factory.createTypeReferenceNode("Record", [
    ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
    ts.factory.createKeywordTypeNode(ts.SyntaxKind.UnknownKeyword),
  ]);
}

function writeOut(path, text) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** Every repository-relative path the generator owns. */
const ownedPaths = [...documents.map((d) => d.committed), ...typeFiles.map((f) => f.to)];

async function main() {
  const check = process.argv.includes("--check");
  const work = mkdtempSync(join(tmpdir(), "croupier-generate-"));
  try {
    if (check) {
      // A badly formatted .tsp file is as stale as a generated one.
      runTsp(["format", "--check", "**/*.tsp"]);
    }
    await generateInto(work);
    const stale = [];
    for (const path of ownedPaths) {
      const fresh = readFileSync(join(work, path), "utf8");
      const target = join(repoRoot, path);
      if (check) {
        if (!existsSync(target)) stale.push(`${path} (missing)`);
        else if (readFileSync(target, "utf8") !== fresh) stale.push(`${path} (differs)`);
      } else {
        writeOut(target, fresh);
      }
    }
    if (check && stale.length > 0) {
      process.stderr.write(
        `Generated files are stale; run \`npm run generate\` and commit:\n${stale.map((s) => `  ${s}`).join("\n")}\n`,
      );
      process.exitCode = 1;
    } else {
      process.stdout.write(`${check ? "Checked" : "Wrote"} ${ownedPaths.length} files:\n`);
      for (const path of ownedPaths) process.stdout.write(`  ${path}\n`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
