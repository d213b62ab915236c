/** The operator-wallet port: the operator's wallet callbacks (spec C), as the relay and the reconciler call them. */
import type { CallEnd, RelayedType } from "./ledger.js";
import type { ReachableOperator } from "./tenants.js";

/**
 * How the platform reads the operator's answer to a transaction callback (spec: "How the platform interprets..."),
 * with what came back as the delivery log records it.
 */
export type CallbackOutcome = ({ state: "OK" | "DECLINED"; balance: number } | { state: "FAILED" | "TIMED_OUT"; error: string }) & { call: CallEnd };

/** The balance callback's answer: the balance, or why there is none. */
export type BalanceOutcome = { ok: true; balance: number; body: string } | { ok: false; error: string };

/** Signed calls to an operator's wallet, bounded by its callback timeout; they never throw for what the wallet did. */
export interface OperatorWallet {
  /** Sends the stored body to the transaction callback: only a well-formed 200 is a result; DECLINED counts only for a BET. */
  transaction(operator: ReachableOperator, type: RelayedType, body: string): Promise<CallbackOutcome>;
  /** Reads the player's balance; no retry. */
  balance(operator: ReachableOperator, playerRef: string): Promise<BalanceOutcome>;
}
