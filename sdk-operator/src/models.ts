// TEMPORARY hand-written shapes until src/generated/operator-wallet.ts lands; replaced by aliases then.
/** A wallet transaction the service sends to the operator (spec: TransactionRequest). */
export interface TransactionRequest {
  transactionId: string;
  sessionToken: string;
  type: "BET" | "WIN" | "ROLLBACK" | "ADJUSTMENT";
  roundId: string;
  roundComplete?: boolean;
  originalTransactionId?: string;
  playerRef: string;
  amount: number;
  currency: string;
  gameId: string;
  direction?: "DEBIT" | "CREDIT";
  metadata?: Record<string, unknown>;
}
/** The operator's answer to a transaction (spec: TransactionResponse). */
export interface TransactionResponse {
  status: "OK" | "DECLINED";
  balance: number;
}
