import { randomUUID } from "node:crypto";

/** One free-spin batch as the mock studio keeps it. */
export interface FreeSpinBatch {
  /** The studio's own id for the batch, returned to the platform as `externalRef`. */
  externalRef: string;
  /** The platform's grant id; a repeat grant call with the same one gets the same batch. */
  requestRef: string;
  providerId: string;
  playerRef: string;
  gameId: string;
  currency: string;
  betAmountMinor: number;
  spins: number;
  spinsTaken: number;
  /** Set by a cancel: the spins not taken by then are void. */
  cancelled: boolean;
}

/** What one free spin produced: a win the game reports as a normal WIN. */
export interface FreeSpinOutcome {
  batch: FreeSpinBatch;
  /** 1-based number of this spin within the batch. */
  spinNumber: number;
  winAmount: number;
}

/** Why a spin or lookup could not happen; `status` is the HTTP status the dev route answers. */
export class BatchError extends Error {
  override readonly name = "BatchError";
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** Win multipliers of successive spins (in stakes): deterministic, so the demo's output is stable. */
const WIN_MULTIPLIERS = [2, 0, 6, 1, 0, 3, 0, 10, 0, 1];

/**
 * The mock studio's free-spin bookkeeping, in memory (spec D): grants deduplicated on requestRef,
 * status and cancel by externalRef, and the spins a game plays from a batch. Money never moves here:
 * a spin's win is reported by the game as a WIN through the wallet API (spec D.5).
 */
export class FreeSpinBatches {
  private readonly byExternalRef = new Map<string, FreeSpinBatch>();
  private readonly byRequestRef = new Map<string, FreeSpinBatch>();

  /** Records a batch, or returns the one already granted for this requestRef (the platform may resend). */
  grant(
    providerId: string,
    request: { requestRef: string; playerRef: string; gameId: string; spins: number; betAmountMinor: number; currency: string },
  ): FreeSpinBatch {
    const key = `${providerId}\n${request.requestRef}`;
    const existing = this.byRequestRef.get(key);
    if (existing) return existing;
    const batch: FreeSpinBatch = {
      externalRef: `fs-${randomUUID()}`,
      requestRef: request.requestRef,
      providerId,
      playerRef: request.playerRef,
      gameId: request.gameId,
      currency: request.currency,
      // 0 means "the studio's default stake" (spec D): the mock's default is 10 minor units.
      betAmountMinor: request.betAmountMinor > 0 ? request.betAmountMinor : 10,
      spins: request.spins,
      spinsTaken: 0,
      cancelled: false,
    };
    this.byRequestRef.set(key, batch);
    this.byExternalRef.set(batch.externalRef, batch);
    return batch;
  }

  /** Spins still playable: none once cancelled, whatever was left. */
  remaining(batch: FreeSpinBatch): number {
    return batch.cancelled ? 0 : batch.spins - batch.spinsTaken;
  }

  /** The batch of a provider by its externalRef, checked against the player and game the platform names. */
  find(providerId: string, request: { externalRef: string; playerRef?: string; gameId?: string }): FreeSpinBatch {
    const batch = this.byExternalRef.get(request.externalRef);
    const matches =
      batch !== undefined &&
      batch.providerId === providerId &&
      (request.playerRef === undefined || batch.playerRef === request.playerRef) &&
      (request.gameId === undefined || batch.gameId === request.gameId);
    if (!matches) throw new BatchError(404, `no free-spin batch ${request.externalRef} for this player and game`);
    return batch;
  }

  /** Voids the remaining spins; spins already taken stand. Repeating it is harmless. */
  cancel(batch: FreeSpinBatch): void {
    batch.cancelled = true;
  }

  /** Plays the next spin of a batch, or refuses when none is left. */
  spin(externalRef: string): FreeSpinOutcome {
    const batch = this.byExternalRef.get(externalRef);
    if (!batch) throw new BatchError(404, `no free-spin batch ${externalRef}`);
    if (this.remaining(batch) === 0) throw new BatchError(409, batch.cancelled ? "batch cancelled: remaining spins are void" : "no spins left");
    batch.spinsTaken += 1;
    const multiplier = WIN_MULTIPLIERS[(batch.spinsTaken - 1) % WIN_MULTIPLIERS.length] ?? 0;
    return { batch, spinNumber: batch.spinsTaken, winAmount: multiplier * batch.betAmountMinor };
  }

  /** Every batch, optionally of one player, oldest first. */
  list(playerRef?: string): FreeSpinBatch[] {
    return [...this.byExternalRef.values()].filter((batch) => playerRef === undefined || batch.playerRef === playerRef);
  }
}
