import { randomBytes } from "node:crypto";
import { SECRET_KEY_BYTES, SecretKeyError, type SecretBox } from "./domain/ports/secrets.js";
import { AesGcmSecretBox, tokenDigest } from "./domain/secret-box.js";
import type { SqliteDatabase } from "./store/database.js";
import { sealLegacyPlaintext } from "./store/legacy-plaintext.js";
import { SqliteSecretKeyCheck } from "./store/secret-key-check.js";

/** What the check value seals: opening it proves the key is the database's. */
const CHECK_TEXT = "croupier secret key check v1";

/**
 * The {@link SecretBox} for a database, or a SecretKeyError that says what to do (docs/security.md, The at-rest key).
 * The first start with a key also seals what older releases stored in plaintext.
 */
export function unlockDatabase(
  db: SqliteDatabase,
  key: Buffer | undefined,
  generated: (databaseHoldsSealed: boolean) => Buffer | undefined = () => undefined,
): SecretBox {
  const check = new SqliteSecretKeyCheck(db);
  const stored = check.read();
  key ??= generated(stored !== undefined);
  if (key === undefined) throw missingKey(stored !== undefined);
  const box = new AesGcmSecretBox(key);
  return checked(box, stored ?? firstUnlock(db, box, check));
}

/** A database's check value where several instances may start at once (PostgreSQL): the first written wins. */
export interface SharedKeyCheck {
  read(): Promise<string | undefined>;
  /** Stores `sealed` unless a value is there already; resolves with the value stored. */
  writeFirst(sealed: string): Promise<string>;
}

/**
 * {@link unlockDatabase} for a database that never held plaintext (PostgreSQL's adapters were written after secrets
 * were sealed): the same refusals, and at the first start only the check value to write.
 */
export async function unlockShared(check: SharedKeyCheck, key: Buffer | undefined): Promise<SecretBox> {
  const stored = await check.read();
  if (key === undefined) return generatedInDatabase(check, stored);
  if (stored?.startsWith(GENERATED)) {
    throw new SecretKeyError(
      "the database's secrets are sealed under a key it generated and keeps itself, not under CROUPIER_SECRET_KEY: " +
        "start without CROUPIER_SECRET_KEY, or on a new database with it",
    );
  }
  const box = new AesGcmSecretBox(key);
  return checked(box, stored ?? (await check.writeFirst(box.seal(CHECK_TEXT))));
}

/** Marks a check row that holds a generated key itself rather than a value sealed under CROUPIER_SECRET_KEY. */
const GENERATED = "generated-key:";

/**
 * A shared database started without CROUPIER_SECRET_KEY: the first instance stores a generated key in the check row and
 * every instance uses it, so the cluster runs; sealing then guards nothing against a copy of the database, which the
 * service's warning at start says. A database sealed under an explicit key still needs that key.
 */
async function generatedInDatabase(check: SharedKeyCheck, stored: string | undefined): Promise<SecretBox> {
  const value = stored ?? (await check.writeFirst(GENERATED + randomBytes(SECRET_KEY_BYTES).toString("hex")));
  if (!value.startsWith(GENERATED)) throw missingKey(true);
  return new AesGcmSecretBox(Buffer.from(value.slice(GENERATED.length), "hex"));
}

function missingKey(databaseHoldsSealed: boolean): SecretKeyError {
  return new SecretKeyError(
    !databaseHoldsSealed
      ? "CROUPIER_SECRET_KEY is not set: tenant secrets and session tokens are encrypted at rest under it. Generate one " +
          "with `openssl rand -base64 32`, keep it apart from the database and its backups, and set CROUPIER_SECRET_KEY " +
          "(or CROUPIER_SECRET_KEY_FILE naming a file that holds it)"
      : "the database holds tenant secrets and session tokens encrypted under CROUPIER_SECRET_KEY, which is not set: " +
          "set it (or CROUPIER_SECRET_KEY_FILE) to the key they were encrypted with",
  );
}

function checked(box: SecretBox, sealed: string): SecretBox {
  if (!opensToCheck(box, sealed)) throw new SecretKeyError("CROUPIER_SECRET_KEY is not the key this database was encrypted with");
  return box;
}

/** Seals the plaintext older releases left and writes the check value; returns the check value now stored. */
function firstUnlock(db: SqliteDatabase, box: SecretBox, check: SqliteSecretKeyCheck): string {
  db.pragma("secure_delete = ON");
  try {
    // Read again inside the write lock: another process (an admin command beside the service) may have just done it.
    return db
      .transaction(() => {
        const now = check.read();
        if (now !== undefined) return now;
        sealLegacyPlaintext(db, { seal: (text) => box.seal(text), isSealed: AesGcmSecretBox.isSealed, digest: tokenDigest });
        const written = box.seal(CHECK_TEXT);
        check.write(written);
        return written;
      })
      .immediate();
  } finally {
    db.pragma("secure_delete = OFF");
    db.pragma("wal_checkpoint(TRUNCATE)");
  }
}

function opensToCheck(box: SecretBox, sealed: string): boolean {
  try {
    return box.open(sealed) === CHECK_TEXT;
  } catch {
    return false;
  }
}
