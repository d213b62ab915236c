import type { BenchIdentity } from "./bench-identity.js";

/** How one Croupier instance under test is configured. */
export interface CroupierInstanceSettings {
  port: number;
  /** Exactly one of the two: a SQLite file, or a PostgreSQL database. */
  sqlitePath?: string;
  databaseUrl?: string;
  walletUrl: string;
  synchronous: "FULL" | "NORMAL";
  logLevel: "info" | "warn" | "silent";
  /** `--viewer`: the viewed operator (identity.viewedOperatorId) is configured too, for its back-office account. */
  viewedOperator?: boolean;
}

/**
 * The service's configuration file for a bench run: one operator whose callback URL is the mock wallet,
 * one provider with one game. Rate limits are lifted far above any rate the loader can reach, so they
 * measure the service rather than the limiter; the reconciler keeps its defaults (it finds nothing stale,
 * every round is closed by its WIN).
 */
export function croupierConfig(identity: BenchIdentity, settings: CroupierInstanceSettings): object {
  const unlimited = { requestsPerSecond: 1_000_000, burst: 1_000_000 };
  return {
    server: { host: "127.0.0.1", port: settings.port },
    // `synchronous` is SQLite's; on PostgreSQL every commit is durable (synchronous_commit on).
    database:
      settings.databaseUrl === undefined ? { sqlitePath: settings.sqlitePath, synchronous: settings.synchronous } : { url: settings.databaseUrl },
    logLevel: settings.logLevel,
    limits: { rateLimit: unlimited },
    operators: [
      {
        id: identity.operatorId,
        secret: identity.operatorSecret,
        callbackUrl: settings.walletUrl,
        callbackTimeoutMs: 5000,
        providers: [identity.providerId],
      },
      ...(settings.viewedOperator
        ? [
            {
              id: identity.viewedOperatorId,
              secret: identity.viewedOperatorSecret,
              callbackUrl: settings.walletUrl,
              providers: [identity.providerId],
            },
          ]
        : []),
    ],
    providers: [
      {
        id: identity.providerId,
        name: "Bench Studio",
        secret: identity.providerSecret,
        currencies: [identity.currency],
        languages: ["en"],
        games: [{ id: identity.gameId, name: "Bench Slot", launchBaseUrl: "https://games.example/bench-slot" }],
      },
    ],
  };
}
