import type { CampaignConfig, OperatorConfig, ProviderConfig, RateLimitConfig } from "../domain/tenants/tenant-settings.js";

/** A SQLite database file: the embedded default, one service process per file. */
export interface SqliteDatabaseConfig {
  sqlitePath: string;
  synchronous: "FULL" | "NORMAL";
}

/** A PostgreSQL database: any number of service instances may share it. */
export interface PostgresDatabaseConfig {
  url: string;
  /** Connections this instance holds at most. */
  poolSize: number;
  /** The back office's read pool: its own connections and their statement timeout (issue 30 item 1). */
  readPoolSize: number;
  readStatementTimeoutMs: number;
  /** How long a background job's or a pending grant's lease lasts without renewal: another instance takes over after it. */
  leaseSeconds: number;
}

/** Which database the service keeps its state in. */
export type DatabaseConfig = SqliteDatabaseConfig | PostgresDatabaseConfig;

/** Narrows a database configuration to PostgreSQL (a `url` selects it). */
export const isPostgres = (database: DatabaseConfig): database is PostgresDatabaseConfig => "url" in database;

/** The whole, validated configuration with every default filled in. */
export interface CroupierConfig {
  server: {
    host: string;
    port: number;
    publicBaseUrl: string;
    /** Node's headersTimeout and requestTimeout, and the cap on connections held at once. */
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    maxConnections: number;
  };
  /** Where `/metrics` is served: with a `port`, on a listener of its own only; without, on the service's port. */
  metrics: { host: string; port?: number };
  database: DatabaseConfig;
  limits: {
    clockSkewSeconds: number;
    secretGraceSeconds: number;
    replayLinkSeconds: number;
    sessionTtlSeconds: number;
    /** How long an expired session is kept before the sweeper deletes it; a DEMO session's play money is kept as long after it ended. */
    expiredSessionRetentionSeconds: number;
    /** How long the calls made to a wallet for a transaction are kept, counted from the transaction's creation (30 days). */
    deliveryLogRetentionSeconds: number;
    demoStartingBalance: number;
    rateLimit: RateLimitConfig;
  };
  reconciler: { staleRoundSeconds: number; sweepIntervalSeconds: number };
  settlementRetry: { initialDelaySeconds: number; maxDelaySeconds: number; horizonSeconds: number };
  allowPrivateCallbackAddresses: boolean;
  /** The web back office: how long a sign-in lasts before the person must sign in again. */
  /** The web back office: how long a sign-in lasts, and each session's own bucket for reads. */
  backoffice: { sessionTtlSeconds: number; readRateLimit: RateLimitConfig };
  /** Log level for the JSON request log ("silent" turns it off). */
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  operators: OperatorConfig[];
  providers: ProviderConfig[];
  campaigns: CampaignConfig[];
}

/**
 * The configuration file as server/config.schema.json describes it, once validated and its defaults filled in (keys
 * the schema gives no default stay optional). server/test/config-schema.test.ts checks the two agree.
 */
export interface ConfigFile {
  server: { host: string; port: number; publicBaseUrl?: string; headersTimeoutMs: number; requestTimeoutMs: number; maxConnections: number };
  metrics: { host: string; port?: number };
  database: {
    sqlitePath?: string;
    synchronous: string;
    url?: string;
    poolSize: number;
    readPoolSize: number;
    readStatementTimeoutMs: number;
    leaseSeconds: number;
  };
  limits: Omit<CroupierConfig["limits"], "rateLimit"> & { rateLimit?: Partial<RateLimitConfig> };
  reconciler: CroupierConfig["reconciler"];
  settlementRetry: CroupierConfig["settlementRetry"];
  allowPrivateCallbackAddresses: boolean;
  backoffice: Omit<CroupierConfig["backoffice"], "readRateLimit"> & { readRateLimit?: Partial<RateLimitConfig> };
  logLevel: CroupierConfig["logLevel"];
  operators: (Omit<OperatorConfig, "secret" | "rateLimit"> & { secret?: string; rateLimit?: Partial<RateLimitConfig> })[];
  providers: (Omit<ProviderConfig, "name" | "secret" | "rateLimit"> & { name?: string; secret?: string; rateLimit?: Partial<RateLimitConfig> })[];
  campaigns: (Omit<CampaignConfig, "operatorId"> & { operatorId?: string })[];
}
