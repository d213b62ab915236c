import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./database.js";
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
});
