import type { TransactionRequest, TransactionResponse } from "@croupier/sdk-operator";

export type { TransactionRequest, TransactionResponse };

/** The four transaction types of the spec (TransactionType). */
export type TransactionType = TransactionRequest["type"];
