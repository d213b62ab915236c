import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type SqliteDatabase } from "./database.js";
import { GroupCommit } from "./group-commit.js";
import { SqliteNonceStore } from "./sqlite-nonce-store.js";

describe("SqliteNonceStore", () => {
  let dir: string;
  let db: SqliteDatabase;
  let clock: number;
  let store: SqliteNonceStore;
  const count = (sql: string) => db.prepare(sql).pluck().get() as number;
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "nonces-"));
    db = openDatabase(join(dir, "n.db"));
    clock = 1_000_000;
    store = new SqliteNonceStore(db, new GroupCommit(db, "FULL"), () => clock);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("accepts a nonce once per tenant, before and after its write is committed, and again once it expired", async () => {
    expect(store.remember("t1", "n1", clock + 300)).toBe(true);
    expect(store.remember("t1", "n1", clock + 300)).toBe(false); // not yet committed: refused from memory
    expect(store.remember("t2", "n1", clock + 300)).toBe(true); // another tenant's nonce space
    await settle();
    expect(count("SELECT count(*) FROM nonces")).toBe(2);
    expect(store.remember("t1", "n1", clock + 300)).toBe(false); // committed: refused from the table
    // A new store on the same file (a restart) still refuses it.
    const restarted = new SqliteNonceStore(db, new GroupCommit(db, "FULL"), () => clock);
    expect(restarted.remember("t1", "n1", clock + 300)).toBe(false);
    clock += 301;
    expect(restarted.remember("t1", "n1", clock + 300)).toBe(true);
    await settle();
  });

  it("purges expired nonces in bounded slices, oldest first, and comes back soon while more are waiting", async () => {
    const insert = db.prepare("INSERT INTO nonces (tenant_id, nonce, expires_at) VALUES ('t', ?, ?)");
    db.transaction(() => {
      for (let i = 0; i < 600; i++) insert.run(`old-${i}`, clock - 1000 + i);
    })();
    const expired = () => count(`SELECT count(*) FROM nonces WHERE expires_at < ${clock}`);
    store.remember("t", "a", clock + 300);
    await settle();
    expect(expired()).toBe(600 - 256);
    // The oldest went first.
    expect(count(`SELECT min(expires_at) FROM nonces`)).toBe(clock - 1000 + 256);
    await sleep(60);
    store.remember("t", "b", clock + 300);
    await settle();
    expect(expired()).toBe(600 - 512);
    expect(count("SELECT count(*) FROM nonces WHERE nonce IN ('a', 'b')")).toBe(2);
    await settle();
  });
});
