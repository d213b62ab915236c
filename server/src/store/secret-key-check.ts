import type { SqliteDatabase } from "./database.js";

/**
 * The database's one sealed check value: written at the first start with a key, opened at every later one, so a start
 * with no key or another key is refused before anything sealed is read or written (unlock-database.ts).
 */
export class SqliteSecretKeyCheck {
  constructor(private readonly db: SqliteDatabase) {}

  read(): string | undefined {
    return this.db.prepare("SELECT sealed FROM secret_key_check WHERE id = 1").pluck().get() as string | undefined;
  }

  write(sealed: string): void {
    this.db.prepare("INSERT INTO secret_key_check (id, sealed) VALUES (1, ?)").run(sealed);
  }
}
