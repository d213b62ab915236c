import { runChecks, type ProgressListener } from "../check.js";
import { checkCredentials } from "../credentials.js";
import { buildReport, type ConformanceReport } from "../report/report.js";
import { SignedHttp } from "../signed-http.js";
import { ProviderContext, providerChecks, SESSION_REVOKE } from "./provider-checks.js";

/** What {@link runProviderChecks} needs. Only `url`, `providerId` and `secret` are required. */
export interface ProviderCheckOptions {
  /** The provider's webhook base address, exactly as registered with Croupier (a path prefix is fine). */
  url: string;
  /** The provider's tenant id: the X-Tenant-ID the receiver expects. */
  providerId: string;
  /** The provider's secret for this deployment (use a sandbox's). */
  secret: string;
  /** playerRef of the grants the kit asks for. Default `croupier-conformance-player`. */
  player?: string;
  /** gameId of the grants. Default `croupier-conformance`. */
  gameId?: string;
  /** Currency of the grants. Default `EUR`. */
  currency?: string;
  /** The kit's limit on one call, milliseconds. Default 5000, the platform's webhook timeout. */
  timeoutMs?: number;
  /** Only the checks with these ids. Default: all. */
  only?: string[];
  onProgress?: ProgressListener;
}

/**
 * Runs the provider webhook checks (docs/interface.md, section D) and resolves with the report. The webhooks move
 * bookkeeping only, never money: the kit grants small batches to the named player and cancels the one it checks. The
 * run starts with a correctly signed session revoke of a session nobody holds: a 401 to it stops the run there.
 * Nothing is sent anywhere but `url`.
 */
export async function runProviderChecks(options: ProviderCheckOptions): Promise<ConformanceReport> {
  const http = new SignedHttp({ url: options.url, tenantId: options.providerId, secret: options.secret, abortAfterMs: options.timeoutMs ?? 5000 });
  const context = new ProviderContext(http, {
    player: options.player ?? "croupier-conformance-player",
    gameId: options.gameId ?? "croupier-conformance",
    currency: options.currency ?? "EUR",
  });
  const selected = options.only ? providerChecks.filter((check) => options.only?.includes(check.id)) : providerChecks;
  const startedAt = new Date();
  const credentials = await checkCredentials(() => context.post(SESSION_REVOKE, context.revokeBody()));
  const results = credentials.accepted ? await runChecks(selected, context, { allowMoneyMoves: false, hasPlayer: true }, options.onProgress) : [];
  return buildReport({
    kind: "provider",
    url: options.url,
    tenantId: options.providerId,
    startedAt,
    credentials,
    results,
    ledger: [],
    balances: [],
    slowestMs: Math.max(0, ...http.exchanges.map((exchange) => exchange.elapsedMs)),
  });
}
