import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { computeSignature, MemoryNonceStore, mintReplayToken, ReplayTokenError, sign, stringToSign, verify, verifyReplayToken } from "./index.js";

interface Vector {
  name: string;
  secret: string;
  method: string;
  path: string;
  timestamp: string;
  nonce: string;
  body: string;
  stringToSign: string;
  signature: string;
}
// The project's own copy of the published vectors (docs/decisions.md §1); the tests never need anything outside the
// repository.
const vectorsFile = fileURLToPath(new URL("../test-vectors/signing-vectors.json", import.meta.url));
const vectorsText = readFileSync(vectorsFile, "utf8");
const vectors = (JSON.parse(vectorsText) as { cases: Vector[] }).cases;
// Where the contract's original sits beside the clone, the copy must agree with it; a clone alone has no such file.
const contractVectorsFile = fileURLToPath(new URL("../../../shared/contract/signing-vectors.json", import.meta.url)); // optional: compared only when present

describe("signing vectors from signing/test-vectors/signing-vectors.json", () => {
  it("has the five published cases", () => expect(vectors.length).toBeGreaterThanOrEqual(5));
  it("agrees with the contract's signing-vectors.json when present", () => {
    if (!existsSync(contractVectorsFile)) return;
    expect(JSON.parse(vectorsText)).toEqual(JSON.parse(readFileSync(contractVectorsFile, "utf8")));
  });
  for (const v of vectors) {
    const parts = { method: v.method, target: v.path, timestamp: v.timestamp, nonce: v.nonce, body: v.body };
    it(`${v.name}: string to sign`, () => expect(stringToSign(parts).toString("utf8")).toBe(v.stringToSign));
    it(`${v.name}: signature`, () => expect(computeSignature(v.secret, parts)).toBe(v.signature));
    it(`${v.name}: sign() produces the headers`, () => {
      const headers = sign({
        secret: v.secret,
        tenantId: "t",
        method: v.method,
        target: v.path,
        body: v.body,
        timestamp: v.timestamp,
        nonce: v.nonce,
      });
      expect(headers["X-Signature"]).toBe(v.signature);
    });
    it(`${v.name}: verify() accepts it at its own time, with bytes or string body`, () => {
      const headers = { "x-tenant-id": "t", "x-timestamp": v.timestamp, "x-nonce": v.nonce, "x-signature": v.signature };
      for (const body of [v.body, new TextEncoder().encode(v.body)]) {
        expect(verify({ method: v.method, target: v.path, headers, body, secrets: [v.secret], now: Number(v.timestamp) })).toEqual({
          ok: true,
          tenantId: "t",
          nonce: v.nonce,
          timestamp: Number(v.timestamp),
          secretIndex: 0,
        });
      }
    });
  }
});

describe("verify", () => {
  const secret = "s3cret";
  const now = 1_767_225_600;
  const make = (over: Partial<Record<string, string>> = {}, body = '{"a":1}') => {
    const h = sign({ secret, tenantId: "op-1", method: "POST", target: "/v1/x?q=1", body, timestamp: now, nonce: "n-1" });
    const headers: Record<string, string> = {
      "x-tenant-id": h["X-Tenant-ID"],
      "x-timestamp": h["X-Timestamp"],
      "x-nonce": h["X-Nonce"],
      "x-signature": h["X-Signature"],
      ...over,
    };
    for (const [k, val] of Object.entries(headers)) if (val === "") delete headers[k];
    return headers;
  };
  const check = (headers: Record<string, string>, extra: Partial<Parameters<typeof verify>[0]> = {}) =>
    verify({ method: "POST", target: "/v1/x?q=1", headers, body: '{"a":1}', secrets: [secret], now, ...extra });

  it("accepts a good request", () => expect(check(make()).ok).toBe(true));
  it("says which secret verified: 0 the current, 1 a previous one in its grace period", () => {
    expect(check(make(), { secrets: [secret, "older"] })).toMatchObject({ ok: true, secretIndex: 0 });
    expect(check(make(), { secrets: ["newer", secret] })).toMatchObject({ ok: true, secretIndex: 1 });
  });
  it("checks nonce format before anything else", () => {
    expect(check(make({ "x-nonce": "", "x-signature": "" }))).toEqual({ ok: false, reason: "invalid-nonce" });
    expect(check(make({ "x-nonce": "a".repeat(129) }))).toEqual({ ok: false, reason: "invalid-nonce" });
    expect(check(make({ "x-nonce": "bad nonce" }))).toEqual({ ok: false, reason: "invalid-nonce" });
    expect(check(make({ "x-nonce": "a".repeat(128) })).ok).toBe(false); // valid format, but signature no longer matches
    expect(check(make({ "x-nonce": "a".repeat(128) }))).toEqual({ ok: false, reason: "bad-signature" });
  });
  it("refuses a missing header", () => expect(check(make({ "x-signature": "" }))).toEqual({ ok: false, reason: "missing-header" }));
  it("refuses a tampered body, target or method", () => {
    expect(check(make(), { body: '{"a":2}' }).ok).toBe(false);
    expect(check(make(), { target: "/v1/x?q=2" }).ok).toBe(false);
    expect(check(make(), { method: "PUT" }).ok).toBe(false);
  });
  it("enforces the clock tolerance both ways, inclusive at the edge", () => {
    expect(check(make(), { now: now + 300 }).ok).toBe(true);
    expect(check(make(), { now: now - 300 }).ok).toBe(true);
    expect(check(make(), { now: now + 301 })).toEqual({ ok: false, reason: "stale-timestamp" });
    expect(check(make(), { now: now - 301 })).toEqual({ ok: false, reason: "stale-timestamp" });
    expect(check(make(), { now: now + 10, toleranceSeconds: 5 }).ok).toBe(false);
  });
  it("refuses malformed timestamps", () => {
    // A leading zero is refused too: "01767225600" would name the same second as "1767225600" in another spelling.
    for (const ts of ["1767225600.0", "-1", "abc", " 1767225600", "1e9", "01767225600", "00"]) {
      expect(check(make({ "x-timestamp": ts }))).toEqual({ ok: false, reason: "bad-timestamp" });
    }
  });
  it("accepts any of several secrets (rotation) and refuses a wrong one", () => {
    expect(check(make(), { secrets: ["old", secret] }).ok).toBe(true);
    expect(check(make(), { secrets: ["old", "other"] })).toEqual({ ok: false, reason: "bad-signature" });
    expect(check(make(), { secrets: [] })).toEqual({ ok: false, reason: "unknown-tenant" });
    expect(check(make(), { secrets: (t) => (t === "op-1" ? [secret] : undefined) }).ok).toBe(true);
    expect(check(make({ "x-tenant-id": "op-2" }), { secrets: (t) => (t === "op-1" ? [secret] : undefined) })).toEqual({
      ok: false,
      reason: "unknown-tenant",
    });
  });
  it("checks the expected tenant id", () => {
    expect(check(make(), { expectedTenantId: "op-9" })).toEqual({ ok: false, reason: "wrong-tenant" });
    expect(check(make(), { expectedTenantId: "op-1" }).ok).toBe(true);
  });
  it("refuses signatures that are not 64 lowercase hex characters", () => {
    const good = make()["x-signature"]!;
    expect(check(make({ "x-signature": good.toUpperCase() })).ok).toBe(false);
    expect(check(make({ "x-signature": good.slice(0, 62) })).ok).toBe(false);
  });
  it("refuses a parsed object body with an explanation", () => {
    expect(() => check(make(), { body: { a: 1 } as unknown as string })).toThrow(/raw request bytes/);
  });
  it("refuses a line feed in a delimited field when signing", () => {
    expect(() => sign({ secret, tenantId: "t", method: "GET", target: "/a\n/b" })).toThrow(/line feed/);
  });
});

describe("MemoryNonceStore", () => {
  it("refuses a nonce seen within its window, per tenant, and forgets it after", () => {
    let now = 1000;
    const store = new MemoryNonceStore(() => now);
    expect(store.remember("a", "n1", 1300)).toBe(true);
    expect(store.remember("a", "n1", 1300)).toBe(false);
    expect(store.remember("b", "n1", 1300)).toBe(true);
    now = 1301;
    expect(store.remember("a", "n1", 1601)).toBe(true);
  });
});

describe("replay tokens", () => {
  const claims = { roundId: "r-1", gameId: "starfall", playerRef: "p-1", operatorId: "op-1", providerId: "prov-1", exp: 2000 };
  it("round-trips and honours rotation", () => {
    const token = mintReplayToken("k1", claims);
    expect(verifyReplayToken(token, ["k0", "k1"], 1000)).toEqual(claims);
  });
  it("refuses expiry, forgery, stretching and garbage", () => {
    const token = mintReplayToken("k1", claims);
    expect(() => verifyReplayToken(token, ["k1"], 2001)).toThrow(ReplayTokenError);
    expect(() => verifyReplayToken(token, ["k2"], 1000)).toThrow(/bad-signature/);
    const [p, , s] = token.split(".");
    const stretched = Buffer.from(JSON.stringify({ ...claims, exp: 99999 })).toString("base64url");
    expect(() => verifyReplayToken(`${p}.${stretched}.${s}`, ["k1"], 1000)).toThrow(/bad-signature/);
    for (const junk of ["", "a.b", "rpl1.x.y", "rpl1..", `${p}.${stretched}`]) {
      expect(() => verifyReplayToken(junk, ["k1"], 1000)).toThrow(/malformed/);
    }
  });
});
