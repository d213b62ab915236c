import { SECRET_KEY_BYTES } from "../domain/ports/secrets.js";
import { ConfigError } from "./config-error.js";
import { environmentSecret, type Environment } from "./secrets.js";

/** The environment variable holding the key that seals secrets and session tokens at rest (with a `_FILE` variant). */
export const SECRET_KEY_VARIABLE = "CROUPIER_SECRET_KEY";

/**
 * The service's at-rest key from `CROUPIER_SECRET_KEY` (or the file `CROUPIER_SECRET_KEY_FILE` names), or undefined
 * when neither is set. A malformed value is a ConfigError naming the variable, never echoing it.
 */
export function secretKeyFromEnvironment(env: Environment): Buffer | undefined {
  const text = environmentSecret(SECRET_KEY_VARIABLE, env);
  return text === undefined ? undefined : parseSecretKey(text);
}

/**
 * A key's text as bytes: 32 bytes written as 64 hexadecimal digits or in base64 (standard or URL-safe, padding
 * optional), as `openssl rand -hex 32` and `openssl rand -base64 32` print them.
 */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed.replace(/\+/g, "-").replace(/\//g, "_").replace(/=$/, ""), "base64url");
    if (key.length === SECRET_KEY_BYTES) return key;
  }
  throw new ConfigError(
    SECRET_KEY_VARIABLE,
    `must be ${SECRET_KEY_BYTES} bytes written as 64 hexadecimal digits or in base64 (generate one with: openssl rand -base64 32)`,
  );
}
