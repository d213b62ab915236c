import type { Logger } from "pino";
import { ProviderChanges } from "./domain/studio/provider-changes.js";
import { StudioService } from "./domain/studio/studio-service.js";
import { isPostgres, type CroupierConfig } from "./config/types.js";
import { BackofficeAccounts } from "./domain/back-office/backoffice-accounts.js";
import { AuditTrail } from "./domain/reconciliation/audit-trail.js";
import { OperatorChanges } from "./domain/tenants/operator-changes.js";
import { Catalogue } from "./domain/tenants/catalogue.js";
import { DeliveryLogSweeper } from "./domain/jobs/delivery-log-sweeper.js";
import { DemoWallet } from "./domain/money/demo-wallet.js";
import { ExpiredSessionSweeper } from "./domain/jobs/expired-session-sweeper.js";
import { GrantService } from "./domain/free-spins/grant-service.js";
import { LedgerService } from "./domain/reconciliation/ledger-service.js";
import { MonitoringService } from "./domain/back-office/monitoring-service.js";
import { ProblemService } from "./domain/reconciliation/problem-service.js";
import { RateLimiter } from "./domain/tenants/rate-limiter.js";
import { StaleRoundReconciler } from "./domain/money/reconciler.js";
import { ReplayService } from "./domain/sessions/replay-service.js";
import { SessionService } from "./domain/sessions/session-service.js";
import { SettlementRetry } from "./domain/money/settlement-retry.js";
import { TenantDirectory } from "./domain/tenants/tenant-directory.js";
import { TransactionRelay } from "./domain/money/transaction-relay.js";
import { WalletService } from "./domain/money/wallet-service.js";
import { WalletTestCall } from "./domain/back-office/wallet-test-call.js";
import { LoggedProviderWebhooks } from "./domain/free-spins/webhook-delivery-log.js";
import type { TransactionStore } from "./domain/ports/ledger.js";
import type { NonceLog } from "./domain/ports/nonces.js";
import type { OperatorWallet } from "./domain/ports/operator-wallet.js";
import { openStores, type Stores } from "./store/stores.js";
import { ClusterHeartbeat, ClusterRefresh, shareOf } from "./domain/jobs/cluster-jobs.js";
import type { PeriodicJob } from "./domain/jobs/periodic-job.js";
import { Readiness } from "./observability/readiness.js";
import type { SecretBox } from "./domain/secret-box.js";
import type { HostResolver } from "./common/addresses.js";
import type { AppDependencies } from "./http/app.js";
import type { SignedHttpClient } from "./outbound/signed-http-client.js";
import type { Metrics } from "./observability/metrics.js";

/** The configured database opened, and the services on it: composed on demand, since most of them need its key. */
export interface Composition {
  stores: Stores;
  /** What runs without the database's key (admin commands that never open a sealed value use only this). */
  keyless: KeylessServices;
  /**
   * Every service: on the first call the database is unlocked with the key (unlock-database.ts: the generated key when
   * there is none), a SecretKeyError (or a ConfigError for a malformed key) saying what to do otherwise.
   */
  services(): Promise<Services>;
  /** Closes the outbound HTTP client, when the services were composed, and the database. */
  close(): Promise<void>;
}

/** How to open a composition: this instance's identity, where its log goes, and its key (read when first needed). */
export interface CompositionOptions extends InstanceOptions {
  instanceId: string;
  logger: Logger;
  secretKey(): Buffer | undefined;
}

/**
 * The composition root: opens the configured database (SQLite or PostgreSQL) and builds every service on it, wiring
 * stores into domain services and domain services into outbound clients. Nothing else constructs these: the server
 * adds its listener and background jobs, the admin commands run on the services alone.
 */
export async function openComposition(config: CroupierConfig, options: CompositionOptions): Promise<Composition> {
  const stores = await openStores(config.database, { instanceId: options.instanceId, clockSkewSeconds: config.limits.clockSkewSeconds });
  const keyless = composeKeyless(config, stores);
  const unlockAndCompose = async () => composeServices(keyless, await stores.unlock(options.secretKey()), options.logger, options);
  let composed: Promise<Services> | undefined;
  return {
    stores,
    keyless,
    services: () => (composed ??= unlockAndCompose()),
    close: async () => {
      const services = await composed?.catch(() => undefined);
      await services?.http.close();
      await stores.close();
    },
  };
}

function composeKeyless(config: CroupierConfig, stores: Stores): KeylessServices {
  const audit = new AuditTrail(stores.problems);
  return {
    config,
    stores,
    transactions: stores.transactions,
    audit,
    // Tenants come from the configuration alone, so whether an id is an operator's needs no key.
    backoffice: new BackofficeAccounts(stores.backoffice, {
      sessionTtlSeconds: config.backoffice.sessionTtlSeconds,
      isOperator: (id) => config.operators.some((operator) => operator.id === id),
      isProvider: (id) => config.providers.some((provider) => provider.id === id),
      operatorIds: config.operators.map((operator) => operator.id),
      audit,
    }),
  };
}

async function composeServices(keyless: KeylessServices, box: SecretBox, logger: Logger, instance: InstanceOptions): Promise<Services> {
  const { config, stores, transactions, audit } = keyless;
  // The outbound HTTP client and the metrics are loaded here, not with this module: an admin command that needs no key
  // (problems, backoffice-user) never loads them.
  const [{ SignedHttpClient }, { HttpOperatorWallet }, { HttpProviderWebhooks, PROVIDER_WEBHOOK_TIMEOUT_MS }, { Metrics }] = await Promise.all([
    import("./outbound/signed-http-client.js"),
    import("./outbound/operator-wallet.js"),
    import("./outbound/provider-webhooks.js"),
    import("./observability/metrics.js"),
  ]);
  const tenants = await TenantDirectory.open(config, stores.tenants, box);
  const catalogue = new Catalogue(config);
  const http = new SignedHttpClient({
    addresses: { allowPrivate: config.allowPrivateCallbackAddresses, trustedOrigins: configuredOrigins(config), resolve: instance.resolveHost },
  });
  const providerWebhooks = new LoggedProviderWebhooks(new HttpProviderWebhooks(http, tenants, logger), stores.webhookDeliveries, box, logger);
  const sessionStore = stores.sessions;
  const sessions = new SessionService(sessionStore, catalogue, tenants, providerWebhooks, box, config.limits.sessionTtlSeconds);
  // A session's last play is at most its lifetime before its end (expiry or a kick); the retention keeps a DEMO round's
  // answers repeatable for as long after it as an expired session's row is kept.
  const demo = new DemoWallet(
    config.limits.demoStartingBalance,
    (config.limits.sessionTtlSeconds + config.limits.expiredSessionRetentionSeconds) * 1000,
  );
  const grants = new GrantService(stores.grants, catalogue, config.campaigns, providerWebhooks, logger, leaseMsOf(config));
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
  const problems = new ProblemService({ problems: stores.problems, audit, ledger: ledgerQueries, relay, tenants });
  const walletTestCall = new WalletTestCall({ tenants, operatorWallet });
  // A webhook call ends within its timeout; one without an end a second later was cut short by a stopped service.
  const studio = new StudioService({
    deliveries: stores.webhookDeliveries,
    grants: stores.grants,
    box,
    interruptedAfterMs: PROVIDER_WEBHOOK_TIMEOUT_MS + 1000,
  });
  // What another instance changed (secrets, callback URLs) is re-read, and grants a dead one left pending taken over.
  const refresh = stores.shared ? new ClusterRefresh(() => Promise.all([tenants.refresh(), grants.failInterruptedGrants()]), logger) : undefined;
  return {
    ...keyless,
    logger,
    tenants,
    catalogue,
    http,
    providerWebhooks,
    sessions,
    grants,
    replays,
    operatorWallet,
    relay,
    wallet,
    reconciler,
    settlementRetry,
    ledger: new LedgerService(ledgerQueries, relay),
    problems,
    monitoring: new MonitoringService({ queries: stores.monitoring, openProblemCounts: (id) => problems.openCounts(id) }),
    deliveryLogSweeper: new DeliveryLogSweeper(
      { queries: ledgerQueries, webhookDeliveries: stores.webhookDeliveries, operatorIds: () => config.operators.map((o) => o.id) },
      config.limits,
      logger,
    ),
    walletTestCall,
    changes: new OperatorChanges({
      audit,
      sessions,
      grants,
      tenants,
      walletTestCall,
      allowPrivateCallbackAddresses: config.allowPrivateCallbackAddresses,
      resolveHost: instance.resolveHost,
    }),
    studio,
    providerChanges: new ProviderChanges({
      audit,
      tenants,
      webhooks: providerWebhooks,
      grants,
      studio,
      box,
      allowPrivateWebhookAddresses: config.allowPrivateCallbackAddresses,
      resolveHost: instance.resolveHost,
    }),
    sessionSweeper: new ExpiredSessionSweeper({ store: sessionStore }, config.limits, logger),
    nonces: stores.nonces,
    rateLimiter: new RateLimiter((tenantId) => shareOf(tenants.rateLimitFor(tenantId), heartbeat?.liveInstances ?? 1)),
    sessionReads: new RateLimiter(() => shareOf(config.backoffice.readRateLimit, heartbeat?.liveInstances ?? 1)),
    metrics,
    readiness: new Readiness(() => stores.ping()),
    clusterJobs: [heartbeat, refresh].filter((job) => job !== undefined),
    resolveHost: instance.resolveHost,
    stoppers: [],
  };
}

/** What each stage and router of the HTTP app uses, taken from the services. */
export function appDependencies(services: Services): AppDependencies {
  const { config } = services;
  return {
    requestLog: { logger: services.logger, metrics: services.metrics },
    health: { readiness: services.readiness, metrics: services.metrics },
    authentication: {
      tenants: services.tenants,
      nonces: services.nonces,
      rateLimiter: services.rateLimiter,
      clockSkewSeconds: config.limits.clockSkewSeconds,
      backoffice: services.backoffice,
      sessionReads: services.sessionReads,
    },
    wallet: { wallet: services.wallet },
    operator: { catalogue: services.catalogue, sessions: services.sessions, changes: services.changes },
    reconciliation: { ledger: services.ledger, problems: services.problems },
    monitoring: { monitoring: services.monitoring },
    freeSpins: { grants: services.grants, changes: services.changes },
    replays: { replays: services.replays },
    studio: {
      studio: services.studio,
      changes: services.providerChanges,
      problems: services.problems,
      ledger: services.ledger,
      monitoring: services.monitoring,
    },
    portal: { changes: services.changes },
    backoffice: {
      accounts: services.backoffice,
      tenants: services.tenants,
      operatorIds: config.operators.map((o) => o.id),
      secureCookie: config.server.publicBaseUrl.startsWith("https:"),
    },
  };
}

/**
 * How long this instance's hold on shared work (a background job's lease, a pending grant) lasts unrenewed: on SQLite,
 * one process serves the file and holds everything, so nothing is left to a lease (0).
 */
export function leaseMsOf(config: CroupierConfig): number {
  return isPostgres(config.database) ? config.database.leaseSeconds * 1000 : 0;
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

/** The services that open no sealed value, so need no key. */
export interface KeylessServices {
  config: CroupierConfig;
  /** The database's adapters (and, on SQLite, its handle for tools and tests). */
  stores: Stores;
  transactions: TransactionStore;
  /** The audit log's writer: every change, from the API, the back office and the admin CLI. */
  audit: AuditTrail;
  backoffice: BackofficeAccounts;
}

/** Everything the HTTP layer, background jobs and admin commands can use. */
export interface Services extends KeylessServices {
  logger: Logger;
  tenants: TenantDirectory;
  catalogue: Catalogue;
  http: SignedHttpClient;
  providerWebhooks: LoggedProviderWebhooks;
  sessions: SessionService;
  grants: GrantService;
  replays: ReplayService;
  operatorWallet: OperatorWallet;
  relay: TransactionRelay;
  wallet: WalletService;
  reconciler: StaleRoundReconciler;
  settlementRetry: SettlementRetry;
  ledger: LedgerService;
  problems: ProblemService;
  monitoring: MonitoringService;
  deliveryLogSweeper: DeliveryLogSweeper;
  walletTestCall: WalletTestCall;
  /** The operator's changes to players, grants and settings, each audited. */
  changes: OperatorChanges;
  studio: StudioService;
  /** The provider's changes to its settings and webhook calls, each audited. */
  providerChanges: ProviderChanges;
  sessionSweeper: ExpiredSessionSweeper;
  nonces: NonceLog;
  rateLimiter: RateLimiter;
  /** Each back-office session's own bucket for reads (config backoffice.readRateLimit). */
  sessionReads: RateLimiter;
  metrics: Metrics;
  readiness: Readiness;
  /** What keeps this instance in step with the others on a shared database (none on SQLite). */
  clusterJobs: PeriodicJob<unknown>[];
  /** The host resolver of the callback-URL checks (the system's unless a test injected one). */
  resolveHost: HostResolver | undefined;
  /** Background work (reconciler, settlement retry) registers its stop function here. */
  stoppers: (() => Promise<void> | void)[];
}
