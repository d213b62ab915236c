import { mintReplayToken } from "@croupier/signing";
import type { Catalogue } from "./catalogue.js";
import { badRequest, notFound } from "./errors.js";
import type { TenantDirectory } from "./tenant-directory.js";

/** Who played a round, as the platform's money movements record it. */
export interface RoundOwner {
  providerId: string;
  playerRef: string;
}

/** Finds a round from its transactions; scoped to the operator, so another operator's round is simply absent. */
export interface RoundLookup {
  roundOwner(operatorId: string, gameId: string, roundId: string): RoundOwner | undefined;
}

/** RoundReplayRequestBody of the spec. */
export interface ReplayRequest {
  roundId: string;
  gameId: string;
}

/**
 * Round replay links (spec B.3, decisions §2): `replayBaseUrl?token=<replay token>`, the token self-contained,
 * signed with the provider's current secret, naming exactly one round and expiring after `replayLinkSeconds`.
 */
export class ReplayService {
  constructor(
    private readonly rounds: RoundLookup,
    private readonly catalogue: Catalogue,
    private readonly tenants: TenantDirectory,
    private readonly replayLinkSeconds: number,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /**
   * 400 for a missing field; 404 when the operator has no transaction in that (gameId, roundId), checked first
   * so that a 400 about replay support is only ever said of the caller's own round; 400 when the game has no
   * replay page.
   */
  replayUrl(operatorId: string, request: ReplayRequest): string {
    if (!request.roundId || !request.gameId) throw badRequest("roundId and gameId are required");
    const owner = this.rounds.roundOwner(operatorId, request.gameId, request.roundId);
    if (!owner) throw notFound("round not found");
    const base = this.catalogue.game(request.gameId)?.game.replayBaseUrl ?? "";
    if (base === "") throw badRequest(`game ${request.gameId} does not support round replay`);
    const token = mintReplayToken(this.tenants.currentSecret(owner.providerId), {
      roundId: request.roundId,
      gameId: request.gameId,
      playerRef: owner.playerRef,
      operatorId,
      providerId: owner.providerId,
      exp: this.nowSeconds() + this.replayLinkSeconds,
    });
    return `${base}${base.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;
  }
}
