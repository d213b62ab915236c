/**
 * Every filter of a transaction list is an index walk inside its time window, never a scan of the ledger, and every
 * sessions list an index walk in time order (issue 30 item 1): the statements the stores run, for each filter alone,
 * all together and after a cursor, in an operator's scope and a provider's, asked for their plans. SQLite has no statistics (the service never runs ANALYZE), so its plan
 * is the one production gets; PostgreSQL's is asked on a ledger of 90,000 transactions of six operators and three providers, analysed and
 * without statistics (a plan must find its index whatever they say).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LedgerScope, TransactionFilter, TransactionPosition } from "../../src/domain/ports/ledger-queries.js";
import type { SessionFilter } from "../../src/domain/ports/monitoring.js";
import { openDatabase } from "../../src/store/database.js";
import { lookupCountSql, newestBeforeSql, transactionListSql } from "../../src/store/ledger-queries.js";
import { lookups, RARE_TYPES } from "../../src/store/transaction-list-lookups.js";
import { sessionListSql } from "../../src/store/monitoring-queries.js";
import { FILTER_COLUMNS } from "../../src/store/transaction-filter-columns.js";
import { sessionListSql as postgresSessionListSql } from "../../src/store/postgres/monitoring-queries.js";
import { transactionListSql as postgresListSql } from "../../src/store/postgres/ledger-queries.js";
import { describePostgres } from "../postgres.js";
import { openPlanDatabase, postgresPlan, sqlitePlan, type PlanDatabase } from "./plans.js";

const NOW = 1_790_000_000_000;
const DAY = 86_400_000;

/** Each filter the API offers, with a value the ledger holds and one it does not (a rare value walks the most). */
const FILTERS: Record<string, TransactionFilter[]> = {
  none: [{}],
  playerRef: [{ playerRef: "p-7" }, { playerRef: "nobody" }],
  roundId: [{ roundId: "r-70" }, { roundId: "none" }],
  transactionId: [{ transactionId: "t-140" }, { transactionId: "none" }],
  type: [{ type: "BET" }, { type: "ADJUSTMENT" }],
  state: [{ state: "OK" }, { state: "FAILED" }],
  providerId: [{ providerId: "prov-1" }, { providerId: "prov-none" }],
  operatorId: [{ operatorId: "op-0" }, { operatorId: "op-none" }],
  gameId: [{ gameId: "g-1" }, { gameId: "g-none" }],
  providerAndTransaction: [{ providerId: "prov-1", transactionId: "t-140" }],
  everything: [{ playerRef: "p-7", roundId: "r-70", type: "BET", state: "OK", providerId: "prov-1", gameId: "g-1", transactionId: "t-140" }],
  to: [{ to: NOW - DAY / 2 }],
};
const SCOPES: LedgerScope[] = [{ operatorId: "op-0" }, { providerId: "prov-1" }];
const AFTER: (TransactionPosition | undefined)[] = [undefined, { createdAt: NOW - DAY / 3, rowid: 1_000 }];

/**
 * Every statement a list can run: each scope, filter and cursor, in the default window of the day before now. An
 * operator's list has no operator filter, and a studio's no provider filter but its own.
 */
function cases(): { name: string; scope: LedgerScope; filter: TransactionFilter; after: TransactionPosition | undefined }[] {
  return SCOPES.flatMap((scope) =>
    Object.entries(FILTERS).flatMap(([name, filters]) =>
      filters
        .filter((filter) => ("operatorId" in scope ? !filter.operatorId : filter.providerId === undefined || filter.providerId === scope.providerId))
        .flatMap((filter) =>
          AFTER.map((after) => ({
            name: `${JSON.stringify(scope)} ${name} ${JSON.stringify(filter)}${after ? " after a cursor" : ""}`,
            scope,
            filter: { from: NOW - DAY, ...filter },
            after,
          })),
        ),
    ),
  );
}

/** Every sessions list: each scope, filter, status and cursor (sessions live a day and are swept an hour after). */
function sessionCases(): { name: string; scope: LedgerScope; filter: SessionFilter; after: TransactionPosition | undefined }[] {
  const filters: Omit<SessionFilter, "status" | "now">[] = [{}, { playerRef: "p-7" }, { gameId: "g-1" }, { playerRef: "p-7", gameId: "g-1" }];
  return SCOPES.flatMap((scope) =>
    [...filters, "operatorId" in scope ? {} : { operatorId: "op-0" }].flatMap((filter) =>
      (["active", "expired", "all"] as const).flatMap((status) =>
        AFTER.map((after) => ({
          name: `sessions ${JSON.stringify(scope)} ${JSON.stringify(filter)} ${status}${after ? " after a cursor" : ""}`,
          scope,
          filter: { ...filter, status, now: NOW },
          after,
        })),
      ),
    ),
  );
}

describe("transaction list plans (SQLite)", () => {
  const db = openDatabase(":memory:");
  afterAll(() => db.close());

  const planOf = (sql: string, params: Record<string, unknown>) => sqlitePlan(db, sql, params);
  /** One walk of the ledger, by the scope's time index inside the window or by the table's key; no scan, no sort. */
  const bounded = (plan: string[]) => {
    const walks = plan.filter((step) => /^(SCAN|SEARCH) transactions\b/.test(step));
    return (
      walks.length === 1 &&
      /^SEARCH transactions USING INDEX (transactions_(operator|provider)_created \((operator|provider)_id=\? AND created_at>\?|transactions_(operator|provider)_rare_type \((operator|provider)_id=\? AND type=\? AND created_at>\?)/.test(
        walks[0]!,
      ) &&
      !plan.some((step) => /^SCAN |TEMP B-TREE/.test(step))
    );
  };

  it("walks the scope's (…, created_at) index inside the window, or the table's key, for every filter: no scan, no sort", () => {
    for (const { name, scope, filter, after } of cases()) {
      const { sql, params } = transactionListSql(scope, filter, after, 50);
      const plan = planOf(sql, params);
      expect(bounded(plan), `${name}: ${plan.join("; ")}`).toBe(true);
      // The skip over an empty hour to the walk's next older row: one descent of the same index.
      const skip = newestBeforeSql(scope, filter, NOW - 30 * DAY, NOW - DAY);
      const skipPlan = planOf(skip.sql, skip.params);
      expect(skipPlan.join("; "), name).toMatch(
        /^SEARCH transactions USING COVERING INDEX transactions_(operator|provider)_(created \((operator|provider)_id=\?|rare_type \((operator|provider)_id=\? AND type=\?) AND created_at>\? AND created_at<\?\)$/,
      );
    }
  });

  it("finds a rare or absent value of every filter but a common type through an index holding it, or the rare types' own", () => {
    for (const { name, scope, filter } of cases()) {
      const { from: _from, to: _to, ...values } = filter;
      const common = Object.entries(values).every(([key, value]) => (key === "type" && value === "BET") || (key === "state" && value === "OK"));
      // A studio's own provider filter is its scope.
      const own = "providerId" in scope && Object.keys(values).join() === "providerId";
      const rareType = filter.type !== undefined && (RARE_TYPES as readonly string[]).includes(filter.type);
      if (common || own) continue;
      if (rareType && Object.keys(values).length === 1) {
        const { sql, params } = transactionListSql(scope, filter, undefined, 50);
        expect(planOf(sql, params).join("; "), name).toMatch(/USING INDEX transactions_(operator|provider)_rare_type/);
      } else expect(lookups(scope, filter).length, name).toBeGreaterThan(0);
    }
  });

  it("reads each look-up by its index's equality terms: the count from the index alone, the page from the rows it names", () => {
    for (const { name, scope, filter, after } of cases())
      for (const lookup of lookups(scope, filter)) {
        // "operator_id = @scope" → "operator_id=?": the terms the index's search must use, in order.
        const search = lookup.terms.map((term) => term.replace(/ = .*/, "=?")).join(" AND ");
        const count = lookupCountSql(scope, filter, lookup);
        const list = transactionListSql(scope, filter, after, 50, lookup);
        for (const [what, { sql, params }, covering] of [
          ["count", count, true],
          ["page", list, false],
        ] as const) {
          const plan = planOf(sql, params);
          const label = `${name} ${lookup.name} ${what}: ${plan.join("; ")}`;
          const walks = plan.filter((step) => /^(SCAN|SEARCH) transactions\b/.test(step));
          // The last walk is the look-up; any before it are the skip scan's descents to each next key (LIMIT 1).
          // (It may search by more of the index's columns: a transaction id's provider, the window of the time index.)
          expect(walks.at(-1), label).toMatch(
            new RegExp(
              `^SEARCH transactions USING ${covering ? "COVERING " : ""}INDEX ${lookup.index} \\(${search.replace(/[?()]/g, "\\$&")}( AND [^)]*)?\\)$`,
            ),
          );
          expect(walks.length, label).toBe(lookup.keys ? (lookup.keys.match(/FROM transactions/g) ?? []).length + 1 : 1);
          for (const step of walks.slice(0, -1)) expect(step, label).toMatch(/^(SCAN|SEARCH) transactions USING COVERING INDEX /);
        }
      }
  });

  it("walks the sessions by the scope's (…, created_at) index, or one player's sessions: no scan, no sort of a whole scope", () => {
    for (const { name, scope, filter, after } of sessionCases()) {
      const { sql, params } = sessionListSql(scope, filter, after, 50);
      const plan = planOf(sql, params);
      const walks = plan.filter((step) => /^(SCAN|SEARCH) sessions\b/.test(step));
      expect(walks, `${name}: ${plan.join("; ")}`).toHaveLength(1);
      const byTime = /^SEARCH sessions USING INDEX sessions_(operator|provider)_created \((operator|provider)_id=\?/.test(walks[0]!);
      const byPlayer = /^SEARCH sessions USING INDEX sessions_player \(operator_id=\? AND player_ref=\?\)/.test(walks[0]!);
      expect(byTime || byPlayer, `${name}: ${plan.join("; ")}`).toBe(true);
      // Only one player's sessions may be sorted.
      if (!byPlayer)
        expect(
          plan.some((step) => /TEMP B-TREE/.test(step)),
          `${name}: ${plan.join("; ")}`,
        ).toBe(false);
    }
  });

  it("tells a walk of the operator's whole ledger (no window) from a bounded one", () => {
    const { sql, params } = transactionListSql({ operatorId: "op-0" }, { playerRef: "p-7" }, undefined, 50);
    expect(bounded(planOf(sql, params))).toBe(false);
  });
});

// Analysed, and as the tests' databases (and a new table before autovacuum reaches it) are: without statistics.
for (const analysed of [true, false])
  describePostgres(`transaction list plans (PostgreSQL, ${analysed ? "analysed" : "without statistics"})`, () => {
    let database: PlanDatabase;

    beforeAll(async () => {
      database = await openPlanDatabase();
      const { client } = database;
      // Five operators, two providers, 50 players and 20 games over the last two days; settled BETs and WINs.
      await client.query(
        `INSERT INTO transactions (provider_id, transaction_id, operator_id, player_ref, game_id, round_id, type, amount, currency,
         request_hash, callback_body, state, created_at, updated_at)
       SELECT 'prov-' || (i % 2), 't-' || i, 'op-' || (i % 5), 'p-' || (i % 50), 'g-' || (i % 20), 'r-' || (i / 2),
         CASE WHEN i % 2 = 0 THEN 'BET' ELSE 'WIN' END, 100, 'EUR', 'h', 'b', 'OK', $1::bigint - i * 5000, $1::bigint - i * 5000
       FROM generate_series(0, 29999) AS s(i)`,
        [NOW],
      );
      // And op-big, 60,000 transactions of prov-big over the last 17 hours in ten games.
      await client.query(
        `INSERT INTO transactions (provider_id, transaction_id, operator_id, player_ref, game_id, round_id, type, amount, currency,
         request_hash, callback_body, state, created_at, updated_at)
       SELECT 'prov-big', 'big-' || i, 'op-big', 'p-' || (i % 50), 'big-g-' || (i % 10), 'big-r-' || (i / 2),
         'BET', 100, 'EUR', 'h', 'b', 'OK', $1::bigint - i * 1000, $1::bigint - i * 1000
       FROM generate_series(0, 59999) AS s(i)`,
        [NOW],
      );
      await client.query(
        `INSERT INTO sessions (token_hash, operator_id, provider_id, player_ref, game_id, currency, demo, created_at, expires_at)
       SELECT 's-' || i, 'op-' || (i % 5), 'prov-' || (i % 2), 'p-' || (i % 50), 'g-' || (i % 20), 'EUR', false,
         $1::bigint - i * 20000, $1::bigint - i * 20000 + 86400000
       FROM generate_series(0, 9999) AS s(i)`,
        [NOW],
      );
      if (analysed) await client.query("ANALYZE transactions, sessions");
    }, 60_000);
    afterAll(async () => {
      await database?.close();
    });

    /** Every read of `table` in the statement's plan is through an index. */
    async function expectIndexScans(name: string, table: string, { sql, params }: { sql: string; params: unknown[] }): Promise<void> {
      const nodes = (await postgresPlan(database.backoffice.reads, sql, params)).filter((node) => node["Relation Name"] === table);
      expect(nodes.length, name).toBeGreaterThan(0);
      for (const node of nodes) expect(node["Node Type"], name).toMatch(/^(Index Scan|Index Only Scan|Bitmap Heap Scan)$/);
    }

    it("reads every filter through an index: no sequential scan of the ledger", async () => {
      for (const { name, scope, filter, after } of cases()) await expectIndexScans(name, "transactions", postgresListSql(scope, filter, after, 50));
    });

    it("runs the back office's reads on one core each: no parallel workers beside the money path's backends", async () => {
      const { rows } = await database.backoffice.reads.query<{ max_parallel_workers_per_gather: string }>("SHOW max_parallel_workers_per_gather", []);
      expect(rows[0]!.max_parallel_workers_per_gather).toBe("0");
    });

    it("looks a transaction id up provider by provider, a round game by game, and rollbacks by their index: a few buffers, not a walk of an index or the window", async () => {
      // The form before walked op-big's entries in an index, or a provider's day: 480 to 1,700 buffers here, against 20
      // to 240 (most of them heap visits of index-only scans: the tests' databases are never vacuumed).
      const lookups: [LedgerScope, TransactionFilter][] = [
        [{ operatorId: "op-big" }, { transactionId: "big-140" }],
        [{ operatorId: "op-big" }, { transactionId: "none" }],
        [{ operatorId: "op-big" }, { roundId: "big-r-70" }],
        [{ operatorId: "op-big" }, { roundId: "none" }],
        [{ providerId: "prov-1" }, { roundId: "r-71" }],
        [{ providerId: "prov-1" }, { roundId: "none" }],
        // No ROLLBACK in the ledger: PostgreSQL reads the (provider_id, original_transaction_id) index of ROLLBACKs alone.
        [{ operatorId: "op-big" }, { type: "ROLLBACK" }],
        [{ providerId: "prov-big" }, { type: "ROLLBACK" }],
      ];
      for (const [scope, filter] of lookups) {
        const { sql, params } = postgresListSql(scope, { from: NOW - DAY, ...filter }, undefined, 50);
        const { rows } = await database.backoffice.reads.query<{
          "QUERY PLAN": [{ Plan: { "Shared Hit Blocks": number; "Shared Read Blocks": number } }];
        }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
        const plan = rows[0]!["QUERY PLAN"][0].Plan;
        const name = `${JSON.stringify(scope)} ${JSON.stringify(filter)}`;
        expect(plan["Shared Hit Blocks"] + plan["Shared Read Blocks"], name).toBeLessThan(300);
        // And it finds what the plain filter finds.
        const [column, value] = Object.entries(filter)[0]!;
        const plain = await database.client.query<{ transaction_id: string }>(
          `SELECT transaction_id FROM transactions WHERE ${"operatorId" in scope ? "operator_id" : "provider_id"} = $1
           AND ${(FILTER_COLUMNS as Record<string, string>)[column]} = $2 AND created_at >= $3
           ORDER BY created_at DESC, seq DESC`,
          [Object.values(scope)[0], value, NOW - DAY],
        );
        const found = await database.backoffice.reads.query<{ transaction_id: string }>(sql, params);
        expect(
          found.rows.map((row) => row.transaction_id),
          name,
        ).toEqual(plain.rows.map((row) => row.transaction_id));
        if (value !== "none" && value !== "ROLLBACK") expect(found.rows.length, name).toBeGreaterThan(0);
      }
    });

    it("reads every sessions filter through an index: no sequential scan of the sessions", async () => {
      for (const { name, scope, filter, after } of sessionCases())
        await expectIndexScans(name, "sessions", postgresSessionListSql(scope, filter, after, 50));
    });
  });
