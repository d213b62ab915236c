import { setFlagsFromString } from "node:v8";

/** How far V8 may grow the old generation past what survived its last full collection, in percent. */
export const HEAP_GROWING_PERCENT = 150;

/**
 * The V8 flag the service process sets on itself, or undefined when its command line already chose one. By default
 * V8 lets the old generation grow to up to four times what survived the last full collection before it collects
 * again. The service keeps little alive (about 25 MB under load) but promotes a lot of short-lived request state, so
 * that default let peak RSS reach about 210 MB under the benchmark's load; at 150% it stays near 177 MB with p99
 * unchanged, while 50% (154 MB) and 100% (167 MB) collect so often that p99 at 500 tx/s rose by 2-10 ms
 * (docs/benchmarks.md). V8 reads this flag at every full collection, so setting it at start is enough; no hard heap
 * limit is imposed.
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
