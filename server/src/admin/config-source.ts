import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Environment } from "../config/secrets.js";

/** The file `npm start` writes in its data directory while the sandbox runs, and removes when it stops. */
export const SANDBOX_DESCRIPTION_FILE = "sandbox.json";

/** What the sandbox's description tells the admin commands: its configuration file and its at-rest key file. */
export interface SandboxConfigFiles {
  /** The service configuration the sandbox runs on (an absolute path). */
  configPath: string;
  /** The sandbox service's at-rest key, as `CROUPIER_SECRET_KEY_FILE` would name it (an absolute path). */
  secretKeyFile: string;
}

/** Where an admin command's configuration comes from, and the environment its at-rest key is read from. */
export interface ConfigSource {
  path: string;
  env: Environment;
  /** The sandbox description the configuration was found through, when neither --config nor CROUPIER_CONFIG named one. */
  foundThrough?: string;
}

/**
 * `--config FILE`, else `CROUPIER_CONFIG`, else the running sandbox's configuration, found as `npm run demo` finds the
 * sandbox: through `sandbox.json` in `CROUPIER_SANDBOX_DATA_DIR` (default `data`). With the sandbox's configuration comes
 * its key file, used unless `CROUPIER_SECRET_KEY` or `CROUPIER_SECRET_KEY_FILE` is set. A string is the reason none was found.
 */
export function adminConfigSource(option: string | undefined, env: Environment): ConfigSource | string {
  const named = option ?? env.CROUPIER_CONFIG;
  if (named) return { path: named, env };
  const description = join(env.CROUPIER_SANDBOX_DATA_DIR || "data", SANDBOX_DESCRIPTION_FILE);
  let text: string;
  try {
    text = readFileSync(description, "utf8");
  } catch {
    return (
      `no configuration file: pass --config FILE or set CROUPIER_CONFIG ` +
      `(or start the sandbox with npm start: no running sandbox was found, ${description} does not exist)`
    );
  }
  const files = sandboxConfigFiles(text);
  if (!files) return `${description} names no configuration file; restart the sandbox with npm start, or pass --config FILE`;
  const keySet = Boolean(env.CROUPIER_SECRET_KEY || env.CROUPIER_SECRET_KEY_FILE);
  return { path: files.configPath, env: keySet ? env : { ...env, CROUPIER_SECRET_KEY_FILE: files.secretKeyFile }, foundThrough: description };
}

function sandboxConfigFiles(text: string): SandboxConfigFiles | undefined {
  try {
    const value = JSON.parse(text) as Partial<SandboxConfigFiles>;
    return typeof value.configPath === "string" && typeof value.secretKeyFile === "string"
      ? { configPath: value.configPath, secretKeyFile: value.secretKeyFile }
      : undefined;
  } catch {
    return undefined;
  }
}
