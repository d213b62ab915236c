/** The columns of a transaction record (the delivery log is read only where it is shown), as ../transaction-row.ts maps them. */
export const TRANSACTION_COLUMNS = `provider_id, transaction_id, operator_id, player_ref, game_id, round_id, type, amount, currency,
  original_transaction_id, round_complete, request_hash, session_token_hash, callback_body, state, response_balance, attempts, last_error,
  next_retry_at, problem, resolved_by_hand, created_at, updated_at`;
