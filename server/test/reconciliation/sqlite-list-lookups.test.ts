/**
 * A SQLite transaction list finds a filter's value through an index that holds it, whatever the value, instead of
 * walking the scope's day by time checking each row (issue 30 item 1): the lists it answers are the plain query's,
 * page for page (a property over random filters, cursors and limits), and on a day of 200,000 of one operator's
 * transactions each filter the bench's viewer loops reads at most the first hour of the day by time.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LedgerScope, TransactionFilter, TransactionPosition } from "../../src/domain/ports/ledger-queries.js";
import { openDatabase, type SqliteDatabase } from "../../src/store/database.js";
import { GroupCommit } from "../../src/store/group-commit.js";
import { SqliteLedgerQueries } from "../../src/store/ledger-queries.js";
import { FILTER_COLUMNS, scopeColumn } from "../../src/store/transaction-filter-columns.js";
import { LOOKUP_CAP } from "../../src/store/transaction-list-lookups.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const INSERT = `INSERT INTO transactions (provider_id, transaction_id, operator_id, player_ref, game_id, round_id, type, amount,
  currency, request_hash, callback_body, state, created_at, updated_at)
  VALUES (@provider, @id, @operator, @player, @game, @round, @type, 100, 'EUR', 'h', 'b', @state, @at, @at)`;

interface Row {
  provider: string;
  id: string;
  operator: string;
  player: string;
  game: string;
  round: string;
  type: string;
  state: string;
  at: number;
}

function insertAll(db: SqliteDatabase, rows: Iterable<Row>): void {
  const insert = db.prepare(INSERT);
  db.transaction(() => {
    for (const row of rows) insert.run(row);
  })();
}

/** The list as the plain statement answers it: every clause, no index chosen, newest first by (created_at, rowid). */
function reference(db: SqliteDatabase, scope: LedgerScope, filter: TransactionFilter, after: TransactionPosition | undefined, limit: number) {
  const [column, id] = scopeColumn(scope);
  const clauses = [`${column} = ?`];
  const params: unknown[] = [id];
  for (const [key, column] of Object.entries(FILTER_COLUMNS)) {
    const value = filter[key as keyof typeof FILTER_COLUMNS];
    if (value === undefined) continue;
    clauses.push(`${column} = ?`);
    params.push(value);
  }
  if (filter.from !== undefined) {
    clauses.push("created_at >= ?");
    params.push(filter.from);
  }
  if (filter.to !== undefined) {
    clauses.push("created_at < ?");
    params.push(filter.to);
  }
  if (after) {
    clauses.push("(created_at < ? OR (created_at = ? AND rowid < ?))");
    params.push(after.createdAt, after.createdAt, after.rowid);
  }
  return (
    db
      .prepare(
        `SELECT provider_id, transaction_id, created_at, rowid AS r FROM transactions NOT INDEXED WHERE ${clauses.join(" AND ")}
         ORDER BY created_at DESC, rowid DESC LIMIT ?`,
      )
      .all(...params, limit) as { provider_id: string; transaction_id: string; created_at: number; r: number }[]
  ).map((row) => `${row.provider_id}/${row.transaction_id}@${row.created_at}#${row.r}`);
}

async function listed(
  queries: SqliteLedgerQueries,
  scope: LedgerScope,
  filter: TransactionFilter,
  after: TransactionPosition | undefined,
  limit: number,
) {
  const rows = await queries.list(scope, filter, after, limit);
  return {
    keys: rows.map((row) => `${row.providerId}/${row.transactionId}@${row.position.createdAt}#${row.position.rowid}`),
    last: rows.at(-1)?.position,
  };
}

describe("SQLite transaction lists by index look-up", () => {
  const db = openDatabase(":memory:");
  const queries = new SqliteLedgerQueries(db, new GroupCommit(db));
  const now = Date.now();
  afterAll(() => db.close());

  beforeAll(() => {
    // Three operators and three providers over 30 hours, many rows per second (ties of created_at), transaction ids
    // that two providers both use, round ids in several games, every type and state; and p-0 at op-a with more rows
    // than a look-up reads, so that its lists walk the window by time.
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    const pick = <T>(values: readonly T[]) => values[random(values.length)]!;
    const rows: Row[] = [];
    for (let i = 0; i < 7000; i++) {
      const operator = i < LOOKUP_CAP + 500 ? "op-a" : pick(["op-a", "op-b", "op-b", "op-c"]);
      rows.push({
        provider: pick(["pr-1", "pr-2", "pr-3"]),
        id: i % 10 === 0 ? `t-${i % 300}` : `t-${i}`,
        operator,
        player: i < LOOKUP_CAP + 500 ? "p-0" : `p-${random(30)}`,
        game: `g-${random(10)}`,
        round: `r-${random(200)}`,
        type: pick(["BET", "BET", "BET", "WIN", "WIN", "WIN", "ROLLBACK", "ADJUSTMENT"]),
        state: pick(["OK", "OK", "OK", "OK", "OK", "PENDING", "DECLINED", "FAILED", "TIMED_OUT"]),
        at: now - random(30 * 3600) * 1000,
      });
    }
    const seen = new Set<string>();
    insertAll(
      db,
      rows.filter((row) => !seen.has(`${row.provider}/${row.id}`) && seen.add(`${row.provider}/${row.id}`)),
    );
  });

  const scope = fc.oneof(
    fc.constantFrom("op-a", "op-b", "op-c", "op-none").map((operatorId): LedgerScope => ({ operatorId })),
    fc.constantFrom("pr-1", "pr-2", "pr-3", "pr-none").map((providerId): LedgerScope => ({ providerId })),
  );
  const filter = fc.record(
    {
      operatorId: fc.constantFrom("op-a", "op-b", "op-none"),
      playerRef: fc.constantFrom("p-0", "p-1", "p-7", "p-29", "nobody"),
      roundId: fc.constantFrom("r-0", "r-1", "r-7", "r-150", "none"),
      transactionId: fc.constantFrom("t-0", "t-10", "t-11", "t-290", "t-6001", "none"),
      type: fc.constantFrom("BET", "WIN", "ROLLBACK", "ADJUSTMENT") as fc.Arbitrary<TransactionFilter["type"]>,
      state: fc.constantFrom("OK", "PENDING", "DECLINED", "FAILED", "TIMED_OUT") as fc.Arbitrary<TransactionFilter["state"]>,
      providerId: fc.constantFrom("pr-1", "pr-2", "pr-none"),
      gameId: fc.constantFrom("g-0", "g-3", "g-none"),
      from: fc.integer({ min: 0, max: 30 }).map((hours) => now - hours * HOUR),
      to: fc.integer({ min: 0, max: 30 }).map((hours) => now - hours * HOUR + 1),
    },
    { requiredKeys: ["from"] },
  );

  it("answers every filter, cursor and limit as the plain query does", async () => {
    await fc.assert(
      fc.asyncProperty(scope, filter, fc.integer({ min: 1, max: 60 }), fc.nat(), async (scope, generated, limit, cursorAt) => {
        const filter: TransactionFilter = { ...generated };
        // The API's scopes: an operator's list has no operator filter, a studio's no provider filter but its own.
        if ("operatorId" in scope) delete filter.operatorId;
        else if (filter.providerId !== undefined) filter.providerId = scope.providerId;
        // A cursor somewhere in the whole answer, or none.
        const all = reference(db, scope, filter, undefined, 100_000);
        const start = cursorAt % (all.length + 1);
        const after = start === 0 ? undefined : position(all[start - 1]!);
        const page = await listed(queries, scope, filter, after, limit);
        expect(page.keys).toEqual(reference(db, scope, filter, after, limit));
      }),
      { numRuns: 400 },
    );
  });

  it("pages through every filter's whole answer, in order", async () => {
    await fc.assert(
      fc.asyncProperty(scope, filter, fc.integer({ min: 5, max: 200 }), async (scope, generated, limit) => {
        const filter: TransactionFilter = { ...generated };
        if ("operatorId" in scope) delete filter.operatorId;
        else if (filter.providerId !== undefined) filter.providerId = scope.providerId;
        const all = reference(db, scope, filter, undefined, 100_000).slice(0, 20 * limit);
        const paged: string[] = [];
        let after: TransactionPosition | undefined;
        while (paged.length < all.length) {
          const page = await listed(queries, scope, filter, after, limit);
          paged.push(...page.keys);
          if (page.keys.length < limit) break;
          after = page.last;
        }
        expect(paged.slice(0, all.length)).toEqual(all);
      }),
      { numRuns: 100 },
    );
  });
});

function position(key: string): TransactionPosition {
  const [, at, rowid] = /@(\d+)#(\d+)$/.exec(key)!;
  return { createdAt: Number(at), rowid: Number(rowid) };
}

/** The filters of scripts/src/bench/viewer.ts's VIEWER_READS (the server's tests do not import the scripts). */
const VIEWER_FILTERS: TransactionFilter[] = [
  {},
  { playerRef: "prefill-p-7" },
  { roundId: "prefill-r-70" },
  { transactionId: "prefill-140" },
  { type: "WIN" },
  { type: "ROLLBACK" },
  { state: "OK" },
  { state: "FAILED" },
  { gameId: "no-such-game" },
  { providerId: "no-such-provider" },
  { playerRef: "no-such-player", type: "BET" },
];

describe("SQLite transaction lists on a day of 200,000 of one operator's transactions", () => {
  const db = openDatabase(":memory:");
  const now = Date.now();
  /** Each statement a list ran, with its parameters. */
  const ran: { sql: string; params: Record<string, unknown> }[] = [];
  let queries: SqliteLedgerQueries;
  afterAll(() => db.close());

  beforeAll(() => {
    // As the bench's prefill: BET and WIN in turn, rounds of two, 1,000 players, 20 games, all OK; and another
    // operator's handful, with a ROLLBACK and a FAILED row.
    const rows = function* (): Generator<Row> {
      for (let i = 0; i < 200_000; i++)
        yield {
          provider: "prefill-provider",
          id: `prefill-${i}`,
          operator: "op-big",
          player: `prefill-p-${i % 1000}`,
          game: `prefill-g-${i % 20}`,
          round: `prefill-r-${Math.floor(i / 2)}`,
          type: i % 2 === 0 ? "BET" : "WIN",
          state: "OK",
          at: now - Math.floor((i * DAY) / 200_000),
        };
      for (let i = 0; i < 50; i++)
        yield {
          provider: "other-provider",
          id: `other-${i}`,
          operator: "op-small",
          player: `p-${i % 5}`,
          game: "g-1",
          round: `r-${i}`,
          type: i === 7 ? "ROLLBACK" : "BET",
          state: i === 9 ? "FAILED" : "OK",
          at: now - i * 60_000,
        };
    };
    insertAll(db, rows());
    // Every statement a list runs, as it runs (the store prepares each once).
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => {
      const statement = prepare(sql);
      const all = statement.all.bind(statement);
      return Object.assign(statement, {
        all: (...args: Parameters<typeof all>) => (ran.push({ sql, params: args[0] as Record<string, unknown> }), all(...args)),
      });
    }) as typeof db.prepare;
    queries = new SqliteLedgerQueries(db, new GroupCommit(db));
  }, 60_000);

  it("reads each of the viewer's filters by a look-up, by a rare type's index, or within the first hour by time", async () => {
    for (const filter of VIEWER_FILTERS) {
      ran.length = 0;
      const started = performance.now();
      const rows = await queries.list({ operatorId: "op-big" }, { from: now - DAY, ...filter }, undefined, 50);
      const took = performance.now() - started;
      const statements = ran.splice(0);
      const name = `${JSON.stringify(filter)} (${took.toFixed(1)} ms, ${statements.length} statements)`;
      expect(
        rows.map((row) => row.transactionId),
        name,
      ).toEqual(reference(db, { operatorId: "op-big" }, { from: now - DAY, ...filter }, undefined, 50).map((key) => /\/(.*)@/.exec(key)![1]));
      // Rows walked by time: the slices of the operator's time index the list read, each at most an hour's rows.
      const byTime = statements.filter(({ sql }) => sql.includes("INDEXED BY transactions_operator_created") && sql.includes("position_rowid"));
      expect(byTime.length, name).toBeLessThanOrEqual(1);
      // Rows found by value: each look-up reads at most LOOKUP_CAP index entries (its count says how many) and lists
      // only when there are fewer.
      const counted = statements.filter(({ sql }) => sql.includes("count(*)"));
      for (const { sql, params } of counted) {
        const [{ n }] = db.prepare(sql).all(params) as [{ n: number }];
        expect(n, name).toBeLessThanOrEqual(LOOKUP_CAP);
      }
      // A rare type's index holds none of op-big's rows.
      const byRareType = statements.filter(({ sql }) => sql.includes("INDEXED BY transactions_operator_rare_type"));
      if (filter.type === "ROLLBACK") expect(byRareType.length, name).toBeGreaterThan(0);
      // (The rare type's walk reads the window an hour a statement: 25 for a day and the moments since `now`.)
      expect(statements.length, name).toBeLessThanOrEqual(filter.type === "ROLLBACK" ? 25 : 6);
    }
  });
});
