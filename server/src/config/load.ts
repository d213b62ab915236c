import { readFileSync } from "node:fs";
import { ConfigError, parseConfig, type Environment } from "./parse.js";
import type { CroupierConfig } from "./types.js";

/**
 * Reads and validates a JSON configuration file, tenants' secrets from `env` where set there (see secrets.ts); a
 * relative sqlitePath stays relative to the working directory.
 */
export function loadConfigFile(path: string, env: Environment = process.env): CroupierConfig {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigError("(file)", `cannot read ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError("(file)", `${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseConfig(json, { env });
}
