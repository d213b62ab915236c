import type { Logger } from "pino";
import type { ClusterCoordination } from "../ports/cluster.js";

/** A configured interval of 0 means "as often as sensible", not a busy loop. */
const MIN_INTERVAL_MS = 10;

/** The signal of a run nothing can take from its instance: a manual run, or any run on a database of its own. */
const NEVER_ABORTED = new AbortController().signal;

/**
 * Background work that runs every `intervalMs`, never two runs at once: the timer and any manual
 * {@link PeriodicJob.runOnce} share one queue, so overlapping triggers run one after the other. A job extends it
 * and implements {@link PeriodicJob.work}.
 */
export abstract class PeriodicJob<T> {
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private lease: { cluster: ClusterCoordination; ttlMs: number } | undefined;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    protected readonly logger: Logger,
  ) {}

  /**
   * One run of the job. `signal` aborts once the run's lease is lost (another instance may then be running the job):
   * the run must take on no further item, and what it has in hand is safe because every item is claimed on its own.
   */
  protected abstract work(signal: AbortSignal): Promise<T>;

  /**
   * On a database other instances share: every timed run first takes or renews this job's lease for `ttlMs`, and is
   * skipped while another live instance holds it; the run renews it every third of `ttlMs` for as long as it goes on.
   * A holder that died is replaced `ttlMs` after its last renewal; a live one, renewing, never is.
   */
  holdLeaseOn(cluster: ClusterCoordination, ttlMs: number): void {
    this.lease = { cluster, ttlMs };
  }

  /** Starts the timer; the first run is one interval from now. */
  start(): void {
    this.stopped = false;
    this.schedule();
  }

  /** Runs the work now, after any run already under way; resolves with its result. */
  runOnce(): Promise<T> {
    return this.enqueue(() => this.work(NEVER_ABORTED));
  }

  /** Stops the timer and waits for the run under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.queue;
  }

  private enqueue<R>(task: () => Promise<R>): Promise<R> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** A timer's run: under the job's lease when it has one, taken when the run's turn comes, kept while it goes on. */
  private timedRun(): Promise<unknown> {
    const lease = this.lease;
    if (!lease) return this.runOnce();
    return this.enqueue(async () => {
      const held = await HeldLease.take(lease.cluster, this.name, lease.ttlMs, this.logger);
      if (!held) return;
      try {
        await this.work(held.signal);
      } finally {
        held.stopRenewing();
      }
    });
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(
      () => {
        this.timedRun()
          .catch((error: unknown) => this.logger.error({ err: error, job: this.name }, "background job failed"))
          .finally(() => this.schedule());
      },
      Math.max(MIN_INTERVAL_MS, this.intervalMs),
    );
    this.timer.unref();
  }
}

/**
 * A job's lease held for one run: renewed every third of its time to live, and lost (its signal aborted) when a renewal
 * finds another instance holding it or when no renewal succeeded before it ran out (counted from before each request
 * was sent, so never later than the database's own expiry, clocks in step).
 */
class HeldLease {
  private readonly controller = new AbortController();
  private renewal: NodeJS.Timeout | undefined;
  private expiry: NodeJS.Timeout | undefined;
  /** The run ended or the lease was lost: a renewal still answering changes nothing. */
  private over = false;

  private constructor(
    private readonly cluster: ClusterCoordination,
    private readonly job: string,
    private readonly ttlMs: number,
    private readonly logger: Logger,
  ) {}

  /** The lease for this run, or undefined while another live instance holds it. */
  static async take(cluster: ClusterCoordination, job: string, ttlMs: number, logger: Logger): Promise<HeldLease | undefined> {
    const askedAt = Date.now();
    if (!(await cluster.tryHold(job, ttlMs))) return undefined;
    const lease = new HeldLease(cluster, job, ttlMs, logger);
    lease.heldUntil(askedAt + ttlMs);
    return lease;
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The run is over: no more renewals (the lease stays until it runs out, so the next run here finds it its own). */
  stopRenewing(): void {
    this.over = true;
    clearTimeout(this.renewal);
    clearTimeout(this.expiry);
  }

  private heldUntil(expiresAt: number): void {
    clearTimeout(this.expiry);
    this.expiry = setTimeout(() => this.lose("it ran out before a renewal succeeded"), Math.max(0, expiresAt - Date.now()));
    this.expiry.unref();
    clearTimeout(this.renewal);
    this.renewal = setTimeout(() => void this.renew(), this.ttlMs / 3);
    this.renewal.unref();
  }

  private async renew(): Promise<void> {
    const askedAt = Date.now();
    try {
      const renewed = await this.cluster.tryHold(this.job, this.ttlMs);
      if (this.over) return;
      if (renewed) this.heldUntil(askedAt + this.ttlMs);
      else this.lose("another instance holds it");
    } catch (error) {
      if (this.over) return;
      // The expiry timer still runs: the lease counts as lost once it runs out without a renewal.
      this.logger.warn({ err: error, job: this.job }, "background job lease not renewed; trying again");
      this.renewal = setTimeout(() => void this.renew(), Math.min(1_000, this.ttlMs / 3));
      this.renewal.unref();
    }
  }

  private lose(reason: string): void {
    if (this.over) return;
    this.stopRenewing();
    this.logger.warn({ job: this.job, reason }, "background job lease lost mid-run: the run stops before its next item");
    this.controller.abort();
  }
}
