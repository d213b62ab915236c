import { readFileSync } from "node:fs";
import type { ErrorObject, ValidateFunction } from "ajv";
import { ConfigError } from "./config-error.js";
import { validate as generatedValidate } from "./generated/config-validator.js";
import type { ConfigFile } from "./types.js";

/** The JSON Schema of the configuration file (server/config.schema.json): what is valid, and every default. */
export const CONFIG_SCHEMA_PATH = new URL("../../config.schema.json", import.meta.url);
export const configSchema = JSON.parse(readFileSync(CONFIG_SCHEMA_PATH, "utf8")) as Record<string, unknown>;

/**
 * The schema compiled ahead by `npm run generate` (Ajv standalone; checked fresh in CI). Its options: errors carry the
 * schema that failed (verbose), from which the message is written; defaults are filled in; keys the schema does not
 * know are dropped (the file's unknown keys are ignored); the first finding stops.
 */
const validate = generatedValidate as ValidateFunction<ConfigFile>;

/** What a value of a `$defs` entry whose pattern failed must be (the schema's own description says it too). */
const PATTERN_MESSAGES: Record<string, string> = {
  id: "must be 1-255 characters without control, line separator or bidirectional control characters",
  currency: "must be an uppercase ISO-4217 code",
  httpUrl: "must be an absolute http(s) URL",
  optionalHttpUrl: "must be an absolute http(s) URL",
  synchronous: "must be FULL or NORMAL",
  postgresUrl: "must be a postgres:// or postgresql:// URL",
};

/**
 * Checks a parsed configuration file (nulls already removed) against the schema and fills in its defaults, in
 * place. The first finding stops it, as a ConfigError naming the key: `operators[0].callbackTimeoutMs`.
 */
export function validateConfigFile(input: unknown): ConfigFile {
  if (validate(input)) return input;
  const error = validate.errors![0]!;
  const missing = error.keyword === "required" ? (error.params as { missingProperty: string }).missingProperty : undefined;
  const key = keyOf(missing === undefined ? error.instancePath : `${error.instancePath}/${missing}`);
  throw new ConfigError(key, missing === undefined ? expectation(error) : "is required");
}

/** `/operators/0/callbackTimeoutMs` → `operators[0].callbackTimeoutMs`; the root is `(root)`. */
function keyOf(pointer: string): string {
  const parts = pointer
    .split("/")
    .slice(1)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (parts.length === 0) return "(root)";
  return parts.map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
}

/** What the value at the failing key must be, in words, from the schema it failed. */
function expectation(error: ErrorObject): string {
  const schema = error.parentSchema as { type?: string; minimum?: number; maximum?: number; enum?: unknown[] };
  const def = /#\/\$defs\/(\w+)\/pattern$/.exec(error.schemaPath)?.[1];
  if (error.keyword === "pattern" && def !== undefined && PATTERN_MESSAGES[def]) return PATTERN_MESSAGES[def];
  if (schema.enum) return `must be one of ${schema.enum.join(", ")}`;
  switch (schema.type) {
    case "integer":
      return `must be an integer from ${schema.minimum} to ${schema.maximum}`;
    case "number":
      return `must be a number >= ${schema.minimum}`;
    case "string":
      return "must be a non-empty string";
    case "boolean":
      return "must be true or false";
    case "object":
      return "must be an object";
    case "array":
      return "must be an array";
    default:
      return error.message ?? "is invalid";
  }
}
