/** The four transaction types of the spec (TransactionType). */
export type TransactionType = "BET" | "WIN" | "ROLLBACK" | "ADJUSTMENT";

/** A wallet transaction callback body (spec: TransactionRequest). */
export interface TransactionRequest {
  transactionId: string;
  sessionToken: string;
  type: TransactionType;
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

/** The wallet's answer (spec: TransactionResponse). */
export interface TransactionResponse {
  status: "OK" | "DECLINED";
  balance: number;
}
