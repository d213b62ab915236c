import type { Logger } from "pino";
import type { RateLimitConfig } from "../tenants/tenant-settings.js";
import type { ClusterCoordination } from "../ports/cluster.js";
import { PeriodicJob } from "./periodic-job.js";

/**
 * How often an instance sharing its database with others re-reads what they may have changed (tenant secrets and
 * callback URLs) and takes over grants a dead instance left pending: the documented bound on a stale copy.
 */
export const CLUSTER_REFRESH_MS = 2_000;
/** How often an instance tells the others it is alive (a gone one stops counting after three missed beats). */
const HEARTBEAT_MS = 2_000;

/**
 * Keeps this instance counted among the live ones and learns how many there are, so that a tenant's rate limit is
 * shared: each instance allows its share, the limit over the live count (see {@link shareOf}).
 */
export class ClusterHeartbeat extends PeriodicJob<number> {
  /** Live instances, this one included, as of the last beat. */
  liveInstances = 1;

  constructor(
    private readonly coordination: ClusterCoordination,
    logger: Logger,
  ) {
    super("cluster-heartbeat", HEARTBEAT_MS, logger);
  }

  protected async work(): Promise<number> {
    this.liveInstances = Math.max(1, await this.coordination.heartbeat());
    return this.liveInstances;
  }
}

/** One instance's share of a tenant's limit when `instances` serve it: rate and burst divided (a burst of at least one). */
export function shareOf(limit: RateLimitConfig, instances: number): RateLimitConfig {
  if (instances <= 1) return limit;
  return { requestsPerSecond: limit.requestsPerSecond / instances, burst: Math.max(1, Math.floor(limit.burst / instances)) };
}

/** Runs `refresh` every {@link CLUSTER_REFRESH_MS}: what another instance changed becomes visible here within that bound. */
export class ClusterRefresh extends PeriodicJob<void> {
  constructor(
    private readonly refresh: () => Promise<unknown>,
    logger: Logger,
  ) {
    super("cluster-refresh", CLUSTER_REFRESH_MS, logger);
  }

  protected async work(): Promise<void> {
    await this.refresh();
  }
}
