import type { IncomingMessage, ServerResponse } from "node:http";
import { ReplayTokenError, verifyReplayToken } from "@croupier/sdk-provider";
import type { TenantCredentials } from "../sandbox-config.js";
import { BatchError, type FreeSpinBatch, type FreeSpinBatches } from "./free-spin-batches.js";
import { replyJson } from "./json-reply.js";
import type { Revocation, StudioFaults } from "./provider-webhooks.js";

/** What the studio's own (unsigned) routes read. */
export interface StudioState {
  providers: readonly TenantCredentials[];
  batches: FreeSpinBatches;
  revocations: readonly Revocation[];
  faults: StudioFaults;
}

function describeBatch(batches: FreeSpinBatches, batch: FreeSpinBatch) {
  return { ...batch, remainingSpins: batches.remaining(batch) };
}

/**
 * Checks a replay link's token offline, as a real studio's replay page would: the platform signs it
 * with the owning provider's secret, so try each provider and insist the token names that provider.
 */
function replayClaims(token: string, providers: readonly TenantCredentials[]) {
  let failure: ReplayTokenError | undefined;
  for (const provider of providers) {
    try {
      const claims = verifyReplayToken(token, [provider.secret]);
      if (claims.providerId === provider.id) return claims;
    } catch (error) {
      if (!(error instanceof ReplayTokenError)) throw error;
      // "expired" or "malformed" says more than the "bad-signature" of the other providers' secrets.
      if (!failure || failure.reason === "bad-signature") failure = error;
    }
  }
  throw failure ?? new ReplayTokenError("bad-signature");
}

/**
 * The mock studio's own routes, which a real studio would have in some form: its game page (the launch
 * URL), its replay page (checks the platform's replay token), and developer views of the free-spin
 * batches and revocations, plus the spin a game plays from a batch. No signature: bind to loopback.
 *
 * @returns false when the request is for none of these routes
 */
export function serveStudioRoute(request: IncomingMessage, response: ServerResponse, state: StudioState): boolean {
  const url = new URL(request.url ?? "/", "http://provider.invalid");
  const method = request.method ?? "GET";
  const segments = url.pathname.split("/").filter(Boolean);
  if (method === "GET" && url.pathname === "/healthz") {
    replyJson(response, 200, { status: "ok" });
  } else if (method === "GET" && segments[0] === "games" && segments.length === 2) {
    // The launch URL lands here; the session token is deliberately not echoed back.
    replyJson(response, 200, { game: segments[1], mode: url.searchParams.get("mode") ?? "REAL", hasSessionToken: url.searchParams.has("token") });
  } else if (method === "GET" && url.pathname === "/replay") {
    try {
      const claims = replayClaims(url.searchParams.get("token") ?? "", state.providers);
      replyJson(response, 200, {
        replay: { roundId: claims.roundId, gameId: claims.gameId, playerRef: claims.playerRef, providerId: claims.providerId },
      });
    } catch (error) {
      if (!(error instanceof ReplayTokenError)) throw error;
      replyJson(response, 403, { error: error.message });
    }
  } else if (method === "GET" && url.pathname === "/free-spins") {
    const playerRef = url.searchParams.get("playerRef") ?? undefined;
    replyJson(response, 200, { batches: state.batches.list(playerRef).map((batch) => describeBatch(state.batches, batch)) });
  } else if (method === "POST" && segments[0] === "free-spins" && segments[2] === "spin" && segments.length === 3) {
    try {
      const outcome = state.batches.spin(decodeURIComponent(segments[1] ?? ""));
      replyJson(response, 200, { spinNumber: outcome.spinNumber, winAmount: outcome.winAmount, batch: describeBatch(state.batches, outcome.batch) });
    } catch (error) {
      if (!(error instanceof BatchError)) throw error;
      replyJson(response, error.status, { error: error.message });
    }
  } else if (method === "GET" && url.pathname === "/revocations") {
    replyJson(response, 200, { revocations: state.revocations });
  } else if (method === "POST" && url.pathname === "/control/faults") {
    // ?refuseGrants=true answers every grant webhook 503 until ?refuseGrants=false: a failed webhook to look at.
    state.faults.refuseGrants = url.searchParams.get("refuseGrants") === "true";
    replyJson(response, 200, { ...state.faults });
  } else {
    return false;
  }
  return true;
}
