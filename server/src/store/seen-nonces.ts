import { randomInt } from "node:crypto";

/** Slots of a new table: a power of two, doubled while it is below {@link MAX_SLOTS}. */
const INITIAL_SLOTS = 1024;
/** The largest table (1.5 MB): a full one is closed and a new generation opened, so no table is ever copied whole. */
const MAX_SLOTS = 2 ** 17;

/**
 * One generation of nonces: an open-addressing hash table (linear probing) of 53-bit fingerprints with their
 * expiries, in two typed arrays, filled to three quarters at most. No object per nonce: 12 bytes a slot, off the JS
 * heap.
 */
class FingerprintTable {
  private fingerprints = new Float64Array(INITIAL_SLOTS);
  private expiries = new Uint32Array(INITIAL_SLOTS);
  /** Slots taken. */
  used = 0;
  /** The latest expiry held: once it is past, the whole table is. */
  latestExpiry = 0;

  /** Whether one more fingerprint fits without growing past {@link MAX_SLOTS}. */
  get hasRoom(): boolean {
    return this.fingerprints.length < MAX_SLOTS || !this.overloadedBy(1);
  }

  /** The expiry stored for a fingerprint, or 0 when it is absent. */
  expiryOf(fingerprint: number): number {
    const mask = this.fingerprints.length - 1;
    for (let slot = fingerprint & mask; ; slot = (slot + 1) & mask) {
      const held = this.fingerprints[slot]!;
      if (held === fingerprint) return this.expiries[slot]!;
      if (held === 0) return 0;
    }
  }

  /** Stores a fingerprint with its expiry, or moves its expiry later when it is already there. Needs {@link hasRoom}. */
  put(fingerprint: number, expiresAt: number): void {
    if (this.overloadedBy(1)) this.grow();
    this.place(fingerprint, expiresAt);
    this.latestExpiry = Math.max(this.latestExpiry, expiresAt);
  }

  private overloadedBy(more: number): boolean {
    return (this.used + more) * 4 > this.fingerprints.length * 3;
  }

  private place(fingerprint: number, expiresAt: number): void {
    const mask = this.fingerprints.length - 1;
    let slot = fingerprint & mask;
    while (this.fingerprints[slot] !== 0 && this.fingerprints[slot] !== fingerprint) slot = (slot + 1) & mask;
    if (this.fingerprints[slot] === 0) this.used += 1;
    this.fingerprints[slot] = fingerprint;
    this.expiries[slot] = Math.max(this.expiries[slot]!, expiresAt);
  }

  private grow(): void {
    const fingerprints = this.fingerprints;
    const expiries = this.expiries;
    this.fingerprints = new Float64Array(fingerprints.length * 2);
    this.expiries = new Uint32Array(expiries.length * 2);
    this.used = 0;
    for (let slot = 0; slot < fingerprints.length; slot++) {
      if (fingerprints[slot] !== 0) this.place(fingerprints[slot]!, expiries[slot]!);
    }
  }
}

/**
 * The nonces seen within their validity, per tenant, each kept as a 53-bit fingerprint (cyrb53, seeded per process)
 * with its expiry, off the JS heap. A fingerprint collision refuses a fresh nonce as replayed (the caller signs again);
 * no nonce is ever accepted twice. Generations of a quarter of the validity are dropped whole once expired.
 */
export class SeenNonces {
  private readonly seed = randomInt(2 ** 32);
  private generations: FingerprintTable[] = [new FingerprintTable()];
  private newestStartedAt: number;

  /** `generationSeconds`: how long one generation takes new nonces (at least a second). */
  constructor(
    private readonly generationSeconds: number,
    now: number,
  ) {
    this.newestStartedAt = now;
  }

  /** How many fingerprints are held, expired ones included until their generation is dropped. */
  get held(): number {
    return this.generations.reduce((sum, generation) => sum + generation.used, 0);
  }

  /** Whether a nonce of this tenant is held and unexpired at `now` (unix seconds). */
  has(tenantId: string, nonce: string, now: number): boolean {
    return this.holds(fingerprintOf(tenantId, nonce, this.seed), now);
  }

  /** Holds a nonce until `expiresAt` (unix seconds), and forgets generations that expired entirely. */
  add(tenantId: string, nonce: string, expiresAt: number, now: number): void {
    this.put(fingerprintOf(tenantId, nonce, this.seed), expiresAt, now);
  }

  /** {@link has} and, when it is not held, {@link add}, hashing the nonce once: false when it is held already. */
  remember(tenantId: string, nonce: string, expiresAt: number, now: number): boolean {
    const fingerprint = fingerprintOf(tenantId, nonce, this.seed);
    if (this.holds(fingerprint, now)) return false;
    this.put(fingerprint, expiresAt, now);
    return true;
  }

  private holds(fingerprint: number, now: number): boolean {
    return this.generations.some((generation) => generation.expiryOf(fingerprint) >= now);
  }

  private put(fingerprint: number, expiresAt: number, now: number): void {
    let newest = this.generations[this.generations.length - 1]!;
    if (now - this.newestStartedAt >= Math.max(1, this.generationSeconds) || !newest.hasRoom) {
      newest = new FingerprintTable();
      this.generations = [...this.generations.filter((generation) => generation.latestExpiry >= now), newest];
      this.newestStartedAt = now;
    }
    newest.put(fingerprint, expiresAt);
  }
}

/**
 * cyrb53 (bryc, public domain) over the tenant, a separator and the nonce, never 0 (the empty slot). A fast
 * non-cryptographic hash: nonces are recorded only after their signature verified, so only a tenant can add its own,
 * and the per-process seed leaves no way to aim at another tenant's.
 */
function fingerprintOf(tenantId: string, nonce: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  const separator = tenantId.length;
  const length = separator + 1 + nonce.length;
  for (let i = 0; i < length; i++) {
    const code = i < separator ? tenantId.charCodeAt(i) : i === separator ? 0 : nonce.charCodeAt(i - separator - 1);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0) || 1;
}
