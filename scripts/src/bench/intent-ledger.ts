import Database from "better-sqlite3";

/**
 * The least any exactly-once relay must write, for the bench's `ledger-proxy`: a transaction's intent made durable
 * before the wallet is called and its outcome made durable after, in one SQLite table keyed by transactionId, at
 * `synchronous = FULL` in WAL mode, with the writes of one event-loop turn sharing one commit (as Croupier's group
 * commit does). No nonces, sessions, rounds, secondary indexes or fingerprints: what it costs over the bare proxy
 * is the price of the two durable writes alone, the ceiling for Croupier on the same machine.
 */
export class IntentLedger {
  private readonly insert;
  private readonly update;
  private readonly begin;
  private readonly commit;
  private queue: { write: () => unknown; settle: (value: unknown) => void }[] = [];

  constructor(path: string) {
    const db = new Database(path);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    db.pragma("wal_autocheckpoint = 256");
    db.exec("CREATE TABLE IF NOT EXISTS intents (transaction_id TEXT PRIMARY KEY, request TEXT NOT NULL, outcome TEXT)");
    this.insert = db.prepare("INSERT OR IGNORE INTO intents (transaction_id, request) VALUES (?, ?)");
    this.update = db.prepare("UPDATE intents SET outcome = ? WHERE transaction_id = ?");
    this.begin = db.prepare("BEGIN IMMEDIATE");
    this.commit = db.prepare("COMMIT");
  }

  /** Records the intent; resolves once it is committed: false when the id was already recorded (a duplicate). */
  claim(transactionId: string, request: string): Promise<boolean> {
    return this.enqueue(() => this.insert.run(transactionId, request).changes === 1);
  }

  /** Records the wallet's answer; resolves once it is committed. */
  async settle(transactionId: string, outcome: string): Promise<void> {
    await this.enqueue(() => this.update.run(outcome, transactionId));
  }

  private enqueue<T>(write: () => T): Promise<T> {
    return new Promise<T>((resolve) => {
      if (this.queue.length === 0) setImmediate(() => this.flush());
      this.queue.push({ write, settle: resolve as (value: unknown) => void });
    });
  }

  // A failed commit throws out of the check phase and ends the process: a benchmark baseline has nothing to recover.
  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    this.begin.run();
    const results = batch.map((unit) => unit.write());
    this.commit.run();
    batch.forEach((unit, i) => unit.settle(results[i]));
  }
}
