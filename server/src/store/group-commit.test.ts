import { fstatSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase, type SqliteDatabase } from "./database.js";
import { GroupCommit } from "./group-commit.js";

describe("GroupCommit", () => {
  it("commits units of one turn together, each in its own savepoint, and settles them after the commit", async () => {
    const db = openDatabase(":memory:");
    db.exec("CREATE TABLE t (x INTEGER)");
    const insert = db.prepare("INSERT INTO t VALUES (?)");
    const commits = new GroupCommit(db);
    const results = await Promise.allSettled([
      commits.run(() => (insert.run(1), "one")),
      commits.run(() => {
        insert.run(2);
        throw new Error("unit failed");
      }),
      commits.run(() => (insert.run(3), db.prepare("SELECT count(*) FROM t").pluck().get())),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[0] as PromiseFulfilledResult<string>).value).toBe("one");
    // The third unit sees the first one's row but not the rolled-back second one.
    expect((results[2] as PromiseFulfilledResult<number>).value).toBe(2);
    expect(db.prepare("SELECT x FROM t ORDER BY x").pluck().all()).toEqual([1, 3]);
    expect(db.inTransaction).toBe(false);
  });

  it("rejects the whole batch when the commit cannot happen", async () => {
    const db = openDatabase(":memory:");
    const commits = new GroupCommit(db);
    db.close();
    await expect(commits.run(() => 1)).rejects.toThrow(/not open/);
  });

  it("rejects volatile units too when the connection closed before their commit, without throwing elsewhere", async () => {
    const dir = mkdtempSync(join(tmpdir(), "group-commit-"));
    try {
      const db = openDatabase(join(dir, "t.db"), "FULL");
      const commits = new GroupCommit(db, "FULL");
      const pending = commits.runVolatile(() => 1);
      db.close();
      await expect(pending).rejects.toThrow(/not open/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("skips the fsync only for a commit holding volatile units alone, and restores FULL after it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "group-commit-"));
    try {
      const db = openDatabase(join(dir, "t.db"), "FULL");
      db.exec("CREATE TABLE t (x INTEGER)");
      const insert = db.prepare("INSERT INTO t VALUES (?)");
      const level = () => db.pragma("synchronous", { simple: true });
      const FULL = 2,
        NORMAL = 1;
      const commits = new GroupCommit(db, "FULL");
      const seen: number[] = [];
      // Inside the shared transaction, the level the coming commit will use is visible to the units.
      await Promise.all([commits.runVolatile(() => (insert.run(1), seen.push(level() as number)))]);
      await Promise.all([
        commits.runVolatile(() => (insert.run(2), seen.push(level() as number))),
        commits.run(() => (insert.run(3), seen.push(level() as number))),
      ]);
      await expect(
        commits.runVolatile(() => {
          throw new Error("unit failed");
        }),
      ).rejects.toThrow("unit failed");
      expect(seen).toEqual([NORMAL, FULL, FULL]);
      expect(level()).toBe(FULL);
      expect(db.prepare("SELECT x FROM t ORDER BY x").pluck().all()).toEqual([1, 2, 3]);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("settles a runSyncedAfter unit at its commit; syncs the WAL after syncDelayMs unless a commit's fsync covered it first", async () => {
    await onFile(async (db, dir) => {
      const insert = db.prepare("INSERT INTO t VALUES (?)");
      const rows = () => db.prepare("SELECT count(*) FROM t").pluck().get() as number;
      const syncs: { fd: number; done: (error: Error | null) => void; rowsThen: number }[] = [];
      const commits = new GroupCommit(db, "FULL", { sync: (fd, done) => syncs.push({ fd, done, rowsThen: rows() }), syncDelayMs: 20 });
      // Settled at its commit; a durable commit before the delay ran out covers it: no sync of its own.
      await commits.runSyncedAfter(() => insert.run(1));
      expect(syncs).toHaveLength(0);
      await commits.run(() => insert.run(2));
      await pause(50);
      expect(syncs).toHaveLength(0);
      // Alone: synced once the delay ran out, on the WAL file's own descriptor.
      await commits.runSyncedAfter(() => insert.run(3));
      await pause(50);
      expect(syncs).toHaveLength(1);
      expect(syncs[0]!.rowsThen).toBe(3);
      expect(fstatSync(syncs[0]!.fd).ino).toBe(statSync(join(dir, "t.db-wal")).ino);
      // One sync at a time: a commit due for one while it runs gets one after it.
      await commits.runSyncedAfter(() => insert.run(4));
      await pause(50);
      expect(syncs).toHaveLength(1);
      syncs[0]!.done(null);
      expect(syncs).toHaveLength(2);
      expect(syncs[1]!.rowsThen).toBe(4);
      syncs[1]!.done(null);
      // Volatile units alone are never synced.
      await commits.runVolatile(() => insert.run(5));
      await pause(50);
      expect(syncs).toHaveLength(2);
      await commits.drain();
    });
  });

  it("refuses every unit after a sync that failed: what the WAL held is of unknown durability", async () => {
    await onFile(async (db) => {
      const insert = db.prepare("INSERT INTO t VALUES (?)");
      const failing = (_fd: number, done: (error: Error | null) => void) => setImmediate(done, new Error("EIO: i/o error, fdatasync"));
      const commits = new GroupCommit(db, "FULL", { sync: failing, syncDelayMs: 0 });
      await commits.runSyncedAfter(() => insert.run(1));
      await commits.drain();
      await expect(commits.run(() => insert.run(2))).rejects.toThrow(/EIO/);
      await expect(commits.runVolatile(() => insert.run(3))).rejects.toThrow(/EIO/);
      expect(db.prepare("SELECT x FROM t").pluck().all()).toEqual([1]);
    });
  });

  it("drain syncs what is due for a sync at once, and waits for it", async () => {
    await onFile(async (db) => {
      let synced = false;
      const slowSync = (_fd: number, done: (error: Error | null) => void) => void pause(20).then(() => ((synced = true), done(null)));
      const commits = new GroupCommit(db, "FULL", { sync: slowSync, syncDelayMs: 60_000 });
      const unit = commits.runSyncedAfter(() => db.prepare("INSERT INTO t VALUES (1)").run());
      await commits.drain();
      expect(synced).toBe(true);
      await expect(unit).resolves.toMatchObject({ changes: 1 });
    });
  });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A database file at synchronous FULL holding a table t (x), closed and removed after `use`. */
async function onFile(use: (db: SqliteDatabase, dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "group-commit-"));
  const db = openDatabase(join(dir, "t.db"), "FULL");
  try {
    db.exec("CREATE TABLE t (x INTEGER)");
    await use(db, dir);
  } finally {
    if (db.open) db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
