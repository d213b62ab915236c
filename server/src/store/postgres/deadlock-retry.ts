import { setTimeout as sleep } from "node:timers/promises";

/** PostgreSQL's code for a statement cancelled to break a deadlock; the statement's transaction was rolled back. */
const DEADLOCK_DETECTED = "40P01";

/**
 * How long a cancelled write waits before it is sent again: the transaction it deadlocked with was woken to take the
 * locks the write held, and a write sent at once can take one of them back first and deadlock with it again (the batch
 * tests once saw a deadlock outlast three immediate attempts).
 */
const PAUSE_BEFORE_RETRY_MS = 20;

/**
 * Runs a one-statement write again when PostgreSQL cancelled it to break a deadlock (at most three times), after a short
 * pause: it was rolled back whole, so running it again applies it once. A batch of claims (claim-batcher.ts) holds each
 * of its claims' locks to its commit, so a claim sent alone or an outcome may meet it in the other order: a player's
 * lock, a transaction's or a round's row taken, while the batch holds another of them and waits for that one.
 */
export async function againAfterDeadlock<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 3 || (error as { code?: unknown }).code !== DEADLOCK_DETECTED) throw error;
      await sleep(PAUSE_BEFORE_RETRY_MS);
    }
  }
}
