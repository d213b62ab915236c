import { setFlagsFromString } from "node:v8";

/** How far V8 may grow the old generation past what survived its last full collection, in percent. */
export const HEAP_GROWING_PERCENT = 150;

/**
 * The V8 flag the service process sets on itself, or undefined when its command line already chose one: it keeps peak
 * memory down without a hard heap limit (the measurements are in docs/benchmarks.md).
 */
export function heapGrowthFlag(execArgv: readonly string[]): string | undefined {
  const chosen = execArgv.some((arg) => /^--heap[-_]growing[-_]percent(=|$)/.test(arg));
  return chosen ? undefined : `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
}

/** Applies {@link heapGrowthFlag} to this process. */
export function limitHeapGrowth(): void {
  const flag = heapGrowthFlag(process.execArgv);
  if (flag) setFlagsFromString(flag);
}
