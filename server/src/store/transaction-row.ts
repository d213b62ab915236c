import type { RelayedType, TransactionRecord, TransactionState } from "../domain/ports/ledger.js";

/**
 * A row of the transactions table as either store reads it: the same columns in both dialects, booleans as SQLite's
 * 0/1 or PostgreSQL's true/false. The delivery log is read only where it is shown.
 */
export interface TransactionRow {
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
  round_complete: number | boolean;
  request_hash: string;
  session_token_hash: string | null;
  callback_body: string;
  state: TransactionState;
  response_balance: number | null;
  attempts: number;
  last_error: string | null;
  next_retry_at: number | null;
  problem: number | boolean;
  created_at: number;
  updated_at: number;
}

export const fromRow = (r: TransactionRow): TransactionRecord => ({
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
  roundComplete: r.round_complete === true || r.round_complete === 1,
  requestHash: r.request_hash,
  sessionTokenHash: r.session_token_hash,
  callbackBody: r.callback_body,
  state: r.state,
  responseBalance: r.response_balance,
  attempts: r.attempts,
  lastError: r.last_error,
  nextRetryAt: r.next_retry_at,
  problem: r.problem === true || r.problem === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
