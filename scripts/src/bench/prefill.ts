import Database from "better-sqlite3";
import pg from "pg";

/** Who the pre-filled ledger belongs to: the bench's own operator and provider, and the game its sessions play. */
export interface PrefillTenants {
  operatorId: string;
  providerId: string;
  gameId: string;
  /**
   * `--viewer`: every row is this operator's (the one the viewer reads), none the bench operator's, whose BETs are
   * measured beside it.
   */
  viewedOperatorId?: string;
}

/** Operators sharing the ledger: the bench's own and four others, a fifth of the rows each. */
const OTHER_OPERATORS = 4;
/** Players per operator: each plays many rounds, as a busy casino's regulars do. */
const PLAYERS = 5_000;
/** The pre-filled rows are spread over the last day. */
const SPREAD_MS = 86_400_000;

/** How SQLite and PostgreSQL spell what the rows need. */
interface Dialect {
  concat(...parts: string[]): string;
  randomHex(chars: number): string;
  jsonObject(...keysAndValues: string[]): string;
  jsonArray(item: string): string;
}

/**
 * When row `i` was written: spread over the last day, the last one now. An integer: SQLite binds a JavaScript number as
 * REAL, and a REAL time in a delivery log would count each call in a minute of its own in the overview's counters.
 */
const AT = "CAST(@now - (@count - i) * @spacing AS BIGINT)";

/**
 * The columns of one settled pre-filled transaction, in SQL over a sequence number `i`: BET and WIN in turn, two per
 * completed round of one operator's player, with a body and a one-call delivery log (answered 200 in 3 ms) of the sizes
 * the service writes.
 */
function transactionColumns(d: Dialect, oneOperator: boolean): Record<string, string> {
  const operator = oneOperator
    ? "@operator"
    : `CASE WHEN (i / 2) % ${OTHER_OPERATORS + 1} = 0 THEN @operator ELSE ${d.concat("'prefill-op-'", `(i / 2) % ${OTHER_OPERATORS + 1}`)} END`;
  return {
    provider_id: "@provider",
    transaction_id: d.concat("'prefill-'", "i"),
    operator_id: operator,
    player_ref: d.concat("'prefill-p-'", `(i / 2) % ${PLAYERS}`),
    game_id: "@game",
    round_id: d.concat("'prefill-r-'", "i / 2"),
    type: "CASE WHEN i % 2 = 0 THEN 'BET' ELSE 'WIN' END",
    amount: "100 + i % 900",
    currency: "'EUR'",
    round_complete: "(i % 2 = 1)",
    request_hash: d.randomHex(32),
    callback_body: d.randomHex(360),
    state: "'OK'",
    response_balance: "1000000",
    attempts: "1",
    created_at: AT,
    updated_at: AT,
    session_token_hash: d.randomHex(32),
    delivery_log: d.jsonArray(
      d.jsonObject("'n'", "1", "'by'", "'provider'", "'at'", AT, "'end'", `${AT} + 3`, "'outcome'", "'OK'", "'status'", "200"),
    ),
  };
}

/** `INSERT INTO transactions (…) SELECT …` over the rows `from` yields as `i`; with `oneOperator`, all of @operator's. */
function insertTransactions(d: Dialect, from: string, oneOperator: boolean): string {
  const columns = transactionColumns(d, oneOperator);
  return `INSERT INTO transactions (${Object.keys(columns).join(", ")}) SELECT ${Object.values(columns).join(", ")} FROM ${from}`;
}

/** Each pre-filled round, completed by its WIN. */
const INSERT_ROUNDS = `INSERT INTO rounds (provider_id, operator_id, game_id, round_id, player_ref, status, last_activity_at)
  SELECT provider_id, operator_id, game_id, round_id, player_ref, 'COMPLETED', updated_at
  FROM transactions WHERE transaction_id LIKE 'prefill-%' AND type = 'WIN'`;

const COUNT_PREFILLED = "SELECT count(*) AS n FROM transactions WHERE transaction_id LIKE 'prefill-%'";

function prefillParams(count: number, tenants: PrefillTenants, now: number): Record<string, string | number> {
  const spacing = Math.max(1, Math.floor(SPREAD_MS / count));
  const operator = tenants.viewedOperatorId ?? tenants.operatorId;
  return { count, now, spacing, operator, provider: tenants.providerId, game: tenants.gameId };
}

/**
 * Writes `count` settled transactions (and their completed rounds) into a SQLite ledger the service has migrated,
 * in one transaction, before the bench loads it; returns how many the ledger then holds.
 */
export function prefillSqlite(path: string, count: number, tenants: PrefillTenants, now = Date.now()): number {
  const db = new Database(path);
  try {
    db.pragma("busy_timeout = 30000");
    const sqlite: Dialect = {
      concat: (...parts) => parts.map((p) => `(${p})`).join(" || "),
      randomHex: (chars) => `hex(randomblob(${Math.ceil(chars / 2)}))`,
      jsonObject: (...kv) => `json_object(${kv.join(", ")})`,
      jsonArray: (item) => `json_array(${item})`,
    };
    const sequence = "WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < @count)";
    db.transaction(() => {
      db.prepare(`${sequence} ${insertTransactions(sqlite, "seq", tenants.viewedOperatorId !== undefined)}`).run(prefillParams(count, tenants, now));
      db.prepare(INSERT_ROUNDS).run();
    })();
    // Left in the WAL, the rows would be checkpointed by the service's first commit, inside the first measured window.
    db.pragma("wal_checkpoint(TRUNCATE)");
    return (db.prepare(COUNT_PREFILLED).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/**
 * The same rows on a PostgreSQL ledger, one statement per table, then checkpointed. No ANALYZE: with autovacuum off, as on
 * a fresh database, the money path's statements must find their indexes without statistics. With a viewed operator
 * (`--viewer`), vacuumed and analysed as autovacuum (on by default) would have done to a table of a million rows.
 */
export async function prefillPostgres(url: string, count: number, tenants: PrefillTenants, now = Date.now()): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const postgres: Dialect = {
      concat: (...parts) => parts.map((p) => `(${p})::text`).join(" || "),
      randomHex: (chars) => `substr(repeat(md5(random()::text), ${Math.ceil(chars / 32)}), 1, ${chars})`,
      jsonObject: (...kv) => `jsonb_build_object(${kv.join(", ")})`,
      jsonArray: (item) => `jsonb_build_array(${item})`,
    };
    const params = prefillParams(count, tenants, now);
    const names = Object.keys(params);
    // pg takes positional parameters: each @name becomes its $n, typed so integer arithmetic stays bigint.
    const positional = (sql: string) =>
      sql.replace(/@(\w+)/g, (_, name: string) => `$${names.indexOf(name) + 1}::${typeof params[name] === "number" ? "bigint" : "text"}`);
    await client.query(
      positional(insertTransactions(postgres, "generate_series(0, @count - 1) AS s(i)", tenants.viewedOperatorId !== undefined)),
      names.map((name) => params[name]),
    );
    await client.query(INSERT_ROUNDS);
    // `--viewer`: the statistics and the visibility map autovacuum would have made of a table of a million rows, for the
    // viewer's filters (and so the first reads of each page don't write it again, setting its rows' hint bits).
    if (tenants.viewedOperatorId !== undefined) await client.query("VACUUM ANALYZE transactions");
    // As the SQLite prefill's checkpoint: left to the next checkpoint, the fill's dirty pages were flushed in measured
    // windows, stalling commits behind them (croupier-pg-prefilled's p99 at 200 tx/s alone 457 to 516 ms, 18 to 19 after).
    await client.query("CHECKPOINT").catch((error: unknown) => {
      // Only a superuser or pg_checkpoint's member may; on any other server the windows carry the flush.
      if ((error as { code?: string }).code !== "42501") throw error;
    });
    const { rows } = await client.query<{ n: string }>(COUNT_PREFILLED);
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}
