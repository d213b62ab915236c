import type { LedgerScope, TransactionFilter } from "../domain/ports/ledger-queries.js";

/**
 * How many of a filter value's rows an index look-up may read (and sort by time) before a SQLite transaction list walks
 * its window by time instead: a value with more rows than this is common enough for the walk to fill a page soon.
 */
export const LOOKUP_CAP = 2000;

/** The transaction types few rows have: their lists walk the partial indexes of version 20 (issue 30 item 1). */
export const RARE_TYPES = ["ROLLBACK", "ADJUSTMENT"] as const;
/** The partial indexes' condition, in the very words a statement must repeat for SQLite to use them. */
export const RARE_TYPE_TERM = `type IN (${RARE_TYPES.map((type) => `'${type}'`).join(", ")})`;

/**
 * One way to find a list's rows by the value of a filter instead of by time: the index to read (`index`), the
 * equality terms it answers (`terms`, over named parameters of the list's statement), and the distinct leading values
 * it is looked up by when the filter lacks the index's first column (`keys`: a recursive CTE named `keys`, joined
 * before the table). Every term is also one of the list's own clauses or implied by them, so a look-up finds the same
 * rows as the walk.
 */
export interface Lookup {
  name: string;
  index: string;
  terms: string[];
  keys?: string;
}

/** The table's key (provider_id, transaction_id): SQLite names the index of a WITHOUT ROWID-less table's key so. */
const PRIMARY_KEY = "sqlite_autoindex_transactions_1";

/**
 * A skip scan: the CTE `name`, each distinct value of `column` in `index` (after an equality `prefix`, if any), one index
 * descent each, as the PostgreSQL store finds providers and games (server/src/store/postgres/ledger-queries.ts). `as`
 * names the CTE's column, which must not be a column of the table.
 */
function distinct(name: string, index: string, column: string, as: string, prefix?: string): string {
  const first = (where: string) =>
    `SELECT ${column} FROM transactions INDEXED BY ${index} WHERE ${[prefix, where].filter(Boolean).join(" AND ") || "1"} ORDER BY ${column} LIMIT 1`;
  return `${name}(${as}) AS (SELECT (${first("")}) UNION ALL SELECT (${first(`${column} > ${name}.${as}`)}) FROM ${name} WHERE ${name}.${as} IS NOT NULL)`;
}

/** Every operator's games: the distinct (operator_id, game_id) pairs of transactions_round, two skip scans deep. */
const OPERATOR_GAMES = `${distinct("k_op_keys", "transactions_round", "operator_id", "k_op")},
  keys(k_op, k_game) AS (
    SELECT k_op, (SELECT game_id FROM transactions INDEXED BY transactions_round WHERE operator_id = k_op ORDER BY game_id LIMIT 1)
      FROM k_op_keys WHERE k_op IS NOT NULL
    UNION ALL
    SELECT k_op, (SELECT game_id FROM transactions INDEXED BY transactions_round WHERE operator_id = k_op AND game_id > k_game ORDER BY game_id LIMIT 1)
      FROM keys WHERE k_game IS NOT NULL)`;

/**
 * The index look-ups that can answer a list with `filter` in `scope`, most selective first. The list's statement
 * names the scope's id `@scope` and each filter by its key (`@playerRef`, …): the terms below use the same names.
 */
export function lookups(scope: LedgerScope, filter: TransactionFilter): Lookup[] {
  const found: Lookup[] = [];
  // The operator and the provider the rows must have, as named parameters.
  const operator = "operatorId" in scope ? "@scope" : filter.operatorId !== undefined ? "@operatorId" : undefined;
  const provider = "providerId" in scope ? "@scope" : filter.providerId !== undefined ? "@providerId" : undefined;
  const { transactionId, playerRef, roundId, gameId, state } = filter;
  if (transactionId !== undefined) {
    // A transaction id is unique per provider: one row, or one per provider when the list names none.
    if (provider) found.push({ name: "key", index: PRIMARY_KEY, terms: [`provider_id = ${provider}`, "transaction_id = @transactionId"] });
    else
      found.push({
        name: "key of each provider",
        index: PRIMARY_KEY,
        keys: distinct("keys", PRIMARY_KEY, "provider_id", "k_provider"),
        terms: ["provider_id = keys.k_provider", "transaction_id = @transactionId"],
      });
  }
  if (roundId !== undefined) {
    if (gameId !== undefined) found.push(atOperator("round", "transactions_round", operator, ["game_id = @gameId", "round_id = @roundId"]));
    else if (operator)
      found.push({
        name: "round of each game",
        index: "transactions_round",
        keys: distinct("keys", "transactions_round", "game_id", "k_game", `operator_id = ${operator}`),
        terms: [`operator_id = ${operator}`, "game_id = keys.k_game", "round_id = @roundId"],
      });
    else
      found.push({
        name: "round of each operator's games",
        index: "transactions_round",
        keys: OPERATOR_GAMES,
        terms: ["operator_id = keys.k_op", "game_id = keys.k_game", "round_id = @roundId"],
      });
  }
  if (playerRef !== undefined) found.push(atOperator("player", "transactions_wallet_id", operator, ["player_ref = @playerRef"]));
  if (gameId !== undefined) found.push(atOperator("game", "transactions_round", operator, ["game_id = @gameId"]));
  // A provider's rows at every operator (the key leads with the provider), and an operator's at every provider.
  if ("operatorId" in scope && filter.providerId !== undefined)
    found.push({ name: "provider", index: PRIMARY_KEY, terms: ["provider_id = @providerId"] });
  if ("providerId" in scope && filter.operatorId !== undefined)
    found.push({ name: "operator", index: "transactions_operator_created", terms: ["operator_id = @operatorId"] });
  // Every operator's rows in a state: OK is most of the ledger (the walk fills a page at once), the others rarely many.
  if (state !== undefined && state !== "OK") found.push({ name: "state", index: "transactions_state", terms: ["state = @state"] });
  return found;
}

/**
 * A look-up by an index that leads with the operator: of `operator`'s rows, or without one (a studio's list of every
 * operator) at each operator in turn.
 */
function atOperator(name: string, index: string, operator: string | undefined, terms: string[]): Lookup {
  if (operator) return { name, index, terms: [`operator_id = ${operator}`, ...terms] };
  return {
    name: `${name} at each operator`,
    index,
    keys: distinct("keys", index, "operator_id", "k_op"),
    terms: ["operator_id = keys.k_op", ...terms],
  };
}

/** The index a list walks by time in its scope: the rare types' own, or the scope's (…, created_at). */
export function timeIndex(scope: LedgerScope, filter: TransactionFilter): { index: string; terms: string[] } {
  const rare = filter.type !== undefined && (RARE_TYPES as readonly string[]).includes(filter.type);
  if ("operatorId" in scope)
    return rare ? { index: "transactions_operator_rare_type", terms: [RARE_TYPE_TERM] } : { index: "transactions_operator_created", terms: [] };
  return rare ? { index: "transactions_provider_rare_type", terms: [RARE_TYPE_TERM] } : { index: "transactions_provider_created", terms: [] };
}
