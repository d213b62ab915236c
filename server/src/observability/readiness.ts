/** Why an instance answers `/readyz` as it does. */
export type ReadinessStatus = "ready" | "draining" | "database unavailable";

/**
 * Whether this instance should get new traffic: not once it has begun to drain (SIGTERM), nor while its database
 * does not answer. Migrations are applied before the service listens, so a listening instance has them.
 */
export class Readiness {
  private draining = false;

  constructor(private readonly pingDatabase: () => Promise<void>) {}

  /** From now on `/readyz` answers 503, so a load balancer stops sending new requests here. */
  startDraining(): void {
    this.draining = true;
  }

  async status(): Promise<ReadinessStatus> {
    if (this.draining) return "draining";
    try {
      await this.pingDatabase();
      return "ready";
    } catch {
      return "database unavailable";
    }
  }
}
