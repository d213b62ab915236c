import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { openDatabase, type SqliteDatabase } from "./database.js";
import { GroupCommit } from "./group-commit.js";
import { MIGRATIONS } from "./migrations.js";
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
    store = new SqliteNonceStore(db, new GroupCommit(db, "FULL"), 300, () => clock);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("accepts a nonce once per tenant, before and after its write is committed, and again once it expired", async () => {
    expect(await store.remember("t1", "n1", clock + 300)).toBe(true);
    expect(await store.remember("t1", "n1", clock + 300)).toBe(false); // not yet committed
    expect(await store.remember("t2", "n1", clock + 300)).toBe(true); // another tenant's nonce space
    await settle();
    expect(count("SELECT count(*) FROM nonce_log")).toBe(2);
    expect(await store.remember("t1", "n1", clock + 300)).toBe(false); // committed
    // A new store on the same file (a restart) still refuses it, and only it.
    const restarted = new SqliteNonceStore(db, new GroupCommit(db, "FULL"), 300, () => clock);
    expect(await restarted.remember("t1", "n1", clock + 300)).toBe(false);
    expect(await restarted.remember("t2", "n1", clock + 300)).toBe(false);
    expect(await restarted.remember("t1", "n2", clock + 300)).toBe(true);
    clock += 300;
    expect(await restarted.remember("t1", "n1", clock + 300)).toBe(false); // valid through its last second
    clock += 1;
    expect(await restarted.remember("t1", "n1", clock + 300)).toBe(true);
    expect(await restarted.remember("t1", "n1", clock + 300)).toBe(false); // and refused again for its new validity
    await settle();
    // A restart after the first one expired reads back only the nonces still valid.
    const again = new SqliteNonceStore(db, new GroupCommit(db, "FULL"), 300, () => clock);
    expect(await again.remember("t2", "n1", clock + 300)).toBe(true);
    expect(await again.remember("t1", "n1", clock + 300)).toBe(false);
    await settle();
  });

  it("a restart at scale: 20,000 nonces written by one store are all refused by the next, and forgotten once expired", async () => {
    for (let i = 0; i < 20_000; i++) expect(await store.remember("t", `n-${i}`, clock + 300)).toBe(true);
    await settle();
    const restarted = new SqliteNonceStore(db, new GroupCommit(db, "FULL"), 300, () => clock);
    let refused = 0;
    for (let i = 0; i < 20_000; i++) if (!(await restarted.remember("t", `n-${i}`, clock + 300))) refused += 1;
    expect(refused).toBe(20_000);
    clock += 301;
    expect(await restarted.remember("t", "n-0", clock + 300)).toBe(true);
    expect(await restarted.remember("t", "n-19999", clock + 300)).toBe(true);
    await settle();
  });

  it("purges expired nonces in bounded slices, oldest first, one more slice with each commit while more are waiting", async () => {
    const insert = db.prepare("INSERT INTO nonce_log (tenant_id, nonce, expires_at) VALUES ('t', ?, ?)");
    db.transaction(() => {
      for (let i = 0; i < 2_000; i++) insert.run(`old-${i}`, clock - 3_000 + i);
    })();
    const expired = () => count(`SELECT count(*) FROM nonce_log WHERE expires_at < ${clock}`);
    await store.remember("t", "a", clock + 300);
    await settle();
    expect(expired()).toBe(2_000 - 256);
    // The oldest went first.
    expect(count(`SELECT min(expires_at) FROM nonce_log`)).toBe(clock - 3_000 + 256);
    // Seven more commits in quick succession finish the backlog: expiry keeps up with the rate of commits.
    for (let i = 0; i < 7; i++) {
      await store.remember("t", `b-${i}`, clock + 300);
      await settle();
    }
    expect(expired()).toBe(0);
    expect(count("SELECT count(*) FROM nonce_log")).toBe(8);
  });

  it("a database from before the nonce log keeps refusing the nonces it had seen (migration 4)", async () => {
    const path = join(dir, "v3.db");
    const old = new Database(path);
    old.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
    for (const migration of MIGRATIONS.filter((m) => m.version <= 3)) {
      old.exec(migration.sql);
      old.prepare("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(migration.version, migration.name, "2026-11-01T00:00:00Z");
    }
    old.prepare("INSERT INTO nonces (tenant_id, nonce, expires_at) VALUES (?, ?, ?)").run("t", "seen", clock + 100);
    old.prepare("INSERT INTO nonces (tenant_id, nonce, expires_at) VALUES (?, ?, ?)").run("t", "expired", clock - 1);
    old.close();
    const migrated = openDatabase(path);
    try {
      const restarted = new SqliteNonceStore(migrated, new GroupCommit(migrated, "FULL"), 300, () => clock);
      expect(await restarted.remember("t", "seen", clock + 300)).toBe(false);
      expect(await restarted.remember("t", "expired", clock + 300)).toBe(true);
      expect(migrated.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'nonces'").pluck().get()).toBe(0);
      await settle();
    } finally {
      migrated.close();
    }
  });
});
