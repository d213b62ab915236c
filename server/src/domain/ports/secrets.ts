/** Bytes of the service's key: AES-256. */
export const SECRET_KEY_BYTES = 32;

/** A key that is malformed, missing when the database needs one, or not the one the database was sealed with. */
export class SecretKeyError extends Error {
  override readonly name = "SecretKeyError";
}

/**
 * What seals secrets, tokens and callback bodies at rest (domain/secret-box.ts is the one implementation): a store
 * keeps only the strings it is given, and unlocking a database hands one of these to the services.
 */
export interface SecretBox {
  seal(text: string): string;
  /** The text {@link seal} sealed; throws a SecretKeyError when another key sealed it or it was altered. */
  open(sealed: string): string;
}
