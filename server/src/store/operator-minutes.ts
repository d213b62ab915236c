import { LATENCY_BUCKET_BOUNDS_MS, type OperatorMinute } from "../domain/ports/monitoring.js";

/**
 * The overview's per-minute counters (issue 30 item 1): one row per operator and minute (and, on PostgreSQL, per
 * connection's shard), kept by triggers in the statement that writes a transaction. Shipped migrations are generated
 * from these names and the latency bounds, so they never change: a new counter is a new column in a new migration.
 */

/** Transactions received in the minute: in all, per type, and per state now (a state change moves one count). */
const TYPES = { bet: "BET", win: "WIN", rollback: "ROLLBACK", adjustment: "ADJUSTMENT" };
const STATES = { pending: "PENDING", ok: "OK", declined: "DECLINED", failed: "FAILED", timed_out: "TIMED_OUT" };
/** Wallet calls by the minute they started: every one, then per outcome once ended, with their summed durations. */
const OUTCOMES = { calls_ok: "OK", calls_declined: "DECLINED", calls_failed: "FAILED", calls_timed_out: "TIMED_OUT" };
/** An ended call's latency bucket: `le_<bound>` for the first bound at or above its duration, `le_more` beyond the last. */
const BUCKETS = [...LATENCY_BUCKET_BOUNDS_MS.map((bound) => `le_${bound}`), "le_more"];

const COLUMNS = ["received", ...Object.keys(TYPES), ...Object.keys(STATES), "calls_started", ...Object.keys(OUTCOMES), "latency_ms_sum", ...BUCKETS];

/** SQL that turns a condition into 0 or 1 in one dialect. */
export type AsInteger = (condition: string) => string;

/** The counter columns' definitions, `integer` being the dialect's integer type. */
export function minuteColumnsSql(integer: string): string {
  return COLUMNS.map((column) => `${column} ${integer} NOT NULL DEFAULT 0`).join(",\n        ");
}

/**
 * An UPSERT adding `deltas` (column → SQL expression) to the row `key` names (column → expression); the columns not
 * named keep 0 on insert. With `from`/`where`, the values are selected, and nothing is written unless `where` holds.
 */
export function addToMinuteSql(key: Record<string, string>, deltas: Record<string, string>, select?: { from?: string; where: string }): string {
  const columns = [...Object.keys(key), ...Object.keys(deltas)].join(", ");
  const values = [...Object.values(key), ...Object.values(deltas)].join(", ");
  const set = Object.keys(deltas).map((column) => `${column} = operator_minutes.${column} + excluded.${column}`);
  const source = select ? `SELECT ${values}${select.from ? ` FROM ${select.from}` : ""} WHERE ${select.where}` : `VALUES (${values})`;
  return `INSERT INTO operator_minutes (${columns}) ${source}
          ON CONFLICT (${Object.keys(key).join(", ")}) DO UPDATE SET ${set.join(", ")}`;
}

/**
 * The same addition as {@link addToMinuteSql}, as two statements that cannot conflict: the row made if missing, then
 * added to. A trigger with an UPSERT may abort part-way, which makes SQLite copy every page the triggering INSERT
 * changes into a statement journal; these two, under an `INSERT OR FAIL`, need none.
 */
export function addInPlaceSql(key: Record<string, string>, deltas: Record<string, string>): string {
  const match = Object.entries(key)
    .map(([column, value]) => `${column} = ${value}`)
    .join(" AND ");
  const set = Object.entries(deltas).map(([column, delta]) => `${column} = ${column} + ${delta}`);
  return `INSERT INTO operator_minutes (${Object.keys(key).join(", ")})
          SELECT ${Object.values(key).join(", ")} WHERE NOT EXISTS (SELECT 1 FROM operator_minutes WHERE ${match});
        UPDATE operator_minutes SET ${set.join(", ")} WHERE ${match}`;
}

/** A transaction received, of `type`, in `state`. */
export function receivedDeltas(type: string, state: string, int: AsInteger): Record<string, string> {
  return {
    received: "1",
    ...mapValues(TYPES, (value) => int(`${type} = '${value}'`)),
    ...mapValues(STATES, (value) => int(`${state} = '${value}'`)),
  };
}

/** A transaction's count moved from state `from` to state `to`. */
export function stateMoveDeltas(from: string, to: string, int: AsInteger): Record<string, string> {
  return mapValues(STATES, (value) => `${int(`${to} = '${value}'`)} - ${int(`${from} = '${value}'`)}`);
}

/** A call that ended with `outcome` after `ms` milliseconds: its outcome, its duration and its bucket. */
export function endedCallDeltas(outcome: string, ms: string, int: AsInteger): Record<string, string> {
  const buckets = LATENCY_BUCKET_BOUNDS_MS.map((bound, i) => [
    `le_${bound}`,
    int(`${ms} > ${i === 0 ? -1 : LATENCY_BUCKET_BOUNDS_MS[i - 1]} AND ${ms} <= ${bound}`),
  ]);
  return {
    ...mapValues(OUTCOMES, (value) => int(`${outcome} = '${value}'`)),
    latency_ms_sum: ms,
    ...Object.fromEntries(buckets),
    le_more: int(`${ms} > ${LATENCY_BUCKET_BOUNDS_MS.at(-1)}`),
  };
}

/** The read of an operator's counters from a minute on; `sum` wraps a column where shards must be added up. */
export function selectMinutesSql(sum: (column: string) => string, where: string, groupBy: string): string {
  return `SELECT minute, ${COLUMNS.map((column) => `${sum(column)} AS ${column}`).join(", ")} FROM operator_minutes WHERE ${where}${groupBy} ORDER BY minute`;
}

/** A row of {@link selectMinutesSql} as the domain reads it. */
export function toOperatorMinute(row: Record<string, number>): OperatorMinute {
  return {
    minute: row.minute!,
    received: row.received!,
    bet: row.bet!,
    win: row.win!,
    rollback: row.rollback!,
    adjustment: row.adjustment!,
    pending: row.pending!,
    ok: row.ok!,
    declined: row.declined!,
    failed: row.failed!,
    timedOut: row.timed_out!,
    callsStarted: row.calls_started!,
    callsOk: row.calls_ok!,
    callsDeclined: row.calls_declined!,
    callsFailed: row.calls_failed!,
    callsTimedOut: row.calls_timed_out!,
    latencyMsSum: row.latency_ms_sum!,
    latencyBuckets: BUCKETS.map((column) => row[column]!),
  };
}

function mapValues(names: Record<string, string>, value: (name: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(names).map(([column, name]) => [column, value(name)]));
}
