import type { RelayedType, TransactionRecord, TransactionState } from "../../domain/ports/ledger.js";

/** The columns of a transaction record (the delivery log is read only where it is shown). */
export const TRANSACTION_COLUMNS = `provider_id, transaction_id, operator_id, player_ref, game_id, round_id, type, amount, currency,
  original_transaction_id, round_complete, request_hash, callback_body, state, response_balance, attempts, last_error, next_retry_at,
  problem, created_at, updated_at`;

/** A row of PostgreSQL's transactions table, as a SELECT of {@link TRANSACTION_COLUMNS} or `to_jsonb` reads it. */
export interface PgRow {
  provider_id: string;
  transaction_id: string;
  operator_id: string;
  player_ref: string;
  game_id: string;
  round_id: string;
  type: RelayedType;
  amount: number;
  currency: string;
  original_transaction_id: string | null;
  round_complete: boolean;
  request_hash: string;
  callback_body: string;
  state: TransactionState;
  response_balance: number | null;
  attempts: number;
  last_error: string | null;
  next_retry_at: number | null;
  problem: boolean;
  created_at: number;
  updated_at: number;
}

export const fromRow = (r: PgRow): TransactionRecord => ({
  providerId: r.provider_id,
  transactionId: r.transaction_id,
  operatorId: r.operator_id,
  playerRef: r.player_ref,
  gameId: r.game_id,
  roundId: r.round_id,
  type: r.type,
  amount: r.amount,
  currency: r.currency,
  originalTransactionId: r.original_transaction_id,
  roundComplete: r.round_complete,
  requestHash: r.request_hash,
  callbackBody: r.callback_body,
  state: r.state,
  responseBalance: r.response_balance,
  attempts: r.attempts,
  lastError: r.last_error,
  nextRetryAt: r.next_retry_at,
  problem: r.problem,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
