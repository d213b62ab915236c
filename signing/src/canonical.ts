import { createHmac } from "node:crypto";

/** The parts of a request that the signature covers, in signing order. */
export interface SigningParts {
  /** HTTP method; upper-cased before signing. */
  method: string;
  /** The request target exactly as sent: path (with any base-path prefix) plus `?` and the raw query string. */
  target: string;
  /** Unix time in whole seconds, decimal digits only. */
  timestamp: string;
  /** 1 to 128 characters of `A-Z a-z 0-9 - _ . ~`. */
  nonce: string;
  /** The raw body bytes as sent; the empty string when there is none. */
  body: string | Uint8Array;
}

const NONCE_PATTERN = /^[A-Za-z0-9\-_.~]{1,128}$/;
// Whole seconds without a leading zero: one spelling per second.
const TIMESTAMP_PATTERN = /^(0|[1-9][0-9]{0,14})$/;

/** True when the nonce has the format of decisions.md §1 (1–128 chars of `A-Z a-z 0-9 - _ . ~`). */
export function isValidNonce(nonce: string | undefined | null): nonce is string {
  return typeof nonce === "string" && NONCE_PATTERN.test(nonce);
}

/** True when the timestamp is whole Unix seconds in decimal digits, without a leading zero. */
export function isValidTimestamp(timestamp: string | undefined | null): timestamp is string {
  return typeof timestamp === "string" && TIMESTAMP_PATTERN.test(timestamp);
}

/**
 * Builds `METHOD\ntarget\ntimestamp\nnonce\nbody`.
 * Refuses a line feed inside any delimited field: otherwise two different requests could share one
 * string to sign (the body is last, so it may hold anything).
 */
export function stringToSign(parts: SigningParts): Buffer {
  const method = parts.method.toUpperCase();
  for (const [name, value] of [
    ["method", method],
    ["target", parts.target],
    ["timestamp", parts.timestamp],
    ["nonce", parts.nonce],
  ] as const) {
    if (value.includes("\n")) throw new TypeError(`${name} must not contain a line feed`);
  }
  const head = Buffer.from(`${method}\n${parts.target}\n${parts.timestamp}\n${parts.nonce}\n`, "utf8");
  return Buffer.concat([head, toBytes(parts.body)]);
}

/** Lowercase hex HMAC-SHA256 of the string to sign: the value of X-Signature. */
export function computeSignature(secret: string, parts: SigningParts): string {
  return createHmac("sha256", secret).update(stringToSign(parts)).digest("hex");
}

/**
 * Normalises a body to bytes. A parsed object is refused with an explanation, because re-serialised JSON
 * rarely matches the bytes that were signed (key order, spacing, unicode escapes).
 */
export function toBytes(body: string | Uint8Array): Buffer {
  if (typeof body === "string") return Buffer.from(body, "utf8");
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError(
    "The body must be the raw request bytes (string or Uint8Array), not a parsed object: " +
      "signatures cover the exact bytes sent. Read the raw body before any JSON parser runs " +
      "(for example express.raw({ type: '*/*' })).",
  );
}
