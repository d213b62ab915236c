import type { LedgerEntry } from "@croupier/mock-operator-wallet";
import { roundKey, type ProviderRecord } from "./game-play.js";

/** A row of the platform's own ledger (the service's `transactions` table). */
export interface PlatformRow {
  transactionId: string;
  playerRef: string;
  type: string;
  amount: number;
  originalTransactionId: string | null;
  state: string;
  /** A credit a person marked resolved (paid another way): the platform counts it paid, and it must never be paid again. */
  resolvedByHand: boolean;
}

/** The reconciler's synthetic rollback id for a bet (spec C.4). */
export const STALE_ROLLBACK_PREFIX = "stale-rollback:";

/** The id under which the test's support desk pays a credit by hand in the wallet: this prefix and the credit's id. */
export const HAND_PAYMENT_PREFIX = "hand:";

/** The outcome of an audit: counts for the figure, and one line per discrepancy for the failure message. */
export interface AuditReport {
  players: number;
  transactions: number;
  staleRefunds: number;
  /** Late WINs refused with ROUND_CLOSED because the reconciler had closed their round (nothing paid, stake refunded). */
  roundClosed: number;
  /** BETs whose wallet call a crash or fault cut, reversed by the reconciler, and answered DECLINED on the retry. */
  reversedInFlight: number;
  /** Credits resolved by hand (paid once, by the desk or found applied in the wallet), stale-round refunds among them. */
  resolvedByHand: number;
  lost: number;
  doubled: number;
  problems: string[];
}

/**
 * Checks that money was conserved, from three independent views: what the provider was told, what the wallet
 * applied (its ledger), and what the platform recorded. For every player:
 * - each transaction answered OK moved money in the wallet exactly once, by the right amount; a DECLINED one moved nothing,
 *   or its stake was taken and refunded exactly by the reconciler's rollback (a BET cut in flight, reversed, retried);
 * - a transaction refused with ROUND_CLOSED moved nothing (a credited WIN on a round the reconciler refunded is a loss);
 * - a credit resolved by hand was paid exactly once: by the desk's hand payment or by the wallet, never by both;
 * - no transactionId appears twice in the wallet, and no BET is refunded more than its stake;
 * - every stake of a round the client abandoned came back exactly once through the platform's stale-round rollback,
 *   and no stake of a round the provider completed did;
 * - the wallet balance equals the starting balance plus the provider's accepted moves plus those refunds,
 *   and equals the starting balance plus the platform's applied (OK) transactions (BET −, WIN +, ROLLBACK + refunded stake).
 */
export function auditConservation(input: {
  startBalances: ReadonlyMap<string, number>;
  finalBalances: ReadonlyMap<string, number>;
  walletEntries: readonly LedgerEntry[];
  record: ProviderRecord;
  platformRows: readonly PlatformRow[];
}): AuditReport {
  const problems: string[] = [];
  let lost = 0;
  let doubled = 0;
  const key = (playerRef: string, id: string) => `${playerRef}\u0000${id}`;

  const wallet = new Map<string, LedgerEntry>();
  for (const entry of input.walletEntries) {
    const k = key(entry.playerRef, entry.transactionId);
    if (wallet.has(k)) {
      doubled += 1;
      problems.push(`wallet applied ${entry.transactionId} of ${entry.playerRef} twice`);
    }
    wallet.set(k, entry);
  }

  // Refunds per bet, whoever sent the rollback.
  const refunded = new Map<string, number>();
  for (const entry of input.walletEntries) {
    if (entry.type !== "ROLLBACK" || entry.delta === 0 || !entry.originalTransactionId) continue;
    const k = key(entry.playerRef, entry.originalTransactionId);
    refunded.set(k, (refunded.get(k) ?? 0) + entry.delta);
    const bet = wallet.get(k);
    if (!bet || bet.type !== "BET" || entry.delta !== -bet.delta) {
      doubled += 1;
      problems.push(
        `${entry.transactionId} of ${entry.playerRef} refunded ${entry.delta}, but the bet it names took ${bet ? -bet.delta : "nothing"}`,
      );
    }
  }
  for (const [k, total] of refunded) {
    const bet = wallet.get(k);
    if (bet && total > -bet.delta) {
      doubled += 1;
      problems.push(`bet ${bet.transactionId} of ${bet.playerRef} (stake ${-bet.delta}) was refunded ${total} in all`);
    }
  }

  // The provider's view against the wallet's.
  const expected = new Map<string, number>();
  const explained = new Set<string>();
  const resolved = new Set(input.platformRows.filter((r) => r.resolvedByHand).map((r) => key(r.playerRef, r.transactionId)));
  let roundClosed = 0;
  let reversedInFlight = 0;
  let resolvedByHand = 0;
  const rolledBackByProvider = new Set<string>();
  const stakesTaken: { playerRef: string; transactionId: string; roundId: string }[] = [];
  for (const { transaction: t, outcome } of input.record.observations) {
    const k = key(t.playerRef, t.transactionId);
    explained.add(k);
    const entry = wallet.get(k);
    if (outcome.kind === "rejected") {
      if (outcome.code === "ROUND_CLOSED") {
        roundClosed += 1;
        if (entry && entry.delta !== 0) {
          doubled += 1;
          problems.push(`${t.type} ${t.transactionId} of ${t.playerRef} was refused ROUND_CLOSED, yet the wallet moved ${entry.delta} for it`);
        }
        continue;
      }
      problems.push(`${t.type} ${t.transactionId} was refused with ${outcome.status} (${outcome.message})`);
      if (entry && entry.delta !== 0) {
        lost += 1;
        problems.push(`...yet the wallet moved ${entry.delta} for it`);
      }
      continue;
    }
    if (outcome.status === "DECLINED") {
      const reversal = wallet.get(key(t.playerRef, STALE_ROLLBACK_PREFIX + t.transactionId));
      if (entry && entry.delta !== 0 && t.type === "BET" && reversal && reversal.delta === -entry.delta) {
        reversedInFlight += 1;
        explained.add(key(t.playerRef, reversal.transactionId));
      } else if (entry && entry.delta !== 0) {
        lost += 1;
        problems.push(`${t.type} ${t.transactionId} of ${t.playerRef} was answered DECLINED but the wallet moved ${entry.delta}`);
      }
      continue;
    }
    if (resolved.has(k)) {
      const hand = wallet.get(key(t.playerRef, HAND_PAYMENT_PREFIX + t.transactionId));
      if (hand) explained.add(key(t.playerRef, hand.transactionId));
      const payments = [entry, hand].filter((e) => e !== undefined && e.status === "OK" && e.delta === t.amount).length;
      if (payments === 0) {
        lost += 1;
        problems.push(`${t.type} ${t.transactionId} of ${t.playerRef} was resolved by hand, but neither the desk nor the wallet paid it`);
      } else if (payments > 1) {
        doubled += 1;
        problems.push(`${t.type} ${t.transactionId} of ${t.playerRef} was resolved by hand and paid by the wallet too`);
      }
      resolvedByHand += 1;
      expected.set(t.playerRef, (expected.get(t.playerRef) ?? 0) + t.amount * payments);
      if (t.type === "ROLLBACK" && t.originalTransactionId) rolledBackByProvider.add(key(t.playerRef, t.originalTransactionId));
      continue;
    }
    if (!entry || entry.status !== "OK") {
      lost += 1;
      problems.push(
        `${t.type} ${t.transactionId} of ${t.playerRef} was answered OK but the wallet ${entry ? `has it ${entry.status}` : "never applied it"}`,
      );
      continue;
    }
    const move = t.type === "BET" ? -t.amount : t.type === "WIN" ? t.amount : entry.delta;
    if (entry.delta !== move) {
      lost += 1;
      problems.push(`${t.type} ${t.transactionId} of ${t.playerRef} moved ${entry.delta} in the wallet, expected ${move}`);
    }
    expected.set(t.playerRef, (expected.get(t.playerRef) ?? 0) + move);
    if (t.type === "BET") stakesTaken.push({ playerRef: t.playerRef, transactionId: t.transactionId, roundId: t.roundId });
    if (t.type === "ROLLBACK" && t.originalTransactionId) rolledBackByProvider.add(key(t.playerRef, t.originalTransactionId));
  }

  // The platform's stale-round rollbacks: only stakes of rounds the client left open, each exactly once.
  let staleRefunds = 0;
  for (const stake of stakesTaken) {
    const k = key(stake.playerRef, stake.transactionId);
    const staleId = STALE_ROLLBACK_PREFIX + stake.transactionId;
    // The reconciler's refund, or, when its rollback became a problem a person resolved, the desk's payment of it.
    const refunds = [wallet.get(key(stake.playerRef, staleId))];
    if (resolved.has(key(stake.playerRef, staleId))) refunds.push(wallet.get(key(stake.playerRef, HAND_PAYMENT_PREFIX + staleId)));
    const moved = refunds.filter((e): e is LedgerEntry => e !== undefined && e.delta !== 0);
    const roundOpen = !input.record.completedRounds.has(roundKey(stake.playerRef, stake.roundId));
    if (moved.length > 1) {
      doubled += 1;
      problems.push(`stake ${stake.transactionId} of ${stake.playerRef} was refunded by the reconciler and by hand`);
    }
    if (moved.some((e) => e.transactionId.startsWith(HAND_PAYMENT_PREFIX))) resolvedByHand += 1;
    if (moved.length > 0) {
      for (const refund of moved) {
        explained.add(key(stake.playerRef, refund.transactionId));
        expected.set(stake.playerRef, (expected.get(stake.playerRef) ?? 0) + refund.delta);
      }
      staleRefunds += 1;
      if (!roundOpen) {
        doubled += 1;
        problems.push(`stake ${stake.transactionId} of ${stake.playerRef} was refunded by the reconciler although the provider completed its round`);
      }
    } else if (roundOpen && !rolledBackByProvider.has(k)) {
      lost += 1;
      problems.push(`stake ${stake.transactionId} of ${stake.playerRef} is stuck: its round was abandoned and nothing refunded it`);
    }
  }
  for (const entry of input.walletEntries) {
    if (entry.delta !== 0 && !explained.has(key(entry.playerRef, entry.transactionId))) {
      doubled += 1;
      problems.push(
        `the wallet moved ${entry.delta} for ${entry.transactionId} of ${entry.playerRef}, which no provider answer or stale rollback explains`,
      );
    }
  }

  // The platform's applied transactions: BET −, WIN +, ROLLBACK + the stake of the bet it reverses (once).
  const platform = new Map<string, number>();
  const platformBets = new Map<string, number>();
  for (const row of input.platformRows) {
    if (row.state === "OK" && row.type === "BET") platformBets.set(key(row.playerRef, row.transactionId), row.amount);
  }
  const platformRefunded = new Set<string>();
  for (const row of input.platformRows) {
    if (row.state !== "OK" && !row.resolvedByHand) continue;
    let move = 0;
    if (row.type === "BET") move = -row.amount;
    else if (row.type === "WIN") move = row.amount;
    else if (row.type === "ROLLBACK" && row.originalTransactionId) {
      const bet = key(row.playerRef, row.originalTransactionId);
      if (platformBets.has(bet) && !platformRefunded.has(bet)) {
        platformRefunded.add(bet);
        move = platformBets.get(bet) ?? 0;
      }
    }
    platform.set(row.playerRef, (platform.get(row.playerRef) ?? 0) + move);
  }

  for (const [playerRef, start] of input.startBalances) {
    const final = input.finalBalances.get(playerRef);
    const viaProvider = start + (expected.get(playerRef) ?? 0);
    const viaPlatform = start + (platform.get(playerRef) ?? 0);
    if (final !== viaProvider) problems.push(`${playerRef}: wallet balance ${final}, provider's accepted moves give ${viaProvider}`);
    if (final !== viaPlatform) problems.push(`${playerRef}: wallet balance ${final}, the platform's applied transactions give ${viaPlatform}`);
  }
  return {
    players: input.startBalances.size,
    transactions: input.record.observations.length,
    staleRefunds,
    roundClosed,
    reversedInFlight,
    resolvedByHand,
    lost,
    doubled,
    problems,
  };
}

/** auditConservation for players who all started at `startingBalance` on the mock wallet whose `ledger` is given. */
export function auditWalletLedger(
  ledger: { balance(playerRef: string): number; entries(): readonly LedgerEntry[] },
  input: { playerRefs: readonly string[]; startingBalance: number; record: ProviderRecord; platformRows: readonly PlatformRow[] },
): AuditReport {
  return auditConservation({
    startBalances: new Map(input.playerRefs.map((p) => [p, input.startingBalance])),
    finalBalances: new Map(input.playerRefs.map((p) => [p, ledger.balance(p)])),
    walletEntries: ledger.entries(),
    record: input.record,
    platformRows: input.platformRows,
  });
}
