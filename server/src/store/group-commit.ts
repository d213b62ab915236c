import type { SqliteDatabase } from "./database.js";

interface Unit {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: units of work submitted in the same turn of the event loop run inside one SQLite transaction, so
 * under concurrency many of them share one commit, and one fsync under `synchronous = FULL` (better-sqlite3 blocks
 * the event loop for each). Every unit runs in a savepoint of its own, so one that throws rolls back alone. A unit's
 * promise settles only after the shared commit: nobody acts on a write before it is durable.
 */
export class GroupCommit {
  private queue: Unit[] = [];

  constructor(private readonly db: SqliteDatabase) {}

  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => this.flush());
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      this.db.transaction(() => {
        for (const unit of batch) {
          try {
            outcomes.push({ ok: true, value: this.db.transaction(unit.work)() });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      }).immediate();
    } catch (error) {
      // The commit itself failed (disk full, I/O error): nothing of the batch is durable.
      for (const unit of batch) unit.reject(error);
      return;
    }
    batch.forEach((unit, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
  }
}
