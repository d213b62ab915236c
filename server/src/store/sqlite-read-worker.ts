import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * The worker's code: a read-only connection on the database file, answering one SQL statement with named parameters
 * at a time. Inline (eval) so the same code runs from the build and from the tests' TypeScript.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require("node:worker_threads");
// Linux nice is per thread: this thread alone runs at nice 19, so the money path's threads take a core whenever they want
// one and the reads run on what is left (docs/benchmarks.md). Elsewhere the priority would be the whole process's: skip.
if (process.platform === "linux") {
  const tid = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop());
  require("node:os").setPriority(tid, 19);
}
const Database = require(workerData.driver);
const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
db.pragma("busy_timeout = 5000");
const statements = new Map();
parentPort.on("message", ({ id, sql, params }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    parentPort.postMessage({ id, rows: statement.all(params) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message) });
  }
});
`;

/**
 * Back-office reads that can be heavy (transaction lists and filters) on a read-only connection in a worker thread
 * (issue 30 item 1), so a long walk of the ledger never holds the event loop the money path runs on. The file is in
 * WAL mode: the worker reads the last committed state while the main connection writes. The thread starts at the first
 * read: its V8 heap and connection are about 8 MiB of resident memory that an instance nobody reads from never needs
 * (docs/benchmarks.md).
 */
export class SqliteReadWorker {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, { resolve(rows: unknown[]): void; reject(error: Error): void }>();
  private next = 0;

  constructor(private readonly path: string) {}

  /** Every row of `sql` with named `params`, read on the worker's connection. */
  all(sql: string, params: Record<string, unknown>): Promise<unknown[]> {
    const worker = (this.worker ??= this.start());
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, sql, params });
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
  }

  private start(): Worker {
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    const worker = new Worker(WORKER_CODE, { eval: true, workerData: { driver, path: this.path } });
    // The worker only answers the main thread: it never keeps the process alive alone.
    worker.unref();
    worker.on("message", ({ id, rows, error }: { id: number; rows?: unknown[]; error?: string }) => {
      const waiter = this.waiting.get(id);
      this.waiting.delete(id);
      if (error === undefined) waiter?.resolve(rows ?? []);
      else waiter?.reject(new Error(`read worker: ${error}`));
    });
    worker.on("error", (error) => this.failAll(error));
    worker.on("exit", () => {
      // A worker that stopped is started again by the next read.
      if (this.worker === worker) this.worker = undefined;
      this.failAll(new Error("read worker stopped"));
    });
    return worker;
  }

  private failAll(error: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}
