import type { ClusterCoordination } from "../../domain/ports/cluster.js";
import type { PostgresPool } from "./database.js";

/** An instance not heard from for this long counts as gone (the heartbeat beats every {@link HEARTBEAT_INTERVAL_MS}). */
export const LIVE_WINDOW_MS = 6_000;
export const HEARTBEAT_INTERVAL_MS = 2_000;
/** Rows of instances gone for this long are deleted by whoever beats. */
const FORGET_AFTER_MS = 3_600_000;

/**
 * The cluster's coordination on PostgreSQL: each instance's heartbeat (how many instances are live, for the rate
 * limit's share) and named job leases (one instance at a time runs each background job; a lease that was not renewed
 * in time, because its holder died, is taken over; a live holder renews it every run).
 */
export class PostgresCluster implements ClusterCoordination {
  private counted = 1;

  constructor(
    private readonly pool: PostgresPool,
    private readonly instanceId: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records this instance as alive and answers how many instances are (itself included). One statement. */
  async heartbeat(): Promise<number> {
    const now = this.now();
    const { rows } = await this.pool.query<{ others: number }>(
      `WITH me AS (INSERT INTO instances (instance_id, last_seen_at) VALUES ($1, $2)
           ON CONFLICT (instance_id) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at),
         forgotten AS (DELETE FROM instances WHERE last_seen_at < $4)
       SELECT count(*) AS others FROM instances WHERE last_seen_at >= $3 AND instance_id <> $1`,
      [this.instanceId, now, now - LIVE_WINDOW_MS, now - FORGET_AFTER_MS],
    );
    this.counted = rows[0]!.others + 1;
    return this.counted;
  }

  /** Live instances, this one included, as the last heartbeat counted them (1 before the first). */
  get liveInstances(): number {
    return this.counted;
  }

  /** Takes or renews the lease on `job` for `ttlMs`; false while another live instance holds it. One statement. */
  async tryHold(job: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    const { rowCount } = await this.pool.query(
      `INSERT INTO job_leases AS l (job, owner, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (job) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
       WHERE l.owner = EXCLUDED.owner OR l.expires_at < $4`,
      [job, this.instanceId, now + ttlMs, now],
    );
    return rowCount === 1;
  }

  /** At a clean stop: this instance's leases end now and it no longer counts as live, so others take over at once. */
  async leave(): Promise<void> {
    await this.pool.query(`WITH gone AS (DELETE FROM instances WHERE instance_id = $1) DELETE FROM job_leases WHERE owner = $1`, [this.instanceId]);
  }
}
