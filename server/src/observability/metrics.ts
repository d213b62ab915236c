import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** What the metrics read from the ledger when scraped, not on every transaction. */
export interface LedgerGauges {
  /** PENDING records (a wallet call under way or interrupted) and problems (credits past the settlement horizon). */
  transactionCounts(): Promise<{ pending: number; problems: number }>;
}

/** A connection pool's use at scrape time. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/** How a wallet transaction callback ended, as the relay records it. */
export type WalletCallOutcome = "OK" | "DECLINED" | "FAILED" | "TIMED_OUT";

/**
 * How long the gauges read from the database are reused: however fast anyone scrapes, they cost one query per this
 * long (a flood of scrapes used to run two per scrape, on the pool the money path uses).
 */
export const DATABASE_GAUGE_TTL_MS = 5_000;

// Latency buckets in seconds: sub-millisecond answers up to a wallet that hits the default 5 s callback timeout.
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * This instance's Prometheus metrics (`GET /metrics`), one registry per service so that several services in one
 * process (tests) do not share counters. Observing costs a map lookup per call; the ledger is read only at scrape.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<"route" | "method" | "status">;
  private readonly requestSeconds: Histogram<"route" | "method" | "status">;
  private readonly walletCalls: Counter<"operator" | "outcome">;
  private readonly walletCallSeconds: Histogram<"operator" | "outcome">;
  /** Sets the pool's gauge, where there is a pool: at the start of a scrape, before anything collected runs a query. */
  private readonly readPool: () => void = () => {};

  /**
   * `processMetrics` adds Node's own (CPU, memory, event loop, GC): once per process, so only the real service asks.
   * `pool` (a database with a connection pool) and `liveInstances` (a cluster) add their gauges.
   */
  constructor(options: { instanceId: string; ledger?: LedgerGauges; processMetrics?: boolean; pool?: () => PoolUse; liveInstances?: () => number }) {
    this.registry.setDefaultLabels({ instance_id: options.instanceId });
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: "croupier_" });
    const registers = [this.registry];
    this.requests = new Counter({
      name: "croupier_http_requests_total",
      help: "Requests answered, by route, method and status.",
      labelNames: ["route", "method", "status"],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: "croupier_http_request_duration_seconds",
      help: "Time from a request's arrival to its answer, by route, method and status.",
      labelNames: ["route", "method", "status"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.walletCalls = new Counter({
      name: "croupier_wallet_calls_total",
      help: "Transaction callbacks to operators' wallets, by operator and outcome.",
      labelNames: ["operator", "outcome"],
      registers,
    });
    this.walletCallSeconds = new Histogram({
      name: "croupier_wallet_call_duration_seconds",
      help: "Duration of transaction callbacks to operators' wallets, by operator and outcome.",
      labelNames: ["operator", "outcome"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const ledger = options.ledger;
    if (ledger) {
      const counts = reusedFor(DATABASE_GAUGE_TTL_MS, () => ledger.transactionCounts());
      new Gauge({
        name: "croupier_transactions_pending",
        help: `Wallet transactions recorded PENDING: a call under way, or one a stopped process left (read at most every ${DATABASE_GAUGE_TTL_MS / 1000} s).`,
        registers,
        async collect() {
          this.set((await counts()).pending);
        },
      });
      new Gauge({
        name: "croupier_transactions_problems",
        help: `Credits the operator did not apply within the settlement horizon: they need a person (read at most every ${DATABASE_GAUGE_TTL_MS / 1000} s).`,
        registers,
        async collect() {
          this.set((await counts()).problems);
        },
      });
    }
    const pool = options.pool;
    if (pool) {
      const gauge = new Gauge({
        name: "croupier_db_pool_connections",
        help: "The database pool's connections: total open, idle, and requests waiting for one.",
        labelNames: ["state"],
        registers,
      });
      this.readPool = () => {
        const use = pool();
        for (const state of ["total", "idle", "waiting"] as const) gauge.set({ state }, use[state]);
      };
    }
    const liveInstances = options.liveInstances;
    if (liveInstances) {
      new Gauge({
        name: "croupier_cluster_instances",
        help: "Live instances on this database as this one last counted them (its rate-limit share is 1/N).",
        registers,
        collect() {
          this.set(liveInstances());
        },
      });
    }
  }

  /** Counts an answered request; `route` is the route pattern, never the raw path. */
  observeRequest(route: string, method: string, status: number, seconds: number): void {
    const labels = { route, method, status: String(status) };
    this.requests.inc(labels);
    this.requestSeconds.observe(labels, seconds);
  }

  /** Counts one transaction callback to an operator's wallet. */
  observeWalletCall(operatorId: string, outcome: WalletCallOutcome, seconds: number): void {
    this.walletCalls.inc({ operator: operatorId, outcome });
    this.walletCallSeconds.observe({ operator: operatorId, outcome }, seconds);
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    // The pool as the requests left it: the ledger gauges' own queries, started as the registry collects, would count.
    this.readPool();
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** `read`, its answer (or the read under way) reused for `ms`; a failed read is not kept. */
function reusedFor<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = performance.now();
    if (last === undefined || now - last.at >= ms) {
      const value = read();
      last = { at: now, value };
      value.catch(() => {
        if (last?.value === value) last = undefined;
      });
    }
    return last.value;
  };
}
