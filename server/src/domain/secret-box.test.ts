import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SecretKeyError } from "./ports/secrets.js";
import { AesGcmSecretBox } from "./secret-box.js";

/** The IV of a sealed value: its first 12 bytes after the prefix. */
const ivOf = (sealed: string): string => Buffer.from(sealed.slice("aes256gcm:".length), "base64url").subarray(0, 12).toString("hex");

describe("AesGcmSecretBox", () => {
  it("opens what it sealed, across several refills of its IV pool, and never uses an IV twice", () => {
    const box = new AesGcmSecretBox(randomBytes(32));
    const ivs = new Set<string>();
    // 512 IVs per pool: 2,000 seals draw it four times.
    for (let i = 0; i < 2_000; i++) {
      const text = `{"transactionId":"tx-${i}","amount":${i}}`;
      const sealed = box.seal(text);
      expect(box.open(sealed)).toBe(text);
      ivs.add(ivOf(sealed));
    }
    expect(ivs.size).toBe(2_000);
  });

  it("gives two boxes under one key different IVs, and refuses a value another key sealed or that was altered", () => {
    const key = randomBytes(32);
    const first = new AesGcmSecretBox(key).seal("same text");
    const second = new AesGcmSecretBox(key).seal("same text");
    expect(ivOf(first)).not.toBe(ivOf(second));
    expect(() => new AesGcmSecretBox(randomBytes(32)).open(first)).toThrow(SecretKeyError);
    const bytes = Buffer.from(first.slice("aes256gcm:".length), "base64url");
    bytes[bytes.length - 1]! ^= 1;
    expect(() => new AesGcmSecretBox(key).open(`aes256gcm:${bytes.toString("base64url")}`)).toThrow(SecretKeyError);
  });
});
