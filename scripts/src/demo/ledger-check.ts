import type { LedgerEntry } from "@croupier/mock-operator-wallet";
import type { PlayedTransaction } from "../sandbox/game-client.js";

/** The verdict of {@link compareLedgers}, with the figures it compared. */
export interface LedgerComparison {
  agree: boolean;
  startingBalance: number;
  /** Sum of the balance moves of the transactions the platform reported applied (game's record). */
  appliedDelta: number;
  /** Sum of the balance moves in the wallet's ledger. */
  walletDelta: number;
  expectedBalance: number;
  walletBalance: number;
  /** One line per disagreement; empty when the ledgers agree. */
  problems: string[];
}

/**
 * The balance move the game expects from its own record: BET debits, WIN credits, ROLLBACK refunds
 * the BET it names (once, and only a BET that was applied). Only transactions the platform answered
 * OK moved money; a 4xx refusal moved nothing.
 */
function appliedMoves(transactions: readonly PlayedTransaction[]): Map<string, number> {
  const moves = new Map<string, number>();
  const refunded = new Set<string>();
  for (const played of transactions) {
    if (played.outcome !== "OK") continue;
    if (played.type === "BET") moves.set(played.transactionId, -played.amount);
    else if (played.type === "WIN") moves.set(played.transactionId, played.amount);
    else {
      const bet = transactions.find((t) => t.transactionId === played.originalTransactionId && t.type === "BET" && t.outcome === "OK");
      const refundable = bet !== undefined && !refunded.has(bet.transactionId);
      if (refundable) refunded.add(bet.transactionId);
      moves.set(played.transactionId, refundable ? bet.amount : 0);
    }
  }
  return moves;
}

/**
 * Reconciles the game's record of what the platform applied with the operator wallet's own ledger:
 * same transactions, same moves, and the wallet's balance equal to the starting balance plus the sum
 * of the applied transactions. A transaction whose fate is unknown (no answer, 5xx after retries)
 * is reported, since neither side can then be trusted to agree by construction.
 */
export function compareLedgers(input: {
  transactions: readonly PlayedTransaction[];
  entries: readonly LedgerEntry[];
  startingBalance: number;
  walletBalance: number;
}): LedgerComparison {
  const problems: string[] = [];
  const moves = appliedMoves(input.transactions);
  const byId = new Map(input.entries.map((entry) => [entry.transactionId, entry]));
  for (const played of input.transactions) {
    const entry = byId.get(played.transactionId);
    if (played.outcome === "failed") {
      const status = played.error?.status ?? 0;
      if (status === 0 || status >= 500)
        problems.push(`${played.type} ${played.transactionId}: fate unknown (${played.error?.message ?? "no answer"})`);
      else if (entry) problems.push(`${played.type} ${played.transactionId}: refused with ${status} but the wallet applied it`);
      continue;
    }
    if (!entry) {
      problems.push(`${played.type} ${played.transactionId}: ${played.outcome} on the platform, missing from the wallet's ledger`);
      continue;
    }
    const expected = moves.get(played.transactionId) ?? 0;
    if (entry.status !== played.outcome || entry.delta !== expected) {
      problems.push(
        `${played.type} ${played.transactionId}: game saw ${played.outcome} moving ${expected}, wallet has ${entry.status} moving ${entry.delta}`,
      );
    }
  }
  const known = new Set(input.transactions.map((played) => played.transactionId));
  for (const entry of input.entries) {
    if (!known.has(entry.transactionId)) problems.push(`${entry.type} ${entry.transactionId}: in the wallet's ledger but never sent by the game`);
  }
  const appliedDelta = [...moves.values()].reduce((sum, move) => sum + move, 0);
  const walletDelta = input.entries.reduce((sum, entry) => sum + entry.delta, 0);
  const expectedBalance = input.startingBalance + appliedDelta;
  if (walletDelta !== appliedDelta) problems.push(`the wallet's ledger moved ${walletDelta}, the game's record ${appliedDelta}`);
  if (input.walletBalance !== expectedBalance)
    problems.push(`wallet balance ${input.walletBalance}, expected ${input.startingBalance} + ${appliedDelta} = ${expectedBalance}`);
  return {
    agree: problems.length === 0,
    startingBalance: input.startingBalance,
    appliedDelta,
    walletDelta,
    expectedBalance,
    walletBalance: input.walletBalance,
    problems,
  };
}
