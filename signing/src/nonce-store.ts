/**
 * Remembers nonces per tenant for the tolerance window, so a captured request cannot be replayed.
 * Implementations must make `remember` atomic: of two concurrent calls with the same nonce, exactly one wins.
 */
export interface NonceStore {
  /** Records the nonce; resolves `false` when it was already seen for this tenant within its lifetime. */
  remember(tenantId: string, nonce: string, expiresAtSeconds: number): boolean | Promise<boolean>;
}

/** An in-process {@link NonceStore}; entries are pruned once their window has passed. Lost on restart. */
export class MemoryNonceStore implements NonceStore {
  private readonly seen = new Map<string, number>();
  private nextPrune = 0;

  constructor(private readonly now: () => number = () => Math.floor(Date.now() / 1000)) {}

  remember(tenantId: string, nonce: string, expiresAtSeconds: number): boolean {
    const now = this.now();
    if (now >= this.nextPrune) this.prune(now);
    const key = `${tenantId}\n${nonce}`;
    const expiry = this.seen.get(key);
    if (expiry !== undefined && expiry >= now) return false;
    this.seen.set(key, expiresAtSeconds);
    return true;
  }

  private prune(now: number): void {
    for (const [key, expiry] of this.seen) if (expiry < now) this.seen.delete(key);
    this.nextPrune = now + 30;
  }
}
