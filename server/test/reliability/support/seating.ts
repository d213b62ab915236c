import { launchSession } from "../../wallet-harness.js";
import type { SeatedPlayer } from "./game-play.js";

/** Launches one REAL starfall session in EUR per player, as op-acme, and returns them seated. */
export async function seatPlayers(baseUrl: string, playerRefs: readonly string[]): Promise<SeatedPlayer[]> {
  const seated: SeatedPlayer[] = [];
  for (const playerRef of playerRefs) {
    seated.push({ playerRef, sessionToken: await launchSession(baseUrl, { playerRef }), gameId: "starfall", currency: "EUR" });
  }
  return seated;
}

/** Waits until `check` returns true, polling; throws with `what` after `timeoutMs`. */
export async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, pollMs = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
