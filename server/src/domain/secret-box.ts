import { createCipheriv, createDecipheriv, hash, randomFillSync } from "node:crypto";
import { SECRET_KEY_BYTES, SecretKeyError, type SecretBox } from "./ports/secrets.js";

/** The domain's services take the port's interface; they import it from here beside tokenDigest. */
export type { SecretBox };

/** Marks a sealed value. Plaintext written by releases before encryption at rest never starts with it (see isSealed). */
const PREFIX = "aes256gcm:";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** IVs are cut from one buffer of random bytes, refilled when used up: a call to the CSPRNG per seal cost more than the seal. */
const IV_POOL_BYTES = IV_BYTES * 512;
/**
 * Seals what must not be readable from the database files (tenant secrets, session tokens, the callback bodies that
 * carry them) with AES-256-GCM under `CROUPIER_SECRET_KEY`, a random IV per value; a value altered on disk or sealed
 * under another key fails to open.
 */
export class AesGcmSecretBox implements SecretBox {
  private readonly ivPool = Buffer.alloc(IV_POOL_BYTES);
  private ivPoolUsed = IV_POOL_BYTES;

  constructor(private readonly key: Buffer) {
    if (key.length !== SECRET_KEY_BYTES) throw new SecretKeyError(`the key must be ${SECRET_KEY_BYTES} bytes, not ${key.length}`);
  }

  /** `aes256gcm:` + base64url(IV | tag | ciphertext). */
  seal(text: string): string {
    const iv = this.nextIv();
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = cipher.update(text, "utf8");
    const rest = cipher.final();
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body, rest]).toString("base64url");
  }

  /** 96 fresh random bits, never handed out twice: the pool's bytes are used once each, then drawn again. */
  private nextIv(): Buffer {
    if (this.ivPoolUsed === IV_POOL_BYTES) {
      randomFillSync(this.ivPool);
      this.ivPoolUsed = 0;
    }
    const iv = this.ivPool.subarray(this.ivPoolUsed, this.ivPoolUsed + IV_BYTES);
    this.ivPoolUsed += IV_BYTES;
    return iv;
  }

  /** The text a {@link seal} call sealed; throws a SecretKeyError when it was sealed under another key or altered. */
  open(sealed: string): string {
    if (!AesGcmSecretBox.isSealed(sealed)) throw new SecretKeyError("not a sealed value");
    const bytes = Buffer.from(sealed.slice(PREFIX.length), "base64url");
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretKeyError("a sealed value is truncated");
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    } catch {
      throw new SecretKeyError("a sealed value does not open under this key (another key sealed it, or it was altered)");
    }
  }

  /** Whether a stored value is sealed; plaintext of older releases (JSON bodies, `st_`/`sk_` tokens, file secrets) is not. */
  static isSealed(value: string): boolean {
    return value.startsWith(PREFIX);
  }
}

/**
 * The one-way digest under which a bearer token (a game session's, a back-office sign-in's) is stored and looked up:
 * SHA-256, base64url. The tokens are 256 random bits, so a fast hash is enough: nothing to guess, nothing to salt.
 */
export function tokenDigest(token: string): string {
  // One-shot: a third of the time of a Hash object, and the money path digests a token or two per transaction.
  return hash("sha256", token, "base64url");
}
