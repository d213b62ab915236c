import { readFileSync } from "node:fs";
import { ConfigError } from "./config-error.js";

/** The environment variables the configuration reads (process.env in the service and the admin CLI). */
export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * The environment variable that holds a tenant's secret: `CROUPIER_OPERATOR_<ID>_SECRET` or
 * `CROUPIER_PROVIDER_<ID>_SECRET`, where <ID> is the id upper-cased with every character other than A-Z and 0-9
 * replaced by `_` (`op-acme` → `CROUPIER_OPERATOR_OP_ACME_SECRET`). The same name ending in `_FILE` names a file
 * that holds the secret instead.
 */
export function secretVariable(kind: "operator" | "provider", id: string): string {
  return `CROUPIER_${kind.toUpperCase()}_${id.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_SECRET`;
}

/**
 * A tenant's secret: from its environment variable, else from the file its `…_SECRET_FILE` variable names (one
 * trailing newline dropped, as `echo` and most secret stores write one), else from the configuration file. Both
 * variables set, an unreadable or empty file, or no secret from any source stop the start, naming the variable or key.
 */
export function resolveSecret(kind: "operator" | "provider", id: string, fromFile: string | undefined, at: string, env: Environment): string {
  const name = secretVariable(kind, id);
  const secret = environmentSecret(name, env) ?? fromFile;
  if (secret !== undefined) return secret;
  throw new ConfigError(at, `is required: set it in the file, or in ${name} (or ${name}_FILE naming a file that holds it)`);
}

/**
 * A secret from the environment variable `name`, or from the file named by `name` + `_FILE` (one trailing newline
 * dropped); undefined when neither is set. Both set, or an unreadable or empty file, is a ConfigError naming the variable.
 */
export function environmentSecret(name: string, env: Environment): string | undefined {
  const value = env[name];
  const file = env[`${name}_FILE`];
  if (value !== undefined && value !== "" && file !== undefined && file !== "") {
    throw new ConfigError(name, `both ${name} and ${name}_FILE are set; set one`);
  }
  if (value !== undefined && value !== "") return value;
  if (file === undefined || file === "") return undefined;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new ConfigError(`${name}_FILE`, `cannot read ${file}: ${(error as Error).message}`);
  }
  const secret = text.replace(/\r?\n$/, "");
  if (secret === "") throw new ConfigError(`${name}_FILE`, `${file} is empty`);
  return secret;
}
