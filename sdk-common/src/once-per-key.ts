/**
 * A durable answer cache: `get` returns what `put` stored for a key. Implementations may be sync or async.
 */
export interface AnswerStore<K, V> {
  /** The stored answer, or `undefined` when the key was never answered. */
  get(key: K): Promise<V | undefined> | V | undefined;
  /** Stores the answer; when two writers race, the first one stored should win. */
  put(key: K, value: V): Promise<void> | void;
}

/**
 * Wraps `run` so each key is processed once: a stored answer is replayed, concurrent duplicates in
 * this process share one in-flight promise, and only successful answers are stored (a throw is not
 * cached, so the sender's retry runs again).
 */
export function oncePerKey<A, K, V>(
  store: AnswerStore<K, V>,
  keyOf: (input: A) => K,
  idOf: (key: K) => string,
  run: (input: A) => Promise<V> | V,
): (input: A) => Promise<V> {
  const inFlight = new Map<string, Promise<V>>();
  return (input) => {
    const key = keyOf(input);
    const id = idOf(key);
    const running = inFlight.get(id);
    if (running) return running;
    const promise = (async () => {
      const stored = await store.get(key);
      if (stored !== undefined) return stored;
      const answer = await run(input);
      await store.put(key, answer);
      return answer;
    })().finally(() => inFlight.delete(id));
    inFlight.set(id, promise);
    return promise;
  };
}
