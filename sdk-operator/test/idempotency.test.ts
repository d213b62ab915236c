import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import {
  MemoryIdempotencyStore,
  SqliteIdempotencyStore,
  WalletError,
  withIdempotency,
  type IdempotencyStore,
  type TransactionRequest,
  type TransactionResponse,
} from "../src/index.js";

const dir = mkdtempSync(join(tmpdir(), "sdk-operator-idem-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A BET, with any fields replaced: a ROLLBACK or ADJUSTMENT brings its own fields in `over`. */
const tx = (over: Record<string, unknown> = {}): TransactionRequest =>
  ({
    transactionId: "tx-1",
    sessionToken: "s",
    type: "BET",
    roundId: "r",
    playerRef: "p-1",
    amount: 100,
    currency: "EUR",
    gameId: "g",
    ...over,
  }) as TransactionRequest;

/** A tiny wallet whose balance moves on every applied transaction, so a double apply is visible. */
function wallet() {
  let balance = 1000;
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    get balance() {
      return balance;
    },
    async apply(request: TransactionRequest): Promise<TransactionResponse> {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (request.amount > balance) return { status: "DECLINED", balance };
      if (request.playerRef === "p-flaky" && calls === 1) throw new WalletError(503, "ledger busy");
      balance += request.type === "BET" ? -request.amount : request.amount;
      return { status: "OK", balance };
    },
  };
}

const stores: Array<[string, () => IdempotencyStore]> = [
  ["memory", () => new MemoryIdempotencyStore()],
  ["SQLite", () => new SqliteIdempotencyStore(new Database(join(dir, `${Math.random()}.db`)))],
];

for (const [name, makeStore] of stores) {
  describe(`withIdempotency over the ${name} store`, () => {
    it("applies a transaction once and replays the first answer verbatim", async () => {
      const w = wallet();
      const onTransaction = withIdempotency(makeStore(), (r) => w.apply(r));
      const first = await onTransaction(tx());
      const again = await onTransaction(tx());
      expect(first).toEqual({ status: "OK", balance: 900 });
      expect(again).toEqual(first);
      expect([w.calls, w.balance]).toEqual([1, 900]);
    });

    it("keys on (playerRef, transactionId)", async () => {
      const w = wallet();
      const onTransaction = withIdempotency(makeStore(), (r) => w.apply(r));
      await onTransaction(tx());
      await onTransaction(tx({ playerRef: "p-2" }));
      await onTransaction(tx({ transactionId: "tx-2" }));
      expect(w.calls).toBe(3);
    });

    it("runs concurrent duplicates once", async () => {
      const w = wallet();
      const onTransaction = withIdempotency(makeStore(), (r) => w.apply(r));
      const answers = await Promise.all([onTransaction(tx()), onTransaction(tx()), onTransaction(tx())]);
      expect(answers).toEqual([
        { status: "OK", balance: 900 },
        { status: "OK", balance: 900 },
        { status: "OK", balance: 900 },
      ]);
      expect(w.calls).toBe(1);
    });

    it("stores a DECLINED answer too", async () => {
      const w = wallet();
      const onTransaction = withIdempotency(makeStore(), (r) => w.apply(r));
      expect(await onTransaction(tx({ amount: 5000 }))).toEqual({ status: "DECLINED", balance: 1000 });
      expect(await onTransaction(tx({ amount: 5000 }))).toEqual({ status: "DECLINED", balance: 1000 });
      expect(w.calls).toBe(1);
    });

    it("does not store a thrown error, so the retry runs again", async () => {
      const w = wallet();
      const onTransaction = withIdempotency(makeStore(), (r) => w.apply(r));
      await expect(onTransaction(tx({ playerRef: "p-flaky" }))).rejects.toThrow("ledger busy");
      expect(await onTransaction(tx({ playerRef: "p-flaky" }))).toEqual({ status: "OK", balance: 900 });
      expect(w.calls).toBe(2);
    });
  });
}

describe("SqliteIdempotencyStore", () => {
  it("survives a restart and keeps the first answer", async () => {
    const file = join(dir, "restart.db");
    const first = new SqliteIdempotencyStore(new Database(file));
    await first.put({ playerRef: "p", transactionId: "t" }, { status: "OK", balance: 7 });
    await first.put({ playerRef: "p", transactionId: "t" }, { status: "OK", balance: 8 });
    const reopened = new SqliteIdempotencyStore(new Database(file));
    expect(await reopened.get({ playerRef: "p", transactionId: "t" })).toEqual({ status: "OK", balance: 7 });
    expect(await reopened.get({ playerRef: "p", transactionId: "other" })).toBeUndefined();
  });

  it("refuses an unsafe table name", () => {
    expect(() => new SqliteIdempotencyStore(new Database(":memory:"), { table: "x; DROP TABLE y" })).toThrow(/invalid table name/);
  });
});
