import { closeSync, fdatasync, openSync } from "node:fs";
import type { SqliteDatabase } from "./database.js";

/** How a unit's commit reaches the disk: fsynced before it settles, synced just after, or left to later commits. */
type Durability = "durable" | "synced-after" | "volatile";

interface Unit {
  work: () => unknown;
  durability: Durability;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit: the units of work of one event-loop turn share one SQLite transaction and one fsync, each in its own
 * savepoint (one that throws rolls back alone); a unit's promise settles only after the commit. A commit without
 * {@link run} units skips the fsync: its units may be lost in a power cut, never in a process crash, until a later
 * commit's fsync covers them (the WAL is synced in order); for {@link runSyncedAfter} units, one follows at once.
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
  private readonly sync: (fd: number, done: (error: Error | null) => void) => void;
  private readonly syncDelayMs: number;
  /** The WAL's own descriptor, for the syncs after a commit; the one that runs, and whether another must follow it. */
  private walFd: number | undefined;
  /** The sync due for commits that skipped the fsync, unless a commit's own fsync covers them first. */
  private syncTimer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;
  private syncAgain = false;
  /** A sync that failed leaves what the WAL held of unknown durability: every later unit is refused. */
  private syncFailure: unknown;

  /**
   * `synchronous` is the connection's setting (by default read from it), restored after every commit that skipped the
   * fsync; `options.sync` flushes a descriptor's data to the disk (node:fs's fdatasync, as SQLite's own on Linux).
   */
  constructor(
    private readonly db: SqliteDatabase,
    synchronous: "FULL" | "NORMAL" = synchronousOf(db),
    options: { sync?: (fd: number, done: (error: Error | null) => void) => void; syncDelayMs?: number } = {},
  ) {
    this.sync = options.sync ?? fdatasync;
    this.syncDelayMs = options.syncDelayMs ?? SYNC_DELAY_MS;
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
    return this.enqueue(work, "durable");
  }

  /**
   * Like {@link run}, but settled at the commit: when its commit skipped the fsync, the next commit's fsync covers it
   * (the WAL is synced in order), or, when none comes within `syncDelayMs`, a sync of the WAL on libuv's thread pool.
   * For writes whose loss in a power cut costs a re-send, not money.
   */
  runSyncedAfter<T>(work: () => T): Promise<T> {
    return this.enqueue(work, "synced-after");
  }

  /** Like {@link run}, for writes whose loss in a power cut is harmless: alone in a commit, they skip its fsync. */
  runVolatile<T>(work: () => T): Promise<T> {
    return this.enqueue(work, "volatile");
  }

  private enqueue<T>(work: () => T, durability: Durability): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => this.flush());
      this.queue.push({ work, durability, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  /**
   * Commits what is queued now, without waiting for the next turn, and waits for the sync after it: a service stopping
   * must not close the database on them.
   */
  async drain(): Promise<void> {
    this.flush();
    if (this.syncTimer !== undefined) {
      clearTimeout(this.syncTimer);
      this.syncTimer = undefined;
      this.syncWal();
    }
    while (this.syncing !== undefined) await this.syncing;
    if (this.walFd !== undefined) closeSync(this.walFd);
    this.walFd = undefined;
  }

  private flush(): void {
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    if (this.syncFailure !== undefined) {
      for (const unit of batch) unit.reject(this.syncFailure);
      return;
    }
    const relax = this.canSkipFsync && !batch.some((unit) => unit.durability === "durable");
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
    if (!relax && this.syncTimer !== undefined) {
      // This commit's fsync covered every frame before it.
      clearTimeout(this.syncTimer);
      this.syncTimer = undefined;
    } else if (relax && this.syncTimer === undefined && batch.some((unit) => unit.durability === "synced-after")) {
      this.syncTimer = setTimeout(() => {
        this.syncTimer = undefined;
        this.syncWal();
      }, this.syncDelayMs);
      this.syncTimer.unref();
    }
    batch.forEach((unit, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
  }

  /** Syncs the WAL on the thread pool, all it holds so far; one sync at a time, one more after it when asked meanwhile. */
  private syncWal(): void {
    if (this.syncing !== undefined) {
      this.syncAgain = true;
      return;
    }
    this.syncing = new Promise<void>((resolve) => {
      const done = (error: unknown) => {
        if (error) this.syncFailure ??= error;
        this.syncing = undefined;
        resolve();
        if (this.syncAgain && this.syncFailure === undefined) {
          this.syncAgain = false;
          this.syncWal();
        }
      };
      try {
        this.walFd ??= openSync(`${this.db.name}-wal`, "r");
        this.sync(this.walFd, done);
      } catch (error) {
        // Not from inside this executor: `syncing` must be set before it is cleared.
        setImmediate(done, error);
      }
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

/** How long a commit that skipped the fsync waits for another commit's fsync before the WAL is synced for it. */
const SYNC_DELAY_MS = 100;

/** The connection's synchronous setting as the group commit distinguishes it (SQLite reports FULL as 2, NORMAL as 1). */
function synchronousOf(db: SqliteDatabase): "FULL" | "NORMAL" {
  return db.pragma("synchronous", { simple: true }) === 2 ? "FULL" : "NORMAL";
}
