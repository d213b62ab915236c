import type { SqliteDatabase } from "./database.js";

interface Unit {
  work: () => unknown;
  durable: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit: the units of work of one event-loop turn share one SQLite transaction and one fsync, each in its own
 * savepoint (one that throws rolls back alone); a unit's promise settles only after the commit. A commit of
 * {@link runVolatile} units only skips the fsync: they may be lost in a power cut, never in a process crash.
 */
export class GroupCommit {
  private queue: Unit[] = [];
  private readonly canSkipFsync: boolean;
  // Prepared once: better-sqlite3's db.transaction() builds four wrapper functions per call, a cost per unit.
  private readonly begin;
  private readonly commit;
  private readonly rollback;
  private readonly savepoint;
  private readonly release;
  private readonly rollbackTo;

  /** `synchronous` is the connection's setting (by default read from it), restored after every commit that skipped the fsync. */
  constructor(
    private readonly db: SqliteDatabase,
    synchronous: "FULL" | "NORMAL" = synchronousOf(db),
  ) {
    this.canSkipFsync = synchronous === "FULL" && !db.memory;
    this.begin = db.prepare("BEGIN IMMEDIATE");
    this.commit = db.prepare("COMMIT");
    this.rollback = db.prepare("ROLLBACK");
    this.savepoint = db.prepare("SAVEPOINT unit");
    this.release = db.prepare("RELEASE unit");
    this.rollbackTo = db.prepare("ROLLBACK TO unit");
  }

  /** Runs `work` in the next shared transaction; resolves with its result once that is committed. */
  run<T>(work: () => T): Promise<T> {
    return this.enqueue(work, true);
  }

  /** Like {@link run}, for writes whose loss in a power cut is harmless: alone in a commit, they skip its fsync. */
  runVolatile<T>(work: () => T): Promise<T> {
    return this.enqueue(work, false);
  }

  private enqueue<T>(work: () => T, durable: boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => this.flush());
      this.queue.push({ work, durable, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  /** Commits what is queued now, without waiting for the next turn: a service stopping must not close the database on it. */
  drain(): void {
    this.flush();
  }

  private flush(): void {
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    const relax = this.canSkipFsync && !batch.some((unit) => unit.durable);
    const outcomes: Outcome[] = [];
    try {
      // exec, not a prepared statement: SQLite applies this pragma when it compiles it, not when it runs.
      if (relax) this.db.exec("PRAGMA synchronous = NORMAL");
      this.begin.run();
      try {
        for (const unit of batch) outcomes.push(this.runUnit(unit));
        this.commit.run();
      } catch (error) {
        if (this.db.inTransaction) this.rollback.run();
        throw error;
      }
    } catch (error) {
      // The commit itself failed (disk full, I/O error, connection closed): nothing of the batch is durable.
      for (const unit of batch) unit.reject(error);
      return;
    } finally {
      if (relax && this.db.open) this.db.exec("PRAGMA synchronous = FULL");
    }
    batch.forEach((unit, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
  }

  /** Runs one unit in a savepoint of its own: if it throws, its writes are undone and the batch goes on. */
  private runUnit(unit: Unit): Outcome {
    this.savepoint.run();
    try {
      const value = unit.work();
      this.release.run();
      return { ok: true, value };
    } catch (error) {
      this.rollbackTo.run();
      this.release.run();
      return { ok: false, error };
    }
  }
}

/** The connection's synchronous setting as the group commit distinguishes it (SQLite reports FULL as 2, NORMAL as 1). */
function synchronousOf(db: SqliteDatabase): "FULL" | "NORMAL" {
  return db.pragma("synchronous", { simple: true }) === 2 ? "FULL" : "NORMAL";
}
