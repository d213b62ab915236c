import type { Logger } from "pino";
import type { ClusterCoordination } from "./ports/cluster.js";

/** A configured interval of 0 means "as often as sensible", not a busy loop. */
const MIN_INTERVAL_MS = 10;

/**
 * Background work that runs every `intervalMs`, never two runs at once: the timer and any manual
 * {@link PeriodicJob.runOnce} share one queue, so overlapping triggers run one after the other. A job extends it
 * and implements {@link PeriodicJob.work}.
 */
export abstract class PeriodicJob<T> {
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private cluster: ClusterCoordination | undefined;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    protected readonly logger: Logger,
  ) {}

  /** One run of the job. */
  protected abstract work(): Promise<T>;

  /**
   * On a database other instances share: every timed run first takes or renews this job's lease, and is skipped while
   * another live instance holds it. The lease lasts three intervals (at least 10 s), so a holder that died is replaced
   * that long after its last run, and a live one, renewing at every run, never is.
   */
  holdLeaseOn(cluster: ClusterCoordination): void {
    this.cluster = cluster;
  }

  /** Starts the timer; the first run is one interval from now. */
  start(): void {
    this.stopped = false;
    this.schedule();
  }

  /** Runs the work now, after any run already under way; resolves with its result. */
  runOnce(): Promise<T> {
    const run = this.queue.then(() => this.work());
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stops the timer and waits for the run under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.queue;
  }

  private async timedRun(): Promise<void> {
    if (this.cluster && !(await this.cluster.tryHold(this.name, Math.max(10_000, 3 * this.intervalMs)))) return;
    await this.runOnce();
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
