import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./database.js";
import type { NewTransaction } from "../domain/ports/ledger.js";
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
      const store = new SqliteTransactionStore(db);
      await store.claim(bet, 1_000, 0, true, PROVIDER); // a process claimed it, then died mid-call
      const [orphan] = await store.pending();
      // Before recovery writes, a provider's retry re-claims the stale PENDING record and settles it.
      const retry = await store.claim(bet, 5_000, 4_000, true, PROVIDER);
      if (retry.kind !== "claimed") throw new Error(`expected a claim, got ${retry.kind}`);
      await store.recordOutcome(retry.record, { state: "OK", balance: 965, error: null, nextRetryAt: null, call: answered }, 5_010);
      expect(await store.recordOrphanOutcome(orphan!, timedOut, 6_000)).toBe(false);
      expect(await store.find(bet)).toMatchObject({ state: "OK", responseBalance: 965, attempts: 2 });
      // Untouched since it was read, it is recovered.
      await store.claim({ ...bet, transactionId: "t-2" }, 1_000, 0, true, PROVIDER);
      const [second] = await store.pending();
      expect(await store.recordOrphanOutcome(second!, timedOut, 6_000)).toBe(true);
      expect(await store.find({ providerId: "prov", transactionId: "t-2" })).toMatchObject({ state: "TIMED_OUT", attempts: 1 });
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
