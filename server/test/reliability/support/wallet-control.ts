import type { FaultSettings, LedgerEntry } from "@croupier/mock-operator-wallet";
import { HAND_PAYMENT_PREFIX, STALE_ROLLBACK_PREFIX } from "./conservation-audit.js";
import { roundKey, type ProviderRecord } from "./game-play.js";
import { waitUntil } from "./seating.js";

/** Switches the mock wallet's faults through its unsigned control route, as an operator's tester would. */
export async function setWalletFaults(walletUrl: string, faults: Partial<FaultSettings>): Promise<void> {
  const response = await fetch(`${walletUrl}/control/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(faults),
  });
  if (response.status !== 200) throw new Error(`wallet refused the fault settings: ${response.status} ${await response.text()}`);
}

/**
 * Stakes the provider saw accepted in rounds it never completed and never rolled back: only the platform's
 * stale-round reconciler can return them.
 */
function outstandingStakes(record: ProviderRecord): { playerRef: string; transactionId: string }[] {
  const rolledBack = new Set(
    record.observations
      .filter((o) => o.transaction.type === "ROLLBACK" && o.outcome.kind === "settled")
      .map((o) => roundKey(o.transaction.playerRef, o.transaction.originalTransactionId ?? "")),
  );
  return record.observations
    .filter((o) => o.transaction.type === "BET" && o.outcome.kind === "settled" && o.outcome.status === "OK")
    .filter((o) => !record.completedRounds.has(roundKey(o.transaction.playerRef, o.transaction.roundId)))
    .filter((o) => !rolledBack.has(roundKey(o.transaction.playerRef, o.transaction.transactionId)))
    .map((o) => ({ playerRef: o.transaction.playerRef, transactionId: o.transaction.transactionId }));
}

const HAND_STALE_REFUND = HAND_PAYMENT_PREFIX + STALE_ROLLBACK_PREFIX;

/**
 * True once the wallet refunded every one of the stakes (or a person paid the refund by hand). One read of the whole ledger per call: the wallet runs in
 * the test's own process, so a query per stake would hold its event loop for seconds under a long run and make the
 * platform's calls to it time out.
 */
function stakesRefunded(ledger: { entries(): readonly LedgerEntry[] }, stakes: readonly { playerRef: string; transactionId: string }[]): boolean {
  const refunded = new Set<string>();
  for (const e of ledger.entries()) {
    if (e.type === "ROLLBACK" && e.delta > 0 && e.originalTransactionId) refunded.add(`${e.playerRef}\u0000${e.originalTransactionId}`);
    // A person paid a stale-round rollback by hand after it became a problem (support-desk.test.ts).
    if (e.delta > 0 && e.transactionId.startsWith(HAND_STALE_REFUND)) {
      refunded.add(`${e.playerRef}\u0000${e.transactionId.slice(HAND_STALE_REFUND.length)}`);
    }
  }
  return stakes.every((s) => refunded.has(`${s.playerRef}\u0000${s.transactionId}`));
}

/** Waits until the wallet refunded every stake the provider left outstanding (see outstandingStakes), polling each second. */
export async function waitForStakeRefunds(ledger: { entries(): readonly LedgerEntry[] }, record: ProviderRecord, timeoutMs: number): Promise<void> {
  const stakes = outstandingStakes(record);
  await waitUntil(`the reconciler to refund ${stakes.length} abandoned stakes`, () => stakesRefunded(ledger, stakes), timeoutMs, 1000);
}
