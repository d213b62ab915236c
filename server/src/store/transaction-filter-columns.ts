import type { LedgerScope, TransactionFilter } from "../domain/ports/ledger-queries.js";

/** The column each equality filter of a transaction list reads: the same in the SQLite and the PostgreSQL schemas. */
export const FILTER_COLUMNS: Record<Exclude<keyof TransactionFilter, "from" | "to">, string> = {
  operatorId: "operator_id",
  playerRef: "player_ref",
  roundId: "round_id",
  transactionId: "transaction_id",
  type: "type",
  state: "state",
  providerId: "provider_id",
  gameId: "game_id",
};

/** The column and value a read's scope names: one operator's rows, or one provider's. */
export function scopeColumn(scope: LedgerScope): [column: "operator_id" | "provider_id", id: string] {
  return "operatorId" in scope ? ["operator_id", scope.operatorId] : ["provider_id", scope.providerId];
}
