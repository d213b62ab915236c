import { oncePerKey } from "../../sdk-common/src/once-per-key.js";
import type { TransactionAnswer, TransactionRequest } from "./models.js";

/** What identifies a transaction for replay: the spec scopes transactionId per player (C.2). */
export interface IdempotencyKey {
  playerRef: string;
  transactionId: string;
}

/**
 * Where {@link withIdempotency} keeps the answer of every processed transaction. Implement it on your
 * own database to make replays survive restarts; {@link SqliteIdempotencyStore} is one such store.
 */
export interface IdempotencyStore {
  /** The answer stored for this transaction, or `undefined`. */
  get(key: IdempotencyKey): Promise<TransactionAnswer | undefined> | TransactionAnswer | undefined;
  /** Stores the answer; if one is already stored, keep the first. */
  put(key: IdempotencyKey, response: TransactionAnswer): Promise<void> | void;
}

/** One string per key; JSON keeps the two parts apart whatever characters they hold. */
function keyId(key: IdempotencyKey): string {
  return JSON.stringify([key.playerRef, key.transactionId]);
}

/** An in-process {@link IdempotencyStore}: fine for tests and single-process demos; lost on restart, never pruned. */
export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly answers = new Map<string, TransactionAnswer>();

  get(key: IdempotencyKey): TransactionAnswer | undefined {
    return this.answers.get(keyId(key));
  }

  put(key: IdempotencyKey, response: TransactionAnswer): void {
    const id = keyId(key);
    // Copy, so a caller mutating its object later cannot change what gets replayed.
    if (!this.answers.has(id)) this.answers.set(id, { ...response });
  }
}

/**
 * Wraps an `onTransaction` callback so each (playerRef, transactionId) is applied once: a repeat gets
 * the stored answer verbatim (OK or DECLINED) without touching the balance again, and concurrent
 * duplicates in this process share one run. A thrown error (for example a `WalletError`) is not
 * stored, so the service's retry runs the callback again.
 *
 * For crash safety the balance change and the stored answer should commit together; with a separate
 * store, a crash between the two re-applies the transaction on retry.
 *
 * @example
 * const onTransaction = withIdempotency(new SqliteIdempotencyStore(db), (tx) => wallet.apply(tx));
 */
export function withIdempotency(
  store: IdempotencyStore,
  onTransaction: (request: TransactionRequest) => Promise<TransactionAnswer> | TransactionAnswer,
): (request: TransactionRequest) => Promise<TransactionAnswer> {
  return oncePerKey(
    store,
    (request: TransactionRequest) => ({ playerRef: request.playerRef, transactionId: request.transactionId }),
    keyId,
    onTransaction,
  );
}
