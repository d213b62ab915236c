import { ConfigError } from "./config-error.js";
import { validateConfigFile } from "./schema.js";
import { resolveSecret, type Environment } from "./secrets.js";
import type { RateLimitConfig } from "../domain/tenants/tenant-settings.js";
import type { ConfigFile, CroupierConfig, DatabaseConfig } from "./types.js";

export { ConfigError } from "./config-error.js";
export { secretVariable, type Environment } from "./secrets.js";

const DEFAULT_RATE_LIMIT: RateLimitConfig = { requestsPerSecond: 100, burst: 200 };
/** A back-office session's reads: a page loads a handful, a person clicks a few a second (issue 30 item 1). */
const DEFAULT_BACKOFFICE_READ_LIMIT: RateLimitConfig = { requestsPerSecond: 10, burst: 50 };

/**
 * Validates a parsed configuration file against server/config.schema.json (which also supplies the defaults), then
 * checks what a schema cannot (ids unique, references known, URLs and dates that parse) and takes each tenant's
 * secret from `env` or the file (see secrets.ts). Every mistake is a ConfigError naming the key.
 */
export function parseConfig(input: unknown, options: { env?: Environment } = {}): CroupierConfig {
  const file = validateConfigFile(withoutNulls(input));
  const env = options.env ?? {};
  const defaultRate = { ...DEFAULT_RATE_LIMIT, ...file.limits.rateLimit };
  const rate = (own: Partial<RateLimitConfig> | undefined) => (own === undefined ? {} : { rateLimit: { ...defaultRate, ...own } });

  const operators = file.operators.map(({ secret, rateLimit, callbackUrl, ...o }, i) => ({
    ...o,
    secret: resolveSecret("operator", o.id, secret, `operators[${i}].secret`, env),
    ...optionalBaseAddress("callbackUrl", callbackUrl, `operators[${i}].callbackUrl`),
    ...rate(rateLimit),
  }));
  const providers = file.providers.map(({ secret, rateLimit, webhookUrl, name, games, ...p }, i) => ({
    ...p,
    name: name ?? p.id,
    secret: resolveSecret("provider", p.id, secret, `providers[${i}].secret`, env),
    ...optionalBaseAddress("webhookUrl", webhookUrl, `providers[${i}].webhookUrl`),
    ...rate(rateLimit),
    games: games.map((g, j) => {
      checkUrl(g.launchBaseUrl, `providers[${i}].games[${j}].launchBaseUrl`);
      if (g.replayBaseUrl !== "") checkUrl(g.replayBaseUrl, `providers[${i}].games[${j}].replayBaseUrl`);
      return { ...g, name: g.name ?? g.id };
    }),
  }));
  checkReferences(file);
  file.campaigns.forEach((c, i) => {
    for (const key of ["validFrom", "validUntil"] as const) {
      if (c[key] !== undefined && Number.isNaN(Date.parse(c[key]))) throw new ConfigError(`campaigns[${i}].${key}`, "must be an RFC 3339 date-time");
    }
  });

  const { host, port, headersTimeoutMs, requestTimeoutMs, maxConnections } = file.server;
  if (requestTimeoutMs < headersTimeoutMs) throw new ConfigError("server.requestTimeoutMs", "must be at least server.headersTimeoutMs");
  return {
    server: {
      host,
      port,
      publicBaseUrl: (file.server.publicBaseUrl ?? `http://${host}:${port}`).replace(/\/+$/, ""),
      headersTimeoutMs,
      requestTimeoutMs,
      maxConnections,
    },
    metrics: file.metrics,
    database: databaseOf(file.database, env),
    limits: { ...file.limits, rateLimit: defaultRate },
    reconciler: file.reconciler,
    settlementRetry: file.settlementRetry,
    allowPrivateCallbackAddresses: file.allowPrivateCallbackAddresses,
    backoffice: { ...file.backoffice, readRateLimit: { ...DEFAULT_BACKOFFICE_READ_LIMIT, ...file.backoffice.readRateLimit } },
    logLevel: file.logLevel,
    operators,
    providers,
    campaigns: file.campaigns,
  };
}

/** The default SQLite file when the configuration names no database. */
const DEFAULT_SQLITE_PATH = "./data/croupier.db";

/**
 * SQLite or PostgreSQL: `url` (or `CROUPIER_DATABASE_URL`, which replaces the file's url) selects PostgreSQL,
 * `sqlitePath` SQLite; naming both is a mistake, since one of them would be silently ignored.
 */
function databaseOf(database: ConfigFile["database"], env: Environment): DatabaseConfig {
  const fromEnv = env.CROUPIER_DATABASE_URL;
  if (fromEnv !== undefined && fromEnv !== "" && !/^postgres(ql)?:\/\/\S+$/.test(fromEnv)) {
    throw new ConfigError("CROUPIER_DATABASE_URL", "must be a postgres:// or postgresql:// URL");
  }
  const url = fromEnv || database.url;
  if (url === undefined) {
    return { sqlitePath: database.sqlitePath ?? DEFAULT_SQLITE_PATH, synchronous: database.synchronous.toUpperCase() as "FULL" | "NORMAL" };
  }
  if (database.sqlitePath !== undefined) {
    const other = fromEnv ? "CROUPIER_DATABASE_URL" : "database.url";
    throw new ConfigError("database.sqlitePath", `give either database.sqlitePath (SQLite) or ${other} (PostgreSQL), not both`);
  }
  const { poolSize, readPoolSize, readStatementTimeoutMs, leaseSeconds } = database;
  return { url, poolSize, readPoolSize, readStatementTimeoutMs, leaseSeconds };
}

/** Ids unique where they must be, and every operator's provider and every campaign's game configured. */
function checkReferences(file: ConfigFile): void {
  unique(file.providers.map((p) => p.id).concat(file.operators.map((o) => o.id)), "operators/providers id");
  const providerIds = new Set(file.providers.map((p) => p.id));
  file.operators.forEach((o, i) =>
    o.providers.forEach((p, j) => {
      if (!providerIds.has(p)) throw new ConfigError(`operators[${i}].providers[${j}]`, `unknown provider "${p}"`);
    }),
  );
  const gameIds = file.providers.flatMap((p) => p.games.map((g) => g.id));
  unique(gameIds, "game id");
  unique(
    file.campaigns.map((c) => c.id),
    "campaign id",
  );
  file.campaigns.forEach((c, i) => {
    if (!gameIds.includes(c.gameId)) throw new ConfigError(`campaigns[${i}].gameId`, `unknown game "${c.gameId}"`);
  });
}

/**
 * JSON authors often write null for "not set": every null member counts as absent (and so does an undefined one,
 * from a caller passing an object). Nulls inside arrays stay, and are refused where a value is required.
 */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v !== null && typeof v === "object" ? withoutNulls(v) : v));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/** The schema checks the scheme; this checks the rest of the URL parses. */
function checkUrl(value: string, at: string): void {
  if (!URL.canParse(value)) throw new ConfigError(at, "must be an absolute http(s) URL");
}

/** A base address that paths are appended to (empty means not set): a trailing slash would double the path's own. */
function optionalBaseAddress<K extends string>(key: K, value: string | undefined, at: string): { [P in K]?: string } {
  if (value === undefined || value === "") return {};
  checkUrl(value, at);
  return { [key]: value.replace(/\/+$/, "") } as { [P in K]?: string };
}

function unique(values: string[], what: string): void {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) throw new ConfigError(what, `"${v}" appears more than once`);
    seen.add(v);
  }
}
