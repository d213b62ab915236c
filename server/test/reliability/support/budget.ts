/**
 * How big a reliability run is. The default run fits `npm test` on a shared 2-core machine;
 * `RELIABILITY_LONG=1` scales every count up for a long soak run.
 */
export const LONG_RUN = process.env.RELIABILITY_LONG === "1";

/** The count for this run: `short` by default, `long` under RELIABILITY_LONG=1. */
export function scaled(short: number, long: number): number {
  return LONG_RUN ? long : short;
}

/** The seed of every pseudo-random choice of a run: RELIABILITY_SEED=N replays a failing run. */
export const RUN_SEED = Number.parseInt(process.env.RELIABILITY_SEED ?? "", 10) || 20_260_101;

/** Prints a test's figure on its own line, so a run's log reads as a report. */
export function reportFigure(test: string, figure: string): void {
  console.log(`[reliability] ${test}: ${figure}`);
}

/** Time limit of a load test: five minutes by default, an hour for a long run. */
export const TEST_TIMEOUT_MS = scaled(300_000, 3_600_000);
