import type { ServiceSchemas } from "@croupier/contract";
import { mintReplayToken } from "@croupier/signing";
import { randomBytes } from "node:crypto";
import type { Catalogue } from "../tenants/catalogue.js";
import type { RoundLookup } from "../ports/round-lookup.js";
import { badRequest, notFound } from "../errors.js";
import type { TenantDirectory } from "../tenants/tenant-directory.js";

/** RoundReplayRequestBody of the spec. */
export type ReplayRequest = ServiceSchemas["RoundReplayRequestBody"];

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
   * A replay link, or a refusal: a game without a replay page says so (it is public in the game list), and a round the
   * operator has no transaction in is not found, as is another operator's or another game's.
   */
  async replayUrl(operatorId: string, request: ReplayRequest): Promise<string> {
    if (!request.roundId || !request.gameId) throw badRequest("roundId and gameId are required");
    const game = this.catalogue.visibleGame(operatorId, request.gameId)?.game;
    if (game && game.replayBaseUrl === "") throw badRequest(`game ${request.gameId} does not support round replay`);
    const owner = await this.rounds.roundOwner(operatorId, request.gameId, request.roundId);
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
      // Every request mints a fresh link (spec B.3), even two within one second.
      jti: randomBytes(12).toString("base64url"),
    });
    return `${base}${base.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;
  }
}
