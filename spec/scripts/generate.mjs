#!/usr/bin/env node
/**
 * Regenerates everything derived from the TypeSpec contract:
 *   spec/openapi/*.openapi.yaml             (the three OpenAPI 3.1 documents)
 *   contract/src/generated/*.ts             (the three documents' types, and the limits they state, for the
 *                                            @croupier/contract package the server and both SDKs import)
 *   server/src/config/generated/config-validator.ts (server/config.schema.json, compiled ahead by Ajv)
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
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { parse as parseYaml } from "yaml";

const specDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = resolve(specDir, "..");
const require = createRequire(import.meta.url);

/** Emitted file name (TypeSpec names it after the service namespace) → stable committed name. */
const documents = [
  { emitted: "Croupier.Service.openapi.yaml", committed: "spec/openapi/service.openapi.yaml" },
  { emitted: "Croupier.OperatorWallet.openapi.yaml", committed: "spec/openapi/operator-wallet.openapi.yaml" },
  { emitted: "Croupier.ProviderWebhooks.openapi.yaml", committed: "spec/openapi/provider-webhooks.openapi.yaml" },
];

/** Each document's types, in the contract package that the server and both SDKs import (tsup bundles it into each SDK). */
const typeFiles = [
  { from: "spec/openapi/service.openapi.yaml", to: "contract/src/generated/service.ts" },
  { from: "spec/openapi/operator-wallet.openapi.yaml", to: "contract/src/generated/operator-wallet.ts" },
  { from: "spec/openapi/provider-webhooks.openapi.yaml", to: "contract/src/generated/provider-webhooks.ts" },
];

/** The limits the contract states once, as constants for code that checks a body by hand (the SDK receivers, the server's cross-field rules). */
const limitsFile = {
  from: "spec/openapi/service.openapi.yaml",
  webhooks: "spec/openapi/provider-webhooks.openapi.yaml",
  to: "contract/src/generated/limits.ts",
};

/**
 * Reads the limits out of the service document: an identifier's length and pattern (no control characters), an
 * amount's range, a spin count's minimum and a currency code's pattern from their scalars' schemas, metadata's size and
 * depth from the extensions on its property (a JSON Schema keyword cannot state them); and out of the provider
 * webhooks' document the reasons a session-revoke webhook may give.
 * Throws when one is missing, so a TypeSpec change that drops a limit fails the generation instead of a constant
 * silently keeping its old value.
 */
function limitsModule(documentText, webhooksText) {
  const schemas = parseYaml(documentText).components.schemas;
  const webhookSchemas = parseYaml(webhooksText).components.schemas;
  const need = (value, what, type = "number") => {
    if (typeof value !== type) throw new Error(`the service document no longer states ${what}`);
    return value;
  };
  const reasons = webhookSchemas.RevokeReason?.enum;
  if (!Array.isArray(reasons) || reasons.length === 0) throw new Error("the provider webhooks' document no longer states RevokeReason's values");
  const metadata = schemas.BetTransaction?.properties?.metadata ?? {};
  const limits = {
    identifierMinLength: need(schemas.Identifier?.minLength, "Identifier's minLength"),
    identifierMaxLength: need(schemas.Identifier?.maxLength, "Identifier's maxLength"),
    identifierPattern: need(schemas.Identifier?.pattern, "Identifier's pattern", "string"),
    httpUrlPattern: need(schemas.HttpUrl?.pattern, "HttpUrl's pattern", "string"),
    notePattern: need(schemas.Note?.pattern, "Note's pattern", "string"),
    amountMinimum: need(schemas.AmountMinor?.minimum, "AmountMinor's minimum"),
    amountMaximum: need(schemas.AmountMinor?.maximum, "AmountMinor's maximum"),
    spinsMinimum: need(schemas.SpinCount?.minimum, "SpinCount's minimum"),
    currencyPattern: need(schemas.CurrencyCode?.pattern, "CurrencyCode's pattern", "string"),
    revokeReasons: reasons,
    metadataMaxBytes: need(metadata["x-max-serialized-bytes"], "metadata's x-max-serialized-bytes"),
    metadataMaxDepth: need(metadata["x-max-depth"], "metadata's x-max-depth"),
  };
  const lines = Object.entries(limits).map(([key, value]) => `  ${key}: ${JSON.stringify(value)},`);
  return `// Generated by spec/scripts/generate.mjs from ${limitsFile.from} and ${limitsFile.webhooks}: do not edit.\n` +
    `/** The limits and value lists the contract states (spec/common/scalars.tsp, spec/wallet/models.tsp, spec/provider-webhooks/models.tsp), for checks written by hand. */\n` +
    `export const LIMITS = {\n${lines.join("\n")}\n} as const;\n`;
}

/**
 * The configuration file's JSON Schema, compiled ahead into a validator module, so that the service and each admin
 * command start without importing Ajv's compiler and compiling it (about a second per start on a busy machine).
 * The options are the ones server/src/config/schema.ts documents: findings carry their schema (verbose), defaults
 * are filled in, unknown keys dropped, the first finding stops.
 */
const configValidator = { from: "server/config.schema.json", to: "server/src/config/generated/config-validator.ts" };

function compileConfigValidator() {
  const schema = JSON.parse(readFileSync(join(repoRoot, configValidator.from), "utf8"));
  const ajv = new Ajv2020({ strict: false, verbose: true, useDefaults: true, removeAdditional: "all", allErrors: false, code: { source: true, esm: true } });
  const code = standaloneCode.default(ajv, ajv.compile(schema)).replace(/^"use strict";/, "");
  // Ajv's standalone output still require()s its small runtime helpers, even as ESM.
  return `// Generated by spec/scripts/generate.mjs from ${configValidator.from}: do not edit.\n// @ts-nocheck\n` +
    `import { createRequire } from "node:module";\nconst require = createRequire(import.meta.url);\n${code}\n`;
}

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
  writeOut(join(outRoot, limitsFile.to), limitsModule(readFileSync(join(outRoot, limitsFile.from), "utf8"), readFileSync(join(outRoot, limitsFile.webhooks), "utf8")));
  writeOut(join(outRoot, configValidator.to), compileConfigValidator());
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
const ownedPaths = [...documents.map((d) => d.committed), ...typeFiles.map((f) => f.to), limitsFile.to, configValidator.to];

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
