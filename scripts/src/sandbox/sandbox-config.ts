/**
 * The sandbox's service configuration (decisions.md §3): one operator, two providers, a few games and
 * a campaign, all pointing at loopback mocks. Generated in code so ports can move, and written to
 * `data/sandbox.config.json` so people can read it (or run `npm run server -- --config` on it).
 */

/** A tenant's id and shared secret. */
export interface TenantCredentials {
  id: string;
  secret: string;
}

/**
 * Sandbox-only secrets. Fixed rather than random because the service seeds a tenant's secret into its
 * database the first time it sees the tenant: a new random secret on every start would no longer
 * match a kept `data/sandbox.db`. They are printed at start and must never be used anywhere else.
 */
export const SANDBOX_OPERATOR: TenantCredentials = { id: "op-acme", secret: "sandbox-only-op-acme-secret" };
/** The sandbox's first provider: two games, one with round replay. */
export const SANDBOX_PROVIDER: TenantCredentials = { id: "prov-star", secret: "sandbox-only-prov-star-secret" };
/** The sandbox's second provider: one game. */
export const SANDBOX_OTHER_PROVIDER: TenantCredentials = { id: "prov-moon", secret: "sandbox-only-prov-moon-secret" };

/** The game, currency and campaign the demo plays. */
export const SANDBOX_GAME = { gameId: "starfall", currency: "EUR", campaignId: "welcome-10" } as const;

/** A web back-office account of the sandbox: sign in at `/backoffice/` with its username and password. */
export interface SandboxAccount {
  username: string;
  password: string;
  /** The account's operator; null for a studio or platform account (every operator, and the tenants' configuration). */
  operatorId: string | null;
  /** A studio account's provider: it sees what the service did for that provider only. */
  providerId?: string;
  role: "viewer" | "manager";
}

/**
 * Sandbox-only back-office accounts, fixed for the same reason as the secrets (and printed at start): a manager and a
 * viewer of `op-acme`, a manager of the studio `prov-star`, and a platform account.
 */
export const SANDBOX_ACCOUNTS: readonly SandboxAccount[] = [
  { username: "acme-manager", password: "sandbox-only-acme-manager", operatorId: SANDBOX_OPERATOR.id, role: "manager" },
  { username: "acme-viewer", password: "sandbox-only-acme-viewer", operatorId: SANDBOX_OPERATOR.id, role: "viewer" },
  { username: "star-manager", password: "sandbox-only-star-manager", operatorId: null, providerId: "prov-star", role: "manager" },
  { username: "platform", password: "sandbox-only-platform", operatorId: null, role: "manager" },
];

/** A player on the operator's blocklist, to see launch answer 403. */
export const SANDBOX_BLOCKED_PLAYER = "p-excluded";

/** Where the pieces of the sandbox listen. */
export interface SandboxEndpoints {
  host: string;
  servicePort: number;
  /** The mock wallet's base URL: the operator's callback URL. */
  walletUrl: string;
  /** Base URL of the mock provider; each provider gets its own path under it. */
  providerUrl: string;
  sqlitePath: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** Providers whose webhooks go to the developer's own receiver instead of the mock studio, by provider id. */
  webhookUrls?: Readonly<Record<string, string>>;
  /** The settlement retry's schedule instead of {@link SANDBOX_SETTLEMENT_RETRY} (tests that need not wait seconds). */
  settlementRetry?: SettlementRetrySchedule;
}

/** The service's `settlementRetry` block, in seconds. */
export interface SettlementRetrySchedule {
  initialDelaySeconds: number;
  maxDelaySeconds: number;
  horizonSeconds: number;
}

/**
 * A credit the wallet keeps refusing becomes a problem for the back office within seconds, not the default day, so the
 * demo's failed WIN shows in the problems queue while you watch.
 */
export const SANDBOX_SETTLEMENT_RETRY: SettlementRetrySchedule = { initialDelaySeconds: 1, maxDelaySeconds: 2, horizonSeconds: 4 };

/** The sandbox's providers, in the order the configuration and the banner list them. */
export const SANDBOX_PROVIDERS: readonly TenantCredentials[] = [SANDBOX_PROVIDER, SANDBOX_OTHER_PROVIDER];

/** The player the sandbox launches a session for, per provider, at every start (the banner's ready-to-use launches). */
export const SANDBOX_LAUNCH_PLAYER = "p-sandbox";

/** The mock provider's webhook base address for one provider: `{providerUrl}/providers/{id}`. */
export function webhookUrlFor(providerUrl: string, providerId: string): string {
  return `${providerUrl}/providers/${providerId}`;
}

/** Builds the configuration object the service's `parseConfig` accepts. */
export function buildSandboxConfig(endpoints: SandboxEndpoints): Record<string, unknown> {
  const { host, servicePort, walletUrl, providerUrl } = endpoints;
  const webhookUrl = (provider: TenantCredentials) => endpoints.webhookUrls?.[provider.id] ?? webhookUrlFor(providerUrl, provider.id);
  const game = (id: string, name: string, replay: boolean) => ({
    id,
    name,
    launchBaseUrl: `${providerUrl}/games/${id}`,
    replayBaseUrl: replay ? `${providerUrl}/replay` : "",
  });
  return {
    server: { host, port: servicePort, publicBaseUrl: `http://${host}:${servicePort}` },
    database: { sqlitePath: endpoints.sqlitePath },
    logLevel: endpoints.logLevel,
    // The mock wallet lives on loopback; a real deployment keeps this false.
    allowPrivateCallbackAddresses: true,
    settlementRetry: endpoints.settlementRetry ?? SANDBOX_SETTLEMENT_RETRY,
    operators: [
      {
        id: SANDBOX_OPERATOR.id,
        secret: SANDBOX_OPERATOR.secret,
        callbackUrl: walletUrl,
        callbackTimeoutMs: 5000,
        providers: [SANDBOX_PROVIDER.id, SANDBOX_OTHER_PROVIDER.id],
        blockedPlayers: [SANDBOX_BLOCKED_PLAYER],
      },
    ],
    providers: [
      {
        id: SANDBOX_PROVIDER.id,
        name: "Star Studio",
        secret: SANDBOX_PROVIDER.secret,
        webhookUrl: webhookUrl(SANDBOX_PROVIDER),
        currencies: ["EUR", "USD"],
        languages: ["en", "de"],
        games: [game("starfall", "Starfall", true), game("nebula", "Nebula", false)],
      },
      {
        id: SANDBOX_OTHER_PROVIDER.id,
        name: "Moon Games",
        secret: SANDBOX_OTHER_PROVIDER.secret,
        webhookUrl: webhookUrl(SANDBOX_OTHER_PROVIDER),
        currencies: ["EUR", "GBP"],
        languages: ["en"],
        games: [game("moonshot", "Moonshot", true)],
      },
    ],
    campaigns: [
      {
        id: SANDBOX_GAME.campaignId,
        operatorId: SANDBOX_OPERATOR.id,
        gameId: SANDBOX_GAME.gameId,
        spins: 10,
        betAmountMinor: 20,
        currency: SANDBOX_GAME.currency,
        active: true,
        validFrom: "2020-01-01T00:00:00Z",
        validUntil: "2099-12-31T23:59:59Z",
      },
    ],
  };
}
