import { sign, type NonceStore, MemoryNonceStore } from "@croupier/signing";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../src/config/parse.js";
import { RateLimiter } from "../src/domain/tenants/rate-limiter.js";
import { TenantDirectory } from "../src/domain/tenants/tenant-directory.js";
import { createAuthenticator, type SignedRequest } from "../src/http/authenticate.js";
import { openDatabase } from "../src/store/database.js";
import { GroupCommit } from "../src/store/group-commit.js";
import { SqliteNonceStore } from "../src/store/sqlite-nonce-store.js";
import { SqliteTenantStore } from "../src/store/tenant-store.js";
import { OPERATOR, testConfigJson, testSecretKey } from "./harness.js";
import { AesGcmSecretBox } from "../src/domain/secret-box.js";

const SKEW = 300;

/** The server's authenticator over real stores, with a clock the test moves. */
async function authenticatorAt(clock: { now: number }, nonces?: (db: ReturnType<typeof openDatabase>) => NonceStore) {
  const config = parseConfig(testConfigJson({ limits: { clockSkewSeconds: SKEW, rateLimit: { requestsPerSecond: 1000, burst: 1000 } } }));
  const db = openDatabase(":memory:");
  const tenants = await TenantDirectory.open(config, new SqliteTenantStore(db), new AesGcmSecretBox(testSecretKey()), () => clock.now);
  const store = nonces?.(db) ?? new SqliteNonceStore(db, new GroupCommit(db), SKEW, () => clock.now);
  return createAuthenticator({
    tenants,
    nonces: store,
    rateLimiter: new RateLimiter(() => config.limits.rateLimit),
    clockSkewSeconds: SKEW,
    nowSeconds: () => clock.now,
  });
}

/** A signed rotate-secret call, as captured on the wire. */
function rotateSecretCall(timestamp: number, nonce: string): SignedRequest {
  const headers = sign({
    secret: OPERATOR.secret,
    tenantId: OPERATOR.id,
    method: "POST",
    target: "/portal/api/rotate-secret",
    body: "",
    timestamp,
    nonce,
  });
  return { method: "POST", target: "/portal/api/rotate-secret", path: "/portal/api/rotate-secret", headers: lower(headers), body: undefined };
}

const lower = (headers: object) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

describe("nonce retention (decisions.md §4)", () => {
  it("refuses a replay of a future-dated request after now + skew has passed, while its timestamp is still acceptable", async () => {
    const clock = { now: 1_800_000_000 };
    const check = await authenticatorAt(clock);
    // Signed by a client whose clock runs 200 s fast: accepted (within the skew).
    const captured = rotateSecretCall(clock.now + 200, "fast-clock-nonce");
    expect((await check(captured)).ok).toBe(true);
    // Past now + skew of the first arrival, but the timestamp still passes the clock check (until timestamp + skew).
    clock.now += SKEW + 100;
    const replay = await check(captured);
    expect(replay.ok).toBe(false);
    expect(!replay.ok && replay.error.message).toBe("replayed request");
    // Once the timestamp itself is stale, the clock check refuses it (and the nonce may be forgotten).
    clock.now += 101;
    const stale = await check(captured);
    expect(!stale.ok && stale.authFailure).toBe("stale-timestamp");
  });

  it("awaits an asynchronous NonceStore: a replay is refused, not waved through by a pending promise", async () => {
    const clock = { now: 1_800_000_000 };
    const memory = new MemoryNonceStore(() => clock.now);
    const asyncStore: NonceStore = {
      remember: (tenantId, nonce, expiresAt) => new Promise((resolve) => setImmediate(() => resolve(memory.remember(tenantId, nonce, expiresAt)))),
    };
    const check = await authenticatorAt(clock, () => asyncStore);
    const captured = rotateSecretCall(clock.now, "async-nonce");
    expect((await check(captured)).ok).toBe(true);
    const replay = await check(captured);
    expect(replay.ok).toBe(false);
    expect(!replay.ok && replay.error.code).toBe("replayed_request");
  });
});
