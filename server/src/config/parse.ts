import type { CampaignConfig, CroupierConfig, GameConfig, OperatorConfig, ProviderConfig, RateLimitConfig } from "./types.js";

/** A configuration file that cannot be used; `key` names the offending key as a dotted path. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(readonly key: string, problem: string) {
    super(`invalid configuration at "${key}": ${problem}`);
  }
}

type Json = Record<string, unknown>;

/**
 * Validates a parsed configuration file (decisions.md §3) and fills in the defaults.
 * Hand-written rather than schema-driven so every message names the exact key that is wrong.
 */
export function parseConfig(input: unknown): CroupierConfig {
  const root = object(withoutNulls(input), "(root)");
  const server = optionalObject(root, "server", "server");
  const host = str(server, "host", "server.host", "127.0.0.1");
  const port = int(server, "port", "server.port", 8080, 0, 65535);
  const limits = optionalObject(root, "limits", "limits");
  const reconciler = optionalObject(root, "reconciler", "reconciler");
  const retry = optionalObject(root, "settlementRetry", "settlementRetry");
  const database = optionalObject(root, "database", "database");
  const defaultRate = rateLimit(limits.rateLimit, "limits.rateLimit", { requestsPerSecond: 100, burst: 200 }) ?? { requestsPerSecond: 100, burst: 200 };

  const providers = list(root, "providers").map((p, i) => provider(p, `providers[${i}]`, defaultRate));
  const operators = list(root, "operators").map((o, i) => operator(o, `operators[${i}]`, defaultRate));
  unique(providers.map((p) => p.id).concat(operators.map((o) => o.id)), "operators/providers id");
  const providerIds = new Set(providers.map((p) => p.id));
  operators.forEach((o, i) =>
    o.providers.forEach((p, j) => {
      if (!providerIds.has(p)) throw new ConfigError(`operators[${i}].providers[${j}]`, `unknown provider "${p}"`);
    }),
  );
  const gameIds = providers.flatMap((p) => p.games.map((g) => g.id));
  unique(gameIds, "game id");
  const campaigns = (root.campaigns === undefined ? [] : list(root, "campaigns")).map((c, i) => campaign(c, `campaigns[${i}]`));
  unique(campaigns.map((c) => c.id), "campaign id");
  campaigns.forEach((c, i) => {
    if (!gameIds.includes(c.gameId)) throw new ConfigError(`campaigns[${i}].gameId`, `unknown game "${c.gameId}"`);
  });

  const logLevel = str(root, "logLevel", "logLevel", "info");
  if (!["debug", "info", "warn", "error", "silent"].includes(logLevel)) {
    throw new ConfigError("logLevel", "must be one of debug, info, warn, error, silent");
  }
  const synchronous = str(database, "synchronous", "database.synchronous", "FULL").toUpperCase();
  if (synchronous !== "FULL" && synchronous !== "NORMAL") throw new ConfigError("database.synchronous", "must be FULL or NORMAL");

  return {
    server: { host, port, publicBaseUrl: str(server, "publicBaseUrl", "server.publicBaseUrl", `http://${host}:${port}`).replace(/\/+$/, "") },
    database: { sqlitePath: str(database, "sqlitePath", "database.sqlitePath", "./data/croupier.db"), synchronous },
    limits: {
      clockSkewSeconds: num(limits, "clockSkewSeconds", "limits.clockSkewSeconds", 300, 0),
      secretGraceSeconds: num(limits, "secretGraceSeconds", "limits.secretGraceSeconds", 604800, 0),
      replayLinkSeconds: num(limits, "replayLinkSeconds", "limits.replayLinkSeconds", 900, 0),
      sessionTtlSeconds: num(limits, "sessionTtlSeconds", "limits.sessionTtlSeconds", 86400, 0),
      expiredSessionRetentionSeconds: num(limits, "expiredSessionRetentionSeconds", "limits.expiredSessionRetentionSeconds", 3600, 0),
      demoStartingBalance: int(limits, "demoStartingBalance", "limits.demoStartingBalance", 100000, 0),
      rateLimit: defaultRate,
    },
    reconciler: {
      staleRoundSeconds: num(reconciler, "staleRoundSeconds", "reconciler.staleRoundSeconds", 1800, 0),
      sweepIntervalSeconds: num(reconciler, "sweepIntervalSeconds", "reconciler.sweepIntervalSeconds", 60, 0),
    },
    settlementRetry: {
      initialDelaySeconds: num(retry, "initialDelaySeconds", "settlementRetry.initialDelaySeconds", 5, 0),
      maxDelaySeconds: num(retry, "maxDelaySeconds", "settlementRetry.maxDelaySeconds", 600, 0),
      horizonSeconds: num(retry, "horizonSeconds", "settlementRetry.horizonSeconds", 86400, 0),
    },
    allowPrivateCallbackAddresses: bool(root, "allowPrivateCallbackAddresses", "allowPrivateCallbackAddresses", false),
    logLevel: logLevel as CroupierConfig["logLevel"],
    operators,
    providers,
    campaigns,
  };
}

function operator(value: unknown, at: string, defaultRate: RateLimitConfig): OperatorConfig {
  const o = object(value, at);
  const callbackUrl = o.callbackUrl === undefined || o.callbackUrl === "" ? undefined : baseAddress(o, "callbackUrl", `${at}.callbackUrl`);
  const limit = rateLimit(o.rateLimit, `${at}.rateLimit`, defaultRate);
  return {
    id: id(o, "id", `${at}.id`),
    secret: requiredStr(o, "secret", `${at}.secret`),
    ...(callbackUrl === undefined ? {} : { callbackUrl }),
    ...(o.callbackTimeoutMs === undefined ? {} : { callbackTimeoutMs: int(o, "callbackTimeoutMs", `${at}.callbackTimeoutMs`, undefined, 1, 600_000) }),
    providers: stringList(o, "providers", `${at}.providers`, false),
    blockedPlayers: stringList(o, "blockedPlayers", `${at}.blockedPlayers`, false),
    ...(limit === undefined ? {} : { rateLimit: limit }),
  };
}

function provider(value: unknown, at: string, defaultRate: RateLimitConfig): ProviderConfig {
  const p = object(value, at);
  const webhookUrl = p.webhookUrl === undefined || p.webhookUrl === "" ? undefined : baseAddress(p, "webhookUrl", `${at}.webhookUrl`);
  const limit = rateLimit(p.rateLimit, `${at}.rateLimit`, defaultRate);
  const currencies = stringList(p, "currencies", `${at}.currencies`, false);
  currencies.forEach((c, i) => {
    if (!/^[A-Z]{3}$/.test(c)) throw new ConfigError(`${at}.currencies[${i}]`, "must be an uppercase ISO-4217 code");
  });
  return {
    id: id(p, "id", `${at}.id`),
    name: str(p, "name", `${at}.name`, String(p.id)),
    secret: requiredStr(p, "secret", `${at}.secret`),
    ...(webhookUrl === undefined ? {} : { webhookUrl }),
    currencies,
    languages: stringList(p, "languages", `${at}.languages`, false),
    ...(limit === undefined ? {} : { rateLimit: limit }),
    games: (p.games === undefined ? [] : list(p, "games", `${at}.games`)).map((g, i) => game(g, `${at}.games[${i}]`)),
  };
}

function game(value: unknown, at: string): GameConfig {
  const g = object(value, at);
  return {
    id: id(g, "id", `${at}.id`),
    name: str(g, "name", `${at}.name`, String(g.id)),
    launchBaseUrl: httpUrl(g, "launchBaseUrl", `${at}.launchBaseUrl`),
    replayBaseUrl: g.replayBaseUrl === undefined || g.replayBaseUrl === "" ? "" : httpUrl(g, "replayBaseUrl", `${at}.replayBaseUrl`),
  };
}

function campaign(value: unknown, at: string): CampaignConfig {
  const c = object(value, at);
  const validFrom = c.validFrom === undefined ? undefined : date(c, "validFrom", `${at}.validFrom`);
  const validUntil = c.validUntil === undefined ? undefined : date(c, "validUntil", `${at}.validUntil`);
  const currency = requiredStr(c, "currency", `${at}.currency`);
  if (!/^[A-Z]{3}$/.test(currency)) throw new ConfigError(`${at}.currency`, "must be an uppercase ISO-4217 code");
  const operatorId = c.operatorId === undefined ? undefined : requiredStr(c, "operatorId", `${at}.operatorId`);
  return {
    id: id(c, "id", `${at}.id`),
    ...(operatorId === undefined ? {} : { operatorId }),
    gameId: requiredStr(c, "gameId", `${at}.gameId`),
    spins: int(c, "spins", `${at}.spins`, undefined, 1),
    betAmountMinor: int(c, "betAmountMinor", `${at}.betAmountMinor`, 0, 0),
    currency,
    active: bool(c, "active", `${at}.active`, true),
    ...(validFrom === undefined ? {} : { validFrom }),
    ...(validUntil === undefined ? {} : { validUntil }),
  };
}

/** A token bucket; keys left out take the fallback's values. `requestsPerSecond: 0` means the burst never refills. */
function rateLimit(value: unknown, at: string, fallback: RateLimitConfig): RateLimitConfig | undefined {
  if (value === undefined) return undefined;
  const r = object(value, at);
  return {
    requestsPerSecond: num(r, "requestsPerSecond", `${at}.requestsPerSecond`, fallback.requestsPerSecond, 0),
    burst: int(r, "burst", `${at}.burst`, fallback.burst, 1),
  };
}

/**
 * JSON authors often write null for "not set": every null member counts as absent. (Nulls inside arrays stay,
 * and are refused where a value is required.)
 */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v !== null && typeof v === "object" ? withoutNulls(v) : v));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
}

function object(value: unknown, at: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ConfigError(at, "must be an object");
  return value as Json;
}

function optionalObject(parent: Json, key: string, at: string): Json {
  return parent[key] === undefined ? {} : object(parent[key], at);
}

function list(parent: Json, key: string, at = key): unknown[] {
  const value = parent[key];
  if (!Array.isArray(value)) throw new ConfigError(at, value === undefined ? "is required" : "must be an array");
  return value;
}

function stringList(parent: Json, key: string, at: string, required: boolean): string[] {
  if (parent[key] === undefined && !required) return [];
  return list(parent, key, at).map((v, i) => {
    if (typeof v !== "string" || v === "") throw new ConfigError(`${at}[${i}]`, "must be a non-empty string");
    return v;
  });
}

function requiredStr(parent: Json, key: string, at: string): string {
  const value = parent[key];
  if (typeof value !== "string" || value === "") throw new ConfigError(at, value === undefined ? "is required" : "must be a non-empty string");
  return value;
}

function str(parent: Json, key: string, at: string, fallback: string): string {
  return parent[key] === undefined ? fallback : requiredStr(parent, key, at);
}

function id(parent: Json, key: string, at: string): string {
  const value = requiredStr(parent, key, at);
  // Ids travel in headers (X-Tenant-ID) and bodies: anything printable fits, control characters never do.
  if (!/^[^\x00-\x1f\x7f]{1,255}$/.test(value)) throw new ConfigError(at, "must be 1-255 characters without control characters");
  return value;
}

/** An absolute http(s) URL, kept exactly as written (a game's page may differ with or without its trailing slash). */
function httpUrl(parent: Json, key: string, at: string): string {
  const value = requiredStr(parent, key, at);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(at, "must be an absolute http(s) URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ConfigError(at, "must be an absolute http(s) URL");
  return value;
}

/** A base address that paths are appended to: a trailing slash would double the path's own. */
function baseAddress(parent: Json, key: string, at: string): string {
  return httpUrl(parent, key, at).replace(/\/+$/, "");
}

function date(parent: Json, key: string, at: string): string {
  const value = requiredStr(parent, key, at);
  if (Number.isNaN(Date.parse(value))) throw new ConfigError(at, "must be an RFC 3339 date-time");
  return value;
}

function num(parent: Json, key: string, at: string, fallback: number | undefined, min: number): number {
  const value = parent[key];
  if (value === undefined) {
    if (fallback === undefined) throw new ConfigError(at, "is required");
    return fallback;
  }
  if (typeof value !== "number" || !Number.isFinite(value) || value < min) throw new ConfigError(at, `must be a number >= ${min}`);
  return value;
}

function int(parent: Json, key: string, at: string, fallback: number | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = num(parent, key, at, fallback, min);
  if (!Number.isSafeInteger(value) || value > max) throw new ConfigError(at, `must be an integer from ${min} to ${max}`);
  return value;
}

function bool(parent: Json, key: string, at: string, fallback: boolean): boolean {
  const value = parent[key];
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") throw new ConfigError(at, "must be true or false");
  return value;
}

function unique(values: string[], what: string): void {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) throw new ConfigError(what, `"${v}" appears more than once`);
    seen.add(v);
  }
}
