/**
 * The cluster port: what instances sharing one database tell each other. An embedded database served by one process
 * answers as a cluster of one (every lease is its own).
 */
export interface ClusterCoordination {
  /** Records this instance as alive; resolves with how many instances are, itself included. */
  heartbeat(): Promise<number>;
  /** Takes or renews the lease on a named background job for `ttlMs`; false while another live instance holds it. */
  tryHold(job: string, ttlMs: number): Promise<boolean>;
  /** At a clean stop: this instance's leases end and it stops counting as live, so the others take over at once. */
  leave(): Promise<void>;
}
