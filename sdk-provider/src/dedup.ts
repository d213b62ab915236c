import { oncePerKey, type AnswerStore } from "../../sdk-common/src/once-per-key.js";
import type { CancelFreeSpinsRequest, GrantFreeSpinsRequest, GrantFreeSpinsResponse } from "./models.js";

/**
 * Where the dedup helpers remember answers, keyed by requestRef (grant) or externalRef (cancel).
 * Implement it on your database so a repeat after a restart is still recognised.
 */
export type DedupStore<V> = AnswerStore<string, V>;

/** An in-process {@link DedupStore}; lost on restart, never pruned. */
export class MemoryDedupStore<V> implements DedupStore<V> {
  private readonly answers = new Map<string, V>();

  get(key: string): V | undefined {
    return this.answers.get(key);
  }

  put(key: string, value: V): void {
    if (!this.answers.has(key)) this.answers.set(key, value);
  }
}

/**
 * Wraps `onGrant` so each requestRef creates one batch: a repeat gets the first externalRef back and
 * concurrent duplicates share one run. A throw is not remembered, so the next request tries again.
 *
 * @example
 * onGrant: withGrantDedup(new MemoryDedupStore(), (req) => ({ externalRef: batches.create(req) })),
 */
export function withGrantDedup(
  store: DedupStore<GrantFreeSpinsResponse>,
  onGrant: (request: GrantFreeSpinsRequest) => Promise<GrantFreeSpinsResponse> | GrantFreeSpinsResponse,
): (request: GrantFreeSpinsRequest) => Promise<GrantFreeSpinsResponse> {
  return oncePerKey(store, (request: GrantFreeSpinsRequest) => request.requestRef, String, onGrant);
}

/**
 * Wraps `onCancel` so each externalRef is cancelled once: a repeat answers 200 again without calling
 * `onCancel`. (Status needs no helper: it is a read, and caching it would serve stale progress.)
 *
 * @example
 * onCancel: withCancelDedup(new MemoryDedupStore(), (req) => batches.cancel(req.externalRef)),
 */
export function withCancelDedup(
  store: DedupStore<true>,
  onCancel: (request: CancelFreeSpinsRequest) => Promise<void> | void,
): (request: CancelFreeSpinsRequest) => Promise<void> {
  const once = oncePerKey(
    store,
    (request: CancelFreeSpinsRequest) => request.externalRef,
    String,
    async (request: CancelFreeSpinsRequest) => {
      await onCancel(request);
      return true as const;
    },
  );
  return async (request) => {
    await once(request);
  };
}
