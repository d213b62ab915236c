import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./database.js";
import type { NewTransaction } from "../domain/ports/ledger.js";
import { GroupCommit } from "./group-commit.js";
import { SqliteSessionStore } from "./session-store.js";
import { SqliteNonceStore } from "./sqlite-nonce-store.js";
import { SqliteTransactionStore } from "./transaction-store.js";

const bet: NewTransaction = {
  providerId: "prov",
  transactionId: "t-1",
  operatorId: "op",
  playerRef: "p",
  gameId: "g",
  roundId: "r",
  type: "BET",
  amount: 35,
  currency: "EUR",
  originalTransactionId: null,
  roundComplete: false,
  requestHash: "h",
  sessionTokenHash: "s",
  callbackBody: "{}",
};
const timedOut = {
  state: "TIMED_OUT" as const,
  balance: null,
  error: "outcome unknown",
  nextRetryAt: null,
  call: { httpStatus: null, failure: "INTERRUPTED" as const, response: null },
};
const answered = { httpStatus: 200, failure: null, response: '{"status":"OK","balance":965}' };
const PROVIDER = { by: "PROVIDER" as const, actor: null };

describe("SqliteTransactionStore crash recovery", () => {
  it("does not overwrite a record a retry claimed or settled after the orphan list was read", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ledger-"));
    try {
      const db = openDatabase(join(dir, "l.db"));
      const commits = new GroupCommit(db);
      const store = new SqliteTransactionStore(db, commits, new SqliteNonceStore(db, commits, 300));
      // A provider's claim needs its session stored and unexpired.
      const session = { tokenHash: "s", tokenSealed: "sealed", operatorId: "op", providerId: "prov", playerRef: "p", gameId: "g", currency: "EUR" };
      await new SqliteSessionStore(db, commits).insert({ ...session, language: null, demo: false, createdAt: 0, expiresAt: Number.MAX_SAFE_INTEGER });
      await store.claim({ kind: "provider", transaction: bet, nonce: undefined }, 1_000, 0, PROVIDER); // a process claimed it, then died mid-call
      const [orphan] = await store.pending();
      // Before recovery writes, a provider's retry re-claims the stale PENDING record and settles it.
      const retry = await store.claim({ kind: "provider", transaction: bet, nonce: undefined }, 5_000, 4_000, PROVIDER);
      if (retry.kind !== "claimed") throw new Error(`expected a claim, got ${retry.kind}`);
      await store.recordOutcome(retry.record, { state: "OK", balance: 965, error: null, nextRetryAt: null, call: answered }, 5_010);
      expect(await store.recordOrphanOutcome(orphan!, timedOut, 6_000)).toBe(false);
      expect(await store.find(bet)).toMatchObject({ state: "OK", responseBalance: 965, attempts: 2 });
      // Untouched since it was read, it is recovered.
      await store.claim({ kind: "provider", transaction: { ...bet, transactionId: "t-2" }, nonce: undefined }, 1_000, 0, PROVIDER);
      const [second] = await store.pending();
      expect(await store.recordOrphanOutcome(second!, timedOut, 6_000)).toBe(true);
      expect(await store.find({ providerId: "prov", transactionId: "t-2" })).toMatchObject({ state: "TIMED_OUT", attempts: 1 });
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
