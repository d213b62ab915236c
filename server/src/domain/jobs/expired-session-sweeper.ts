import type { Logger } from "pino";
import { PeriodicJob } from "./periodic-job.js";
import type { SessionStore } from "../ports/sessions.js";

/** Rows deleted per commit: a day of expired launches must not hold the event loop in one statement. */
const SLICE = 512;
/** How often the sweeper looks: expired sessions are already refused, so there is no hurry. */
const INTERVAL_MS = 60_000;

/**
 * Deletes sessions that expired more than `limits.expiredSessionRetentionSeconds` ago, so the table does not grow with
 * every launch: an expired session is refused anyway, and a retry of a transaction settled through it is answered from
 * the ledger.
 */
export class ExpiredSessionSweeper extends PeriodicJob<number> {
  constructor(
    private readonly deps: { store: SessionStore },
    private readonly limits: { expiredSessionRetentionSeconds: number },
    logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    super("expired-session-sweeper", INTERVAL_MS, logger);
  }

  /** One sweep, a slice at a time until `signal` aborts; resolves with how many sessions it deleted. */
  protected async work(signal: AbortSignal): Promise<number> {
    const retentionMs = this.limits.expiredSessionRetentionSeconds * 1000;
    let deleted = 0;
    for (;;) {
      const slice = await this.deps.store.purgeExpired(this.now() - retentionMs, SLICE);
      deleted += slice;
      if (slice < SLICE || signal.aborted) return deleted;
    }
  }
}
