import { randomBytes } from "node:crypto";
import type { OperatorConfig, ProviderConfig, RateLimitConfig, TenantSettings } from "./tenant-settings.js";
import type { Operator, TenantCredentials, TenantState, TenantStore } from "../ports/tenants.js";
import type { SecretBox } from "../secret-box.js";

/** The default callback timeout seeded when an operator first sets its callback URL (spec E). */
export const DEFAULT_CALLBACK_TIMEOUT_MS = 5000;

/**
 * Who the tenants are, their secrets and callback addresses: the configuration file's tenants, with the secrets and
 * callback URLs the store holds (seeded from the file when first seen, sealed at rest), kept in memory write-through
 * because every signed request looks up a secret.
 */
export class TenantDirectory implements TenantCredentials {
  private readonly states = new Map<string, TenantState>();
  private readonly operators = new Map<string, OperatorConfig>();
  private readonly providers = new Map<string, ProviderConfig>();
  /** Changes written through this instance, and those not yet committed, so a refresh that raced one can tell. */
  private writes = 0;
  private saving = 0;

  private constructor(
    private readonly config: TenantSettings,
    private readonly store: TenantStore,
    private readonly box: SecretBox,
    private readonly nowSeconds: () => number,
  ) {}

  /** The directory of the configured tenants, each seeded into the store (see {@link TenantStore.seed}). */
  static async open(
    config: TenantSettings,
    store: TenantStore,
    box: SecretBox,
    nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ): Promise<TenantDirectory> {
    const directory = new TenantDirectory(config, store, box, nowSeconds);
    await directory.seedAll();
    return directory;
  }

  private async seedAll(): Promise<void> {
    const { config } = this;
    for (const operator of config.operators) {
      this.operators.set(operator.id, operator);
      this.states.set(
        operator.id,
        await this.seed({
          tenantId: operator.id,
          role: "operator",
          secret: operator.secret,
          previousSecret: null,
          previousValidUntil: null,
          callbackUrl: operator.callbackUrl ?? null,
          callbackTimeoutMs: operator.callbackUrl ? DEFAULT_CALLBACK_TIMEOUT_MS : null,
          secretFromPortal: false,
          callbackUrlFromPortal: false,
        }),
      );
    }
    for (const provider of config.providers) {
      this.providers.set(provider.id, provider);
      this.states.set(
        provider.id,
        await this.seed({
          tenantId: provider.id,
          role: "provider",
          secret: provider.secret,
          previousSecret: null,
          previousValidUntil: null,
          callbackUrl: null,
          callbackTimeoutMs: null,
          secretFromPortal: false,
          callbackUrlFromPortal: false,
        }),
      );
    }
  }

  /** The role of a configured tenant, or undefined for an unknown id. */
  roleOf(tenantId: string): "operator" | "provider" | undefined {
    return this.states.get(tenantId)?.role;
  }

  /** Secrets that verify a signature right now: the current one and a previous one still in its grace period. */
  secretsFor(tenantId: string): string[] | undefined {
    const state = this.states.get(tenantId);
    if (!state) return undefined;
    if (state.previousSecret && state.previousValidUntil !== null && this.nowSeconds() <= state.previousValidUntil) {
      return [state.secret, state.previousSecret];
    }
    return [state.secret];
  }

  /** The secret the platform signs its own calls to this tenant with. */
  currentSecret(tenantId: string): string {
    const state = this.states.get(tenantId);
    if (!state) throw new Error(`unknown tenant ${tenantId}`);
    return state.secret;
  }

  rateLimitFor(tenantId: string): RateLimitConfig {
    return this.operators.get(tenantId)?.rateLimit ?? this.providers.get(tenantId)?.rateLimit ?? this.config.limits.rateLimit;
  }

  operator(id: string): Operator | undefined {
    const config = this.operators.get(id);
    const state = this.states.get(id);
    if (!config || !state) return undefined;
    return {
      id,
      providers: config.providers,
      blockedPlayers: config.blockedPlayers,
      callbackUrl: state.callbackUrl,
      callbackTimeoutMs: this.callbackTimeoutOf(config, state),
    };
  }

  /**
   * A configured provider, with the webhook URL in effect: the one its studio set (stored where an operator's callback
   * URL is), else the file's. Only a URL set in the portal is read from the store: the release before seeds a
   * provider's stored URL empty at each start.
   */
  provider(id: string): ProviderConfig | undefined {
    const config = this.providers.get(id);
    const state = this.states.get(id);
    if (!config || !state?.callbackUrlFromPortal || state.callbackUrl === null) return config;
    return { ...config, webhookUrl: state.callbackUrl };
  }

  /** Until when (unix seconds) the tenant's previous secret still verifies; undefined when none is in its grace period. */
  previousSecretValidUntil(tenantId: string): number | undefined {
    const state = this.requireState(tenantId);
    const until = state.previousSecret ? state.previousValidUntil : null;
    return until !== null && this.nowSeconds() <= until ? until : undefined;
  }

  /** Sets the provider's webhook base URL, effective at once and kept over the file's from now on. */
  async setWebhookUrl(providerId: string, webhookUrl: string): Promise<void> {
    const state = this.requireState(providerId);
    await this.persist(providerId, state, { ...state, callbackUrl: webhookUrl, callbackUrlFromPortal: true });
  }

  /**
   * Sets the operator's callback base URL, effective at once; the first time one is set, the timeout is seeded at
   * 5000 ms (a timeout the admin team set in the file still wins).
   */
  async setCallbackUrl(operatorId: string, callbackUrl: string): Promise<{ callbackUrl: string; callbackTimeoutMs: number }> {
    const state = this.requireState(operatorId);
    const next: TenantState = {
      ...state,
      callbackUrl,
      callbackTimeoutMs: state.callbackTimeoutMs ?? DEFAULT_CALLBACK_TIMEOUT_MS,
      callbackUrlFromPortal: true,
    };
    await this.persist(operatorId, state, next);
    return { callbackUrl, callbackTimeoutMs: this.callbackTimeoutOf(this.operators.get(operatorId), next) };
  }

  /** Issues a new secret (shown once); the old one keeps working until the grace period ends. */
  async rotateSecret(tenantId: string): Promise<{ secret: string; previousSecretValidUntil: string }> {
    const state = this.requireState(tenantId);
    const validUntil = this.nowSeconds() + this.config.limits.secretGraceSeconds;
    const secret = `sk_${randomBytes(32).toString("base64url")}`;
    const next: TenantState = { ...state, secret, previousSecret: state.secret, previousValidUntil: validUntil, secretFromPortal: true };
    await this.persist(tenantId, state, next);
    return { secret, previousSecretValidUntil: new Date(validUntil * 1000).toISOString() };
  }

  /** Ends the previous secret's grace period at once (after a leak, the old secret must stop working now). */
  async revokePreviousSecret(tenantId: string): Promise<{ previousSecretValidUntil: null }> {
    const state = this.requireState(tenantId);
    await this.persist(tenantId, state, { ...state, previousSecret: null, previousValidUntil: null });
    return { previousSecretValidUntil: null };
  }

  /** Stores the file's view of a tenant (its secret sealed) and returns the stored state with its secrets opened. */
  private async seed(fromFile: TenantState): Promise<TenantState> {
    return this.opened(await this.store.seed({ ...fromFile, secret: this.box.seal(fromFile.secret) }));
  }

  private opened(stored: TenantState): TenantState {
    return { ...stored, secret: this.box.open(stored.secret), previousSecret: stored.previousSecret && this.box.open(stored.previousSecret) };
  }

  /**
   * Re-reads every configured tenant's stored state, so that what another instance sharing the database changed (a
   * rotated secret, a new callback URL) holds here too. A change this instance wrote while the read was out is newer
   * than what the read saw: that round is skipped, and the next one reads it back.
   */
  async refresh(): Promise<void> {
    if (this.saving > 0) return;
    const writesBefore = this.writes;
    const stored = await this.store.all();
    if (this.writes !== writesBefore || this.saving > 0) return;
    for (const state of stored) if (this.states.has(state.tenantId)) this.states.set(state.tenantId, this.opened(state));
  }

  /**
   * Write-through: the change is in memory before the store is awaited, so a second change arriving meanwhile builds on
   * it (a rotation never loses the one before it); a failed write puts the old state back unless another followed. The
   * store gets the secrets sealed.
   */
  private async persist(tenantId: string, previous: TenantState, next: TenantState): Promise<void> {
    this.writes += 1;
    this.saving += 1;
    this.states.set(tenantId, next);
    try {
      await this.store.save({
        ...next,
        secret: this.box.seal(next.secret),
        previousSecret: next.previousSecret && this.box.seal(next.previousSecret),
      });
    } catch (error) {
      if (this.states.get(tenantId) === next) this.states.set(tenantId, previous);
      throw error;
    } finally {
      this.saving -= 1;
    }
  }

  /** The admin team's value from the file wins; otherwise the one seeded when the URL was first set. */
  private callbackTimeoutOf(config: OperatorConfig | undefined, state: TenantState): number {
    return config?.callbackTimeoutMs ?? state.callbackTimeoutMs ?? DEFAULT_CALLBACK_TIMEOUT_MS;
  }

  private requireState(tenantId: string): TenantState {
    const state = this.states.get(tenantId);
    if (!state) throw new Error(`unknown tenant ${tenantId}`);
    return state;
  }
}
