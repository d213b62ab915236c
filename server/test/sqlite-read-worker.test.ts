import Database from "better-sqlite3";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SqliteReadWorker } from "../src/store/sqlite-read-worker.js";
import { OPERATOR, signedRequest, startTestServer, tempDir, testConfigJson } from "./harness.js";
import { betRequest, launchSession, postTransaction, startTestWallet } from "./wallet-harness.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * On a SQLite file, transaction lists and filters are read on a read-only connection in a worker thread (issue 30 item
 * 1): a filter that walks the whole ledger leaves the event loop free, so the service answers meanwhile.
 */
describe("SQLite: back-office lists off the event loop", () => {
  it("lists what the main connection committed, and answers other calls while a long filter walks the ledger", async () => {
    const dir = tempDir();
    const wallet = await startTestWallet();
    const sqlitePath = join(dir.path, "reads.db");
    const server = await startTestServer(testConfigJson({ wallet: wallet.url, sqlitePath }));
    cleanups.push(
      dir.remove,
      () => wallet.close(),
      () => server.close(),
    );

    const token = await launchSession(server.url, { playerRef: "p-1" });
    const bet = betRequest(token, { amount: 10 });
    expect((await postTransaction(server.url, bet)).status).toBe(200);
    const listed = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/transactions");
    expect(listed.json.items.map((t: { transactionId: string }) => t.transactionId)).toEqual([bet.transactionId]);

    // 100,000 settled BETs of one player of op-acme over the last 17 hours: the player's WINs (none) are a filter no index
    // finds (the player has too many rows to look up, WIN is a common type), so it walks every one of them in the list's
    // default window of a day (a few hundred milliseconds, well inside the 5-second budget even when the worker's thread,
    // at nice 19, waits for a core behind other work).
    const db = new Database(sqlitePath);
    const now = Date.now();
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
       INSERT INTO transactions (provider_id, transaction_id, operator_id, player_ref, game_id, round_id, type, amount, currency,
         request_hash, callback_body, state, attempts, created_at, updated_at)
       SELECT 'prov-star', 'fill-' || i, 'op-acme', 'p-fill', 'starfall', 'r-fill-' || i, 'BET', 1, 'EUR', 'h', '{}', 'OK', 1, @now - i * 600, @now - i * 600 FROM n`,
    ).run({ now });
    db.close();

    const order: string[] = [];
    const walk = signedRequest(server.url, OPERATOR, "GET", "/v1/operator/transactions?playerRef=p-fill&type=WIN").then((reply) => {
      order.push("walk");
      return reply;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const other = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/games");
    order.push("other");
    expect(other.status).toBe(200);
    const walked = await walk;
    expect(walked.status).toBe(200);
    expect(walked.json.items).toEqual([]);
    // The other call did not wait for the walk: it ran on the main thread while the worker read.
    expect(order).toEqual(["other", "walk"]);
  });

  it("starts its thread at the first read, not before: made before its database file exists, it reads the file once made", async () => {
    const dir = tempDir();
    const path = join(dir.path, "later.db");
    // This process's threads (Linux): a Worker's thread is made synchronously by its constructor.
    const threads = () => readdirSync("/proc/self/task").length;
    const before = threads();
    const reads = new SqliteReadWorker(path);
    cleanups.push(dir.remove, () => reads.close());
    expect(threads()).toBe(before);
    const db = new Database(path);
    db.exec("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (7)");
    db.close();
    expect(await reads.all("SELECT x FROM t WHERE x = @x", { x: 7 })).toEqual([{ x: 7 }]);
    expect(threads()).toBeGreaterThan(before);
  });

  it.runIf(process.platform === "linux")("reads on a thread of its own at nice 19, the service's own thread left at its nice", async () => {
    const dir = tempDir();
    const path = join(dir.path, "nice.db");
    const db = new Database(path);
    db.exec("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (7)");
    db.close();
    // Each thread's nice, the 19th field of /proc/<pid>/task/<tid>/stat: the 17th after the name, which may hold ") ".
    const nice = (tid: string) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    };
    const before = new Set(readdirSync("/proc/self/task"));
    const ownNice = nice(String(process.pid));
    const reads = new SqliteReadWorker(path);
    cleanups.push(dir.remove, () => reads.close());
    expect(await reads.all("SELECT x FROM t", {})).toEqual([{ x: 7 }]);
    const started = readdirSync("/proc/self/task").filter((tid) => !before.has(tid));
    expect(started.map(nice)).toContain(19);
    expect(nice(String(process.pid))).toBe(ownNice);
  });
});
