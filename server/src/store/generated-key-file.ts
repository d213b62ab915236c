import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { SECRET_KEY_BYTES, SecretKeyError } from "../domain/ports/secrets.js";

/**
 * The at-rest key kept in `<database>.key` (0600) beside a SQLite file started without `CROUPIER_SECRET_KEY`, made at
 * the first start; undefined when the database is already sealed under another key.
 */
export function generatedKeyFile(sqlitePath: string, databaseHoldsSealed: boolean): Buffer | undefined {
  if (sqlitePath === ":memory:") return randomBytes(SECRET_KEY_BYTES);
  const path = `${sqlitePath}.key`;
  try {
    return readKey(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    if (databaseHoldsSealed) return undefined;
  }
  const key = randomBytes(SECRET_KEY_BYTES);
  // "wx": two processes starting at once cannot both write one; the loser reads the winner's.
  try {
    writeFileSync(path, `${key.toString("hex")}\n`, { mode: 0o600, flag: "wx" });
    return key;
  } catch {
    return readKey(path);
  }
}

function readKey(path: string): Buffer {
  const text = readFileSync(path, "utf8").trim();
  if (!/^[0-9a-f]{64}$/.test(text)) throw new SecretKeyError(`${path} does not hold a key (64 hexadecimal digits)`);
  return Buffer.from(text, "hex");
}
