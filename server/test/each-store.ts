import { afterAll, beforeAll, describe } from "vitest";
import { createTestDatabase, describePostgres, type TestDatabase } from "./postgres.js";

/** The `database` part of a test configuration, read once the suite's database exists. */
export type DatabaseConfig = () => Record<string, unknown>;

/**
 * `describe` once per store: SQLite (in memory) and PostgreSQL (a database of its own for the suite, dropped after;
 * skipped or failed without PostgreSQL as {@link describePostgres} says). `body` builds configurations with `database()`.
 */
export function describeEachStore(name: string, body: (database: DatabaseConfig, store: "SQLite" | "PostgreSQL") => void): void {
  describe(`${name} (SQLite)`, () => body(() => ({ sqlitePath: ":memory:" }), "SQLite"));
  describePostgres(`${name} (PostgreSQL)`, () => {
    let database: TestDatabase | undefined;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database?.drop());
    body(() => {
      if (!database) throw new Error("the suite's PostgreSQL database is not created yet");
      return { url: database.url, poolSize: 4 };
    }, "PostgreSQL");
  });
}
