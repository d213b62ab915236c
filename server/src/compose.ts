import type { Logger } from "pino";
import type { CroupierConfig } from "./config/types.js";
import { BackofficeAccounts } from "./domain/backoffice-accounts.js";
import { Catalogue } from "./domain/catalogue.js";
import { DeliveryLogSweeper } from "./domain/delivery-log-sweeper.js";
import { DemoWallet } from "./domain/demo-wallet.js";
import { ExpiredSessionSweeper } from "./domain/expired-session-sweeper.js";
import { GrantService } from "./domain/grant-service.js";
import { LedgerService } from "./domain/ledger-service.js";
import { MonitoringService } from "./domain/monitoring-service.js";
import { ProblemService } from "./domain/problem-service.js";
import { RateLimiter } from "./domain/rate-limiter.js";
import { StaleRoundReconciler } from "./domain/reconciler.js";
import { ReplayService } from "./domain/replay-service.js";
import { SessionService } from "./domain/session-service.js";
import { SettlementRetry } from "./domain/settlement-retry.js";
import { TenantDirectory } from "./domain/tenant-directory.js";
import { TransactionRelay } from "./domain/transaction-relay.js";
import { WalletService } from "./domain/wallet-service.js";
import { WalletTestCall } from "./domain/wallet-test-call.js";
import type { TransactionStore } from "./domain/ports/ledger.js";
import type { NonceLog } from "./domain/ports/nonces.js";
import type { OperatorWallet } from "./domain/ports/operator-wallet.js";
import type { ProviderWebhooks } from "./domain/ports/provider-webhooks.js";
import { HttpOperatorWallet } from "./outbound/operator-wallet.js";
import { HttpProviderWebhooks } from "./outbound/provider-webhooks.js";
import { SignedHttpClient } from "./outbound/signed-http-client.js";
import { Metrics } from "./observability/metrics.js";
import type { Stores } from "./store/stores.js";
import { ClusterHeartbeat, ClusterRefresh, shareOf } from "./domain/cluster-jobs.js";
import type { PeriodicJob } from "./domain/periodic-job.js";
import { Readiness } from "./observability/readiness.js";
import type { SecretBox } from "./domain/secret-box.js";
import type { HostResolver } from "./common/addresses.js";

/**
 * The composition root: builds every service from the configuration and the database, wiring stores into
 * domain services and domain services into outbound clients. Nothing else constructs these.
 */
export async function composeServices(
  config: CroupierConfig,
  stores: Stores,
  box: SecretBox,
  logger: Logger,
  instance: InstanceOptions = {},
): Promise<Services> {
  const tenants = await TenantDirectory.open(config, stores.tenants, box);
  const catalogue = new Catalogue(config);
  const http = new SignedHttpClient({
    addresses: { allowPrivate: config.allowPrivateCallbackAddresses, trustedOrigins: configuredOrigins(config), resolve: instance.resolveHost },
  });
  const providerWebhooks = new HttpProviderWebhooks(http, tenants, logger);
  const sessionStore = stores.sessions;
  const sessions = new SessionService(sessionStore, catalogue, tenants, providerWebhooks, box, config.limits.sessionTtlSeconds);
  const demo = new DemoWallet(config.limits.demoStartingBalance);
  const grants = new GrantService(stores.grants, catalogue, config.campaigns, providerWebhooks, logger);
  const transactions = stores.transactions;
  // With other instances on the database, this one learns how many there are (the rate limit's share).
  const heartbeat = stores.shared ? new ClusterHeartbeat(stores.cluster, logger) : undefined;
  const metrics = new Metrics({
    instanceId: instance.instanceId ?? "local",
    ledger: transactions,
    processMetrics: instance.processMetrics,
    pool: stores.poolUse,
    liveInstances: heartbeat && (() => heartbeat.liveInstances),
  });
  const operatorWallet = new HttpOperatorWallet(http, tenants, metrics);
  const relay = new TransactionRelay(transactions, operatorWallet, tenants, config.settlementRetry, box, logger);
  const wallet = new WalletService({ sessions, tenants, catalogue, relay, operatorWallet, demo });
  const reconciler = new StaleRoundReconciler(
    { store: transactions, relay, tenants, operatorWallet },
    { ...config.reconciler, problemAfterSeconds: config.settlementRetry.horizonSeconds },
    logger,
  );
  const settlementRetry = new SettlementRetry({ store: transactions, relay, tenants }, config.settlementRetry, logger);
  const ledgerQueries = stores.ledgerQueries;
  const replays = new ReplayService(stores.roundLookup, catalogue, tenants, config.limits.replayLinkSeconds);
  const backoffice = new BackofficeAccounts(stores.backoffice, {
    sessionTtlSeconds: config.backoffice.sessionTtlSeconds,
    isOperator: (id) => tenants.roleOf(id) === "operator",
  });
  const problems = new ProblemService({ problems: stores.problems, ledger: ledgerQueries, relay, tenants });
  // What another instance changed (secrets, callback URLs) is re-read, and grants a dead one left pending taken over.
  const refresh = stores.shared ? new ClusterRefresh(() => Promise.all([tenants.refresh(), grants.failInterruptedGrants()]), logger) : undefined;
  return {
    config,
    stores,
    logger,
    tenants,
    catalogue,
    http,
    providerWebhooks,
    sessions,
    grants,
    replays,
    transactions,
    operatorWallet,
    relay,
    wallet,
    reconciler,
    settlementRetry,
    ledger: new LedgerService(ledgerQueries, relay),
    problems,
    monitoring: new MonitoringService({ queries: stores.monitoring, openProblemCounts: (id) => problems.openCounts(id) }),
    deliveryLogSweeper: new DeliveryLogSweeper(
      { queries: ledgerQueries, operatorIds: () => config.operators.map((o) => o.id) },
      config.limits,
      logger,
    ),
    backoffice,
    walletTestCall: new WalletTestCall({ tenants, operatorWallet }),
    sessionSweeper: new ExpiredSessionSweeper({ store: sessionStore, demo }, config.limits, logger),
    nonces: stores.nonces,
    rateLimiter: new RateLimiter((tenantId) => shareOf(tenants.rateLimitFor(tenantId), heartbeat?.liveInstances ?? 1)),
    metrics,
    readiness: new Readiness(() => stores.ping()),
    clusterJobs: [heartbeat, refresh].filter((job) => job !== undefined),
    resolveHost: instance.resolveHost,
    stoppers: [],
  };
}

/** Who this instance is, for its metrics and log lines. */
export interface InstanceOptions {
  instanceId?: string;
  /** Resolves host names for the callback-URL checks (when saved and at connect time); tests model DNS with it. */
  resolveHost?: HostResolver;
  /** Add Node's process metrics (once per process: the real service, not tests that start many services). */
  processMetrics?: boolean;
}

/** The origins of the URLs the configuration file names: the platform team's own choice, called as written. */
function configuredOrigins(config: CroupierConfig): Set<string> {
  const urls = [...config.operators.map((o) => o.callbackUrl), ...config.providers.map((p) => p.webhookUrl)];
  return new Set(urls.filter((url): url is string => typeof url === "string").map((url) => new URL(url).origin));
}

/** Everything the HTTP layer and background jobs can use. */
export interface Services {
  config: CroupierConfig;
  /** The database's adapters (and, on SQLite, its handle for tools and tests). */
  stores: Stores;
  logger: Logger;
  tenants: TenantDirectory;
  catalogue: Catalogue;
  http: SignedHttpClient;
  providerWebhooks: ProviderWebhooks;
  sessions: SessionService;
  grants: GrantService;
  replays: ReplayService;
  transactions: TransactionStore;
  operatorWallet: OperatorWallet;
  relay: TransactionRelay;
  wallet: WalletService;
  reconciler: StaleRoundReconciler;
  settlementRetry: SettlementRetry;
  ledger: LedgerService;
  problems: ProblemService;
  monitoring: MonitoringService;
  deliveryLogSweeper: DeliveryLogSweeper;
  backoffice: BackofficeAccounts;
  walletTestCall: WalletTestCall;
  sessionSweeper: ExpiredSessionSweeper;
  nonces: NonceLog;
  rateLimiter: RateLimiter;
  metrics: Metrics;
  readiness: Readiness;
  /** What keeps this instance in step with the others on a shared database (none on SQLite). */
  clusterJobs: PeriodicJob<unknown>[];
  /** The host resolver of the callback-URL checks (the system's unless a test injected one). */
  resolveHost: HostResolver | undefined;
  /** Background work (reconciler, settlement retry) registers its stop function here. */
  stoppers: (() => Promise<void> | void)[];
}
