import type { SqliteDatabase } from "./database.js";

type Statement = ReturnType<SqliteDatabase["prepare"]>;

/**
 * Statements prepared once per distinct SQL text, for lists whose WHERE clause depends on the filters given: a few
 * hundred combinations at most, each compiled on first use instead of on every request.
 */
export class StatementCache {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: SqliteDatabase) {}

  get(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare(sql)));
    return statement;
  }
}
