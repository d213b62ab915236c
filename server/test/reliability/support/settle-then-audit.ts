import type { RunningWallet } from "@croupier/mock-operator-wallet";
import type Database from "better-sqlite3";
import { OPERATOR } from "../../harness.js";
import { auditWalletLedger, type AuditReport } from "./conservation-audit.js";
import type { ProviderRecord } from "./game-play.js";
import { platformRows, platformSettled } from "./platform-ledger.js";
import { waitUntil } from "./seating.js";
import { waitForStakeRefunds } from "./wallet-control.js";

/**
 * For a service running in the test's process on SQLite: waits until the reconciler refunded every stake left
 * outstanding and the platform settled every transaction, then audits the wallet against the provider's record.
 */
export async function settleThenAudit(input: {
  wallet: RunningWallet;
  db: Database.Database;
  record: ProviderRecord;
  playerRefs: readonly string[];
  startingBalance: number;
  refundTimeoutMs: number;
}): Promise<AuditReport> {
  await waitForStakeRefunds(input.wallet.ledger, input.record, input.refundTimeoutMs);
  await waitUntil(
    "the platform's settlement retry and reconciler to settle every transaction",
    () => platformSettled(platformRows(input.db, OPERATOR.id)),
    60_000,
  );
  return auditWalletLedger(input.wallet.ledger, {
    playerRefs: input.playerRefs,
    startingBalance: input.startingBalance,
    record: input.record,
    platformRows: platformRows(input.db, OPERATOR.id),
  });
}
