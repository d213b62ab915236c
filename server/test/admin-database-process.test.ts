import Database from "better-sqlite3";
import { writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS } from "../src/store/migrations.js";
import { ADMIN_SCRIPT, runNodeScript, tempDir, testConfigJson } from "./harness.js";

/** The admin tool on a database it cannot use reports it as the service does: one line, exit 1, no stack trace. */
describe("admin on a database it cannot open", () => {
  const dir = tempDir();
  afterAll(() => dir.remove());
  const admin = (database: Record<string, unknown>) => {
    const file = `${dir.path}/config-${Object.keys(database)[0]}.json`;
    writeFileSync(file, JSON.stringify({ ...testConfigJson(), database }));
    return runNodeScript(ADMIN_SCRIPT, ["grant-status", "g-1", "--config", file]);
  };

  it("an unreachable PostgreSQL names host and database, never the password", async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const run = await admin({ url: "postgres://croupier:s3cret-pw@127.0.0.1:1/croupier" });
    expect(run.stderr).toMatch(/^admin grant-status: cannot reach the PostgreSQL database 127\.0\.0\.1:1\/croupier: .*ECONNREFUSED.*\n$/);
    expect(run.stderr).not.toContain("s3cret-pw");
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
  });

  it("a SQLite file a newer release migrated is refused, naming the file, and left as it was", async () => {
    const path = `${dir.path}/newer.db`;
    const known = Math.max(...MIGRATIONS.map((m) => m.version));
    const db = new Database(path);
    db.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
    db.prepare("INSERT INTO schema_migrations VALUES (?, 'from the future', '2030-01-01')").run(known + 1);
    db.close();
    const run = await admin({ sqlitePath: path });
    expect(run.stderr).toBe(
      `admin grant-status: ${path}: the database has schema version ${known + 1}, newer than this release knows (${known}): run a release at least as new\n`,
    );
    expect(run.code).toBe(1);
    const after = new Database(path, { readonly: true });
    expect(after.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()).toEqual(["schema_migrations"]);
    after.close();
  });
});
