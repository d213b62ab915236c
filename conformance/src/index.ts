/**
 * @croupier/conformance: the open conformance kit for Croupier integrations. `runWalletChecks` checks an operator's
 * wallet callbacks, `runProviderChecks` a provider's webhooks, each against the interface (docs/interface.md,
 * sections C and D, and the signing rules), check by check. The CLI `croupier-conformance` runs the same checks.
 */
export { runWalletChecks, type WalletCheckOptions } from "./wallet/run-wallet-checks.js";
export { runProviderChecks, type ProviderCheckOptions } from "./provider/run-provider-checks.js";
export type { CheckResult, CheckStatus, ProgressListener } from "./check.js";
export type { ConformanceReport, Verdict } from "./report/report.js";
export type { CredentialsResult } from "./credentials.js";
export type { LedgerLine, PlayerBalanceRecord } from "./wallet/wallet-context.js";
export { STALE_ROLLBACK_PREFIX, STALE_ROUND_SESSION_TOKEN } from "./wallet/rollback-checks.js";
export { formatTerminalReport } from "./report/terminal.js";
export { formatJunitReport } from "./report/junit.js";
