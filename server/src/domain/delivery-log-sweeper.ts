import type { Logger } from "pino";
import { PeriodicJob } from "./periodic-job.js";
import { PURGE_SLICE, type LedgerQueries } from "./ports/ledger-queries.js";

/** How often the sweeper looks: an hour's margin on a retention counted in days costs nothing. */
const INTERVAL_MS = 60_000;

/**
 * Forgets the delivery log (the calls made to the operator's wallet) of transactions created more than
 * `limits.deliveryLogRetentionSeconds` ago; the transactions themselves stay. Each operator's range up to the last
 * cutoff is done once per process, so a sweep reads only what aged since the one before.
 */
export class DeliveryLogSweeper extends PeriodicJob<number> {
  private readonly sweptBefore = new Map<string, number>();

  constructor(
    private readonly deps: { queries: LedgerQueries; operatorIds: () => string[] },
    private readonly limits: { deliveryLogRetentionSeconds: number },
    logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    super("delivery-log-sweeper", INTERVAL_MS, logger);
  }

  /** One sweep, a slice at a time until `signal` aborts; resolves with how many transactions' logs it cleared. */
  protected async work(signal: AbortSignal): Promise<number> {
    const cutoff = this.now() - this.limits.deliveryLogRetentionSeconds * 1000;
    let cleared = 0;
    for (const operatorId of this.deps.operatorIds()) {
      const from = this.sweptBefore.get(operatorId) ?? 0;
      for (;;) {
        if (signal.aborted) return cleared;
        const slice = await this.deps.queries.purgeDeliveryLogs(operatorId, from, cutoff);
        cleared += slice;
        if (slice < PURGE_SLICE) break;
      }
      this.sweptBefore.set(operatorId, Math.max(from, cutoff));
    }
    return cleared;
  }
}
