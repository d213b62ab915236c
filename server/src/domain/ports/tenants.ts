/** The tenants port: each tenant's stored self-service state (secrets, callback address). */
import type { OperatorConfig, ProviderConfig } from "../../config/types.js";

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
  /** True once the operator set its callback URL in the portal: the file's URL no longer applies. */
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

/** An operator as the domain sees it: configuration plus its current self-service state. */
export interface Operator {
  config: OperatorConfig;
  callbackUrl: string | null;
  callbackTimeoutMs: number;
}

/** An operator whose wallet can be called. */
export type ReachableOperator = Operator & { callbackUrl: string };

/** What the outbound clients read of the tenants: who a provider is, and the secret to sign a call to a tenant with. */
export interface TenantCredentials {
  provider(id: string): ProviderConfig | undefined;
  /** The secret the platform signs its own calls to this tenant with. */
  currentSecret(tenantId: string): string;
}
