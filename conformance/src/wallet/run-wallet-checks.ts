import { runChecks, type ProgressListener } from "../check.js";
import { checkCredentials } from "../credentials.js";
import { buildReport, type ConformanceReport } from "../report/report.js";
import { SignedHttp } from "../signed-http.js";
import { walletLedgerChecks } from "./ledger-checks.js";
import { walletLimitChecks } from "./limit-checks.js";
import { walletRollbackChecks } from "./rollback-checks.js";
import { walletSignatureChecks } from "./signature-checks.js";
import { WalletContext } from "./wallet-context.js";

/** What {@link runWalletChecks} needs. Only `url`, `operatorId` and `secret` are required. */
export interface WalletCheckOptions {
  /** The wallet's callback base address, exactly as registered with Croupier (a path prefix is fine). */
  url: string;
  /** The operator's tenant id: the X-Tenant-ID the wallet expects. */
  operatorId: string;
  /** The operator's secret for this deployment (use a sandbox's). */
  secret: string;
  /** Sandbox players with a known balance. Only the first is used; without one, the checks that need a player are skipped. */
  players?: string[];
  /** Currency of the transactions the kit sends. Default `EUR`. */
  currency?: string;
  /** gameId of the transactions the kit sends. Default `croupier-conformance`. */
  gameId?: string;
  /** Required before any check that moves a balance runs; without it those are reported skipped. */
  allowMoneyMoves?: boolean;
  /** The operator's callback timeout, milliseconds: the limit every answer must meet. Default 5000. */
  timeoutMs?: number;
  /** Only the checks with these ids (e.g. `["S1", "I2"]`). Default: all. */
  only?: string[];
  /** Called before each check. */
  onProgress?: ProgressListener;
}

/** Every wallet check, in the order they run. */
export const walletChecks = [...walletSignatureChecks, ...walletLedgerChecks, ...walletRollbackChecks, ...walletLimitChecks];

/**
 * Runs the wallet checks against an operator's wallet callbacks (docs/interface.md, section C) and resolves with
 * the report; it never throws for what the wallet does. The run starts with a correctly signed balance call: a 401 to
 * it means the wallet refuses the operator id or secret, and the run stops there. Money-moving checks run only with `allowMoneyMoves`, put
 * back what they move, and if a wrong wallet still ends off its starting balance, one ADJUSTMENT sets it right
 * (listed in the ledger). Nothing is sent anywhere but `url`.
 */
export async function runWalletChecks(options: WalletCheckOptions): Promise<ConformanceReport> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const http = new SignedHttp({ url: options.url, tenantId: options.operatorId, secret: options.secret, abortAfterMs: timeoutMs + 10_000 });
  const player = options.players?.[0];
  const context = new WalletContext(http, {
    ...(player === undefined ? {} : { player }),
    currency: options.currency ?? "EUR",
    gameId: options.gameId ?? "croupier-conformance",
    timeoutMs,
  });
  const selected = options.only ? walletChecks.filter((check) => options.only?.includes(check.id)) : walletChecks;
  const startedAt = new Date();
  const credentials = await checkCredentials(() => http.send("GET", context.balanceTarget()));
  const results = credentials.accepted
    ? await runChecks(
        selected.map((check) => ({ ...check, run: (c: WalletContext) => ((c.currentCheck = check.id), check.run(c)) })),
        context,
        { allowMoneyMoves: options.allowMoneyMoves === true, hasPlayer: player !== undefined },
        options.onProgress,
      )
    : [];
  if (credentials.accepted && player !== undefined && options.allowMoneyMoves) await restoreBalances(context);
  return buildReport({
    kind: "wallet",
    url: options.url,
    tenantId: options.operatorId,
    startedAt,
    credentials,
    results,
    ledger: context.ledger,
    balances: [...context.balances.values()],
    slowestMs: Math.max(0, ...http.exchanges.map((exchange) => exchange.elapsedMs)),
  });
}

/** Reads each player's final balance and, when a wrong wallet left it off, corrects it with one ADJUSTMENT. */
async function restoreBalances(context: WalletContext): Promise<void> {
  context.currentCheck = "restore";
  for (const record of context.balances.values()) {
    try {
      record.after = await context.balance(record.playerRef);
      const difference = record.before - record.after;
      if (difference === 0) continue;
      const id = context.id("restore");
      await context.transact(
        context.request("ADJUSTMENT", Math.abs(difference), {
          playerRef: record.playerRef,
          direction: difference > 0 ? "CREDIT" : "DEBIT",
          transactionId: `adjustment:${id}`,
          roundId: `adjustment:${id}`,
          sessionToken: "system:admin-adjustment",
        }),
      );
      record.restored = true;
      record.after = await context.balance(record.playerRef);
    } catch {
      // The wallet could not even answer its balance: the report's ledger shows what was moved.
    }
  }
}
