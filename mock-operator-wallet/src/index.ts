/**
 * @croupier/mock-operator-wallet: a real, standalone operator wallet for the Croupier sandbox, benchmarks
 * and tests. Start it in-process with {@link startWallet}, or from the command line with `npm run wallet`.
 */
export { startWallet, type WalletOptions, type RunningWallet } from "./wallet-server.js";
export {
  WalletLedger,
  InvalidTransactionError,
  type WalletRules,
  type LedgerEntry,
  type PlayerBalance,
  type SettledTransaction,
  type TransactionOutcome,
} from "./wallet-ledger.js";
export { openWalletDatabase, type WalletDatabase } from "./wallet-database.js";
export { FaultInjector, FaultSettingsError, NO_FAULTS, parseFaultUpdate, type FaultSettings } from "./faults.js";
export { WalletStats, type WalletStatsSnapshot } from "./wallet-stats.js";
