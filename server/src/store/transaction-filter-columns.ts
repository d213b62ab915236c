import type { TransactionFilter } from "../domain/ports/ledger-queries.js";

/** The column each equality filter of a transaction list reads: the same in the SQLite and the PostgreSQL schemas. */
export const FILTER_COLUMNS: Record<Exclude<keyof TransactionFilter, "from" | "to">, string> = {
  playerRef: "player_ref",
  roundId: "round_id",
  transactionId: "transaction_id",
  type: "type",
  state: "state",
  providerId: "provider_id",
  gameId: "game_id",
};
