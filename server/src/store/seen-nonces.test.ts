import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SeenNonces } from "./seen-nonces.js";

describe("SeenNonces", () => {
  it("holds a nonce per tenant until its expiry, inclusive, and again once re-added", () => {
    const seen = new SeenNonces(75, 1_000);
    seen.add("t1", "n1", 1_300, 1_000);
    expect(seen.has("t1", "n1", 1_000)).toBe(true);
    expect(seen.has("t2", "n1", 1_000)).toBe(false);
    expect(seen.has("t1", "n2", 1_000)).toBe(false);
    // The separator keeps (tenant, nonce) pairs apart whatever their spelling.
    expect(seen.has("t", "1n1", 1_000)).toBe(false);
    expect(seen.has("t1", "n1", 1_300)).toBe(true);
    expect(seen.has("t1", "n1", 1_301)).toBe(false);
    seen.add("t1", "n1", 1_601, 1_301);
    expect(seen.has("t1", "n1", 1_601)).toBe(true);
    // remember: refused while held, held once accepted.
    expect(seen.remember("t1", "n1", 1_900, 1_601)).toBe(false);
    expect(seen.remember("t1", "n2", 1_900, 1_601)).toBe(true);
    expect(seen.has("t1", "n2", 1_900)).toBe(true);
  });

  it("tells 300,000 held nonces from 300,000 others without one mistake, across table growth and full tables", () => {
    const seen = new SeenNonces(75, 1_000);
    const held = Array.from({ length: 300_000 }, () => randomUUID());
    for (const nonce of held) seen.add("prov", nonce, 1_300, 1_000);
    expect(held.every((nonce) => seen.has("prov", nonce, 1_000))).toBe(true);
    const others = Array.from({ length: 300_000 }, () => randomUUID());
    expect(others.filter((nonce) => seen.has("prov", nonce, 1_000))).toEqual([]);
    expect(seen.held).toBe(300_000);
  });

  it("forgets whole generations once all they hold expired: a steady rate holds about one validity's worth", () => {
    const validity = 300;
    const seen = new SeenNonces(validity / 4, 0);
    let peak = 0;
    // Twenty minutes at 200 nonces a second.
    for (let second = 0; second < 1_200; second++) {
      for (let i = 0; i < 200; i++) seen.add("prov", `${second}-${i}`, second + validity, second);
      peak = Math.max(peak, seen.held);
    }
    // Live: 300 s of nonces (60,000), plus at most two generations still waiting for their last entry to expire.
    expect(peak).toBeLessThanOrEqual(60_000 + 2 * 75 * 200);
    expect(seen.has("prov", "1199-0", 1_199)).toBe(true);
    expect(seen.has("prov", "0-0", 1_199)).toBe(false);
  });
});
