/**
 * The tenants, games and campaigns the platform team configures, as the domain reads them: the configuration file is
 * parsed into these (config/types.ts), the domain never reads the file's own types.
 */

/** Per-tenant token bucket: sustained rate and burst size. */
export interface RateLimitConfig {
  requestsPerSecond: number;
  burst: number;
}

/** An operator tenant as configured in the file (decisions.md §3). */
export interface OperatorConfig {
  id: string;
  secret: string;
  /** Seeds the database the first time this operator is seen; the portal owns it afterwards. */
  callbackUrl?: string;
  /**
   * Set by the platform admin team (not self-service) and authoritative at every start; when absent, the
   * timeout seeded when the callback URL is first set (5000 ms) applies.
   */
  callbackTimeoutMs?: number;
  /** Providers whose games this operator may see and launch for real money. */
  providers: string[];
  blockedPlayers: string[];
  rateLimit?: RateLimitConfig;
}

/** One game of a provider. */
export interface GameConfig {
  id: string;
  name: string;
  launchBaseUrl: string;
  /** Empty when the game does not support round replay. */
  replayBaseUrl: string;
}

/** A provider (game studio) tenant. */
export interface ProviderConfig {
  id: string;
  name: string;
  secret: string;
  webhookUrl?: string;
  currencies: string[];
  languages: string[];
  rateLimit?: RateLimitConfig;
  games: GameConfig[];
}

/** A free-spin campaign template managed by the platform team. */
export interface CampaignConfig {
  id: string;
  operatorId?: string;
  gameId: string;
  spins: number;
  betAmountMinor: number;
  currency: string;
  active: boolean;
  validFrom?: string;
  validUntil?: string;
}

/** What the tenant directory reads of the whole configuration. */
export interface TenantSettings {
  operators: OperatorConfig[];
  providers: ProviderConfig[];
  limits: { rateLimit: RateLimitConfig; secretGraceSeconds: number };
}
