import { sign } from "@croupier/signing";
import type { BenchIdentity, Signer } from "./bench-identity.js";
import type { SignedCall, Workload } from "./load-generator.js";

/** A player the loader plays as; `sessionToken` is a real one for the service, a placeholder elsewhere. */
export interface BenchPlayer {
  playerRef: string;
  sessionToken: string;
}

/** The stake of every BET and the amount of every WIN: equal, so balances never drift towards a decline. */
export const STAKE_MINOR = 100;

/** Builds one call and signs it now, the way a provider or operator client does. */
export function signedCall(signer: Signer, method: SignedCall["method"], path: string, body?: unknown): SignedCall {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { ...sign({ secret: signer.secret, tenantId: signer.tenantId, method, target: path, body: text ?? "" }) };
  if (text !== undefined) headers["content-type"] = "application/json";
  return { method, path, headers, ...(text === undefined ? {} : { body: text }) };
}

function playerFor(players: readonly BenchPlayer[], seq: number): BenchPlayer {
  const player = players[seq % players.length];
  if (player === undefined) throw new Error("a workload needs at least one player");
  return player;
}

function jsonField(body: string, field: string): unknown {
  try {
    return (JSON.parse(body) as Record<string, unknown>)[field];
  } catch {
    return undefined;
  }
}

/**
 * BET then WIN (roundComplete) of one round, posted to `POST /v1/wallet/transaction`: the same body for the
 * wallet, the bare proxy and the service. `tag` keeps transaction and round ids unique across phases.
 */
export function transactionPairs(identity: BenchIdentity, signer: Signer, players: readonly BenchPlayer[], tag: string): Workload {
  return {
    callsPerUnit: 2,
    call(seq, step) {
      const player = playerFor(players, seq);
      const isBet = step === 0;
      return signedCall(signer, "POST", "/v1/wallet/transaction", {
        transactionId: `${tag}-${seq}-${isBet ? "bet" : "win"}`,
        sessionToken: player.sessionToken,
        type: isBet ? "BET" : "WIN",
        roundId: `${tag}-${seq}`,
        ...(isBet ? {} : { roundComplete: true }),
        playerRef: player.playerRef,
        amount: STAKE_MINOR,
        currency: identity.currency,
        gameId: identity.gameId,
      });
    },
    accept: (status, body) => status === 200 && jsonField(body, "status") === "OK",
  };
}

/** The wallet's own balance callback, `GET /v1/wallet/balance?playerRef=` (direct and through the bare proxy). */
export function walletBalanceQueries(signer: Signer, players: readonly BenchPlayer[]): Workload {
  return {
    callsPerUnit: 1,
    call: (seq) => signedCall(signer, "GET", `/v1/wallet/balance?playerRef=${encodeURIComponent(playerFor(players, seq).playerRef)}`),
    accept: (status, body) => status === 200 && typeof jsonField(body, "balance") === "number",
  };
}

/** The service's provider balance call, `POST /v1/wallet/balance`, forwarded live to the wallet. */
export function serviceBalanceQueries(signer: Signer, players: readonly BenchPlayer[]): Workload {
  return {
    callsPerUnit: 1,
    call: (seq) => signedCall(signer, "POST", "/v1/wallet/balance", { sessionToken: playerFor(players, seq).sessionToken }),
    accept: (status, body) => status === 200 && typeof jsonField(body, "balance") === "number",
  };
}

/** The service's `POST /v1/wallet/session/verify`, answered from its own session table. */
export function sessionVerifications(signer: Signer, players: readonly BenchPlayer[]): Workload {
  return {
    callsPerUnit: 1,
    call: (seq) => signedCall(signer, "POST", "/v1/wallet/session/verify", { sessionToken: playerFor(players, seq).sessionToken }),
    accept: (status) => status === 200,
  };
}

/** The operator's `POST /v1/operator/games/launch` (REAL mode): each call creates a session. */
export function operatorLaunches(identity: BenchIdentity, signer: Signer, playerRefs: readonly string[]): Workload {
  return {
    callsPerUnit: 1,
    call: (seq) =>
      signedCall(signer, "POST", "/v1/operator/games/launch", {
        playerRef: playerRefs[seq % playerRefs.length],
        gameId: identity.gameId,
        currency: identity.currency,
        mode: "REAL",
      }),
    accept: (status, body) => status === 200 && typeof jsonField(body, "sessionToken") === "string",
  };
}
