import type { ServiceSchemas } from "@croupier/contract";
import type { GrantRecord } from "../domain/ports/grants.js";

/**
 * GrantResponseBody, as the API answers and `admin issue-grant` prints it: optional fields are omitted, never null;
 * externalRef appears once the provider accepted. Outside the routes, so the admin tool loads no HTTP framework.
 */
export function toGrantResponse(grant: GrantRecord): ServiceSchemas["GrantResponseBody"] {
  return {
    id: grant.id,
    ...(grant.campaignId === null ? {} : { campaignId: grant.campaignId }),
    operatorId: grant.operatorId,
    providerId: grant.providerId,
    gameId: grant.gameId,
    playerRef: grant.playerRef,
    spins: grant.spins,
    betAmountMinor: grant.betAmountMinor,
    currency: grant.currency,
    ...(grant.externalRef === null ? {} : { externalRef: grant.externalRef }),
    status: grant.status,
    idempotencyKey: grant.idempotencyKey,
    ...(grant.expiresAt === null ? {} : { expiresAt: grant.expiresAt }),
    ...(grant.lastError === null ? {} : { lastError: grant.lastError }),
    createdAt: grant.createdAt,
    updatedAt: grant.updatedAt,
  };
}
