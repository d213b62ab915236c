import { setTimeout as sleep } from "node:timers/promises";

/** A free-spin batch as the mock studio's `/free-spins` route lists it. */
export interface StudioBatch {
  externalRef: string;
  spins: number;
  spinsTaken: number;
  remainingSpins: number;
  cancelled: boolean;
}

/**
 * The mock game studio as the demo inspects it, through its unsigned read-only routes: did the
 * platform's webhooks (free-spin grant and cancel, session revoke) arrive and do what they should?
 */
export class StudioView {
  constructor(private readonly studioUrl: string) {}

  /** One batch of the player, or undefined when the studio holds no such batch. */
  async batch(playerRef: string, externalRef: string): Promise<StudioBatch | undefined> {
    const response = await fetch(`${this.studioUrl}/free-spins?playerRef=${encodeURIComponent(playerRef)}`);
    const { batches } = (await response.json()) as { batches: StudioBatch[] };
    return batches.find((batch) => batch.externalRef === externalRef);
  }

  /** Turns the mock studio's refusal of every grant webhook (503) on or off. */
  async refuseGrants(on: boolean): Promise<void> {
    const response = await fetch(`${this.studioUrl}/control/faults?refuseGrants=${on}`, { method: "POST" });
    if (!response.ok) throw new Error(`the mock studio's fault switch answered ${response.status}`);
  }

  /**
   * The first session revocation of the player, waiting up to `timeoutMs` for it: the platform sends the
   * revoke webhook after answering the kick (best effort), so it may land a moment later.
   */
  async revocation(playerRef: string, timeoutMs: number): Promise<{ reason: string } | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const response = await fetch(`${this.studioUrl}/revocations`);
      const { revocations } = (await response.json()) as { revocations: { playerRef: string; reason: string }[] };
      const found = revocations.find((revocation) => revocation.playerRef === playerRef);
      if (found || Date.now() >= deadline) return found;
      await sleep(50);
    }
  }
}
