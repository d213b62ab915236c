import type { Logger } from "pino";
import type { DemoWallet } from "./demo-wallet.js";
import { PeriodicJob } from "./periodic-job.js";
import type { SessionStore } from "./ports/sessions.js";

/** Rows deleted per commit: a day of expired launches must not hold the event loop in one statement. */
const SLICE = 512;
/** How often the sweeper looks: expired sessions are already refused (401), so there is no hurry. */
const INTERVAL_MS = 60_000;

/**
 * Deletes sessions that expired more than `limits.expiredSessionRetentionSeconds` ago, and forgets the fun-play state
 * of DEMO sessions idle for longer than a session can live plus that retention (so expired ones, and kicked ones
 * whose rows the kick already deleted), so neither the sessions table nor the service's memory grows with every
 * launch ever made. Nothing needs an expired session: it already answers 401, a retry of a transaction settled
 * through it is answered from the ledger, and a kick counts only live sessions. The retention keeps a DEMO round's
 * answers repeatable for a while after its session ended.
 */
export class ExpiredSessionSweeper extends PeriodicJob<number> {
  constructor(
    private readonly deps: { store: SessionStore; demo: DemoWallet },
    private readonly limits: { sessionTtlSeconds: number; expiredSessionRetentionSeconds: number },
    logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    super("expired-session-sweeper", INTERVAL_MS, logger);
  }

  /** One sweep; resolves with how many sessions it deleted. */
  protected async work(): Promise<number> {
    const retentionMs = this.limits.expiredSessionRetentionSeconds * 1000;
    // A session's last play is at most its lifetime before its end (expiry or an earlier kick).
    this.deps.demo.forgetIdleSince(this.now() - this.limits.sessionTtlSeconds * 1000 - retentionMs);
    let deleted = 0;
    for (;;) {
      const slice = await this.deps.store.purgeExpired(this.now() - retentionMs, SLICE);
      deleted += slice;
      if (slice < SLICE) return deleted;
    }
  }
}
