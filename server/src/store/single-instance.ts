import type { ClusterCoordination } from "../domain/ports/cluster.js";

/** The cluster of a SQLite file: one service process serves it, so it is always alone and holds every lease. */
export class SingleInstance implements ClusterCoordination {
  heartbeat(): Promise<number> {
    return Promise.resolve(1);
  }

  tryHold(): Promise<boolean> {
    return Promise.resolve(true);
  }

  leave(): Promise<void> {
    return Promise.resolve();
  }
}
