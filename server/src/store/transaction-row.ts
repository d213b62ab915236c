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
  resolved_by_hand: number | boolean;
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
  resolvedByHand: r.resolved_by_hand === true || r.resolved_by_hand === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * The reconciliation API's `problem`: whether a problem about the transaction is open now ("needs a person"). The
 * stored `problem` column only says the settlement retry gave up (the retry reads it), and stays set after a re-send
 * settled the credit or a person resolved it. Both dialects; it walks the problems_open_transaction partial index.
 */
export const OPEN_PROBLEM_COLUMN = `EXISTS (SELECT 1 FROM problems p WHERE p.provider_id = transactions.provider_id
  AND p.transaction_id = transactions.transaction_id AND p.resolved_at IS NULL) AS open_problem`;

/** A row read with {@link OPEN_PROBLEM_COLUMN}, for the reconciliation API: `problem` is true while a problem is open. */
export const fromShownRow = (r: TransactionRow & { open_problem: number | boolean }): TransactionRecord => ({
  ...fromRow(r),
  problem: r.open_problem === true || r.open_problem === 1,
});
