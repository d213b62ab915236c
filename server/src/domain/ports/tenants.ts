/** The tenants port: each tenant's stored self-service state (secrets, callback address). */

/** What a tenant has changed about itself through the portal, as persisted (secrets sealed: domain/secret-box.ts). */
export interface TenantState {
  tenantId: string;
  role: "operator" | "provider";
  secret: string;
  previousSecret: string | null;
  /** Unix seconds until which the previous secret is still accepted. */
  previousValidUntil: number | null;
  callbackUrl: string | null;
  callbackTimeoutMs: number | null;
  /** True once the tenant rotated its secret in the portal: the file's secret no longer applies. */
  secretFromPortal: boolean;
  /** True once the tenant set its address in a portal (an operator its callback URL, a provider its webhook URL): the file's no longer applies. */
  callbackUrlFromPortal: boolean;
}

/** Persistence of tenant self-service state. */
export interface TenantStore {
  /**
   * Records the file's view of a tenant at start: inserted when new; for a known tenant, every value the portal
   * never set is taken from the file, every value the portal set is kept. Returns what is stored.
   */
  seed(fromFile: TenantState): Promise<TenantState>;
  /** Writes the tenant's state; resolves once committed. */
  save(state: TenantState): Promise<void>;
  /** Every stored state: what other instances sharing the database may have changed, re-read by each. */
  all(): Promise<TenantState[]>;
}

/** An operator as the domain sees it: who it is, what it may play, and its wallet's current address and timeout. */
export interface Operator {
  id: string;
  /** Providers whose games it may see and launch for real money. */
  providers: string[];
  blockedPlayers: string[];
  callbackUrl: string | null;
  callbackTimeoutMs: number;
}

/** An operator whose wallet can be called. */
export type ReachableOperator = Operator & { callbackUrl: string };

/** A provider as the outbound clients see it: where its webhooks are, when it has any. */
export interface ProviderEndpoint {
  id: string;
  webhookUrl?: string;
}

/** What the outbound clients read of the tenants: where a provider is, and the secret to sign a call to a tenant with. */
export interface TenantCredentials {
  provider(id: string): ProviderEndpoint | undefined;
  /** The secret the platform signs its own calls to this tenant with. */
  currentSecret(tenantId: string): string;
}
