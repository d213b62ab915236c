import type { Logger } from "pino";
import { PeriodicJob } from "./periodic-job.js";
import { PURGE_SLICE, type LedgerQueries } from "../ports/ledger-queries.js";
import { WEBHOOK_PURGE_SLICE, type WebhookDeliveryStore } from "../ports/webhook-deliveries.js";

/** How often the sweeper looks: an hour's margin on a retention counted in days costs nothing. */
const INTERVAL_MS = 60_000;

/**
 * Forgets the wallet calls' delivery log of transactions older than `limits.deliveryLogRetentionSeconds` (the
 * transactions stay) and the provider webhook calls as old; each sweep reads only what aged since the one before.
 */
export class DeliveryLogSweeper extends PeriodicJob<number> {
  private readonly sweptBefore = new Map<string, number>();

  constructor(
    private readonly deps: {
      queries: LedgerQueries;
      webhookDeliveries: Pick<WebhookDeliveryStore, "purgeStartedBefore">;
      operatorIds: () => string[];
    },
    private readonly limits: { deliveryLogRetentionSeconds: number },
    logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    super("delivery-log-sweeper", INTERVAL_MS, logger);
  }

  /** One sweep, a slice at a time until `signal` aborts; resolves with how many transactions' logs and webhook calls it cleared. */
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
    for (;;) {
      if (signal.aborted) return cleared;
      const slice = await this.deps.webhookDeliveries.purgeStartedBefore(cutoff);
      cleared += slice;
      if (slice < WEBHOOK_PURGE_SLICE) return cleared;
    }
  }
}
