import type { Logger } from "pino";
import type { SessionStore } from "../store/session-store.js";
import type { DemoWallet } from "./demo-wallet.js";
import { PeriodicJob } from "./periodic-job.js";

/** Rows deleted per commit: a day of expired launches must not hold the event loop in one statement. */
const SLICE = 512;
/** How often the sweeper looks: expired sessions are already refused (401), so there is no hurry. */
const INTERVAL_MS = 60_000;

/**
 * Deletes sessions that expired more than `limits.expiredSessionRetentionSeconds` ago, with the fun-play state of
 * DEMO ones, so neither the sessions table nor the service's memory grows with every launch ever made. Nothing needs
 * an expired session: it already answers 401, a retry of a transaction settled through it is answered from the
 * ledger, and a kick counts only live sessions. The retention keeps a DEMO round's answers repeatable for a while
 * after its session expired.
 */
export class ExpiredSessionSweeper extends PeriodicJob<number> {
  constructor(
    private readonly deps: { store: SessionStore; demo: DemoWallet },
    private readonly retentionSeconds: number,
    logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    super("expired-session-sweeper", INTERVAL_MS, logger);
  }

  /** One sweep; resolves with how many sessions it deleted. */
  protected async work(): Promise<number> {
    const before = this.now() - this.retentionSeconds * 1000;
    let deleted = 0;
    for (;;) {
      const slice = await this.deps.store.purgeExpired(before, SLICE);
      for (const session of slice) if (session.demo) this.deps.demo.forget(session.token);
      deleted += slice.length;
      if (slice.length < SLICE) return deleted;
    }
  }
}
