import type { ServiceSchemas } from "@croupier/contract";
import type { Router } from "express";
import { contractRouter, type ContractHandler } from "./contract-router.js";
import type { GrantService } from "../../domain/grant-service.js";
import type { GrantRecord } from "../../domain/ports/grants.js";
import { callerOf } from "../authenticate.js";

/** Operator free-spin routes (spec B.4–B.7). Ids are checked as UUIDs by the OpenAPI validator (400). */
export function freeSpinRoutes(deps: { grants: GrantService }): Router {
  const router = contractRouter();
  router.post("/v1/operator/free-spins/grants", (async (req, res) => {
    res.json(toGrantResponse(await deps.grants.issue(callerOf(res).tenantId, req.body)));
  }) satisfies ContractHandler<"issueGrant">);
  router.get("/v1/operator/free-spins/grants", (async (req, res) => {
    res.json((await deps.grants.list(callerOf(res).tenantId, req.query.playerRef)).map(toGrantResponse));
  }) satisfies ContractHandler<"listGrants">);
  router.get("/v1/operator/free-spins/grants/:id", (async (req, res) => {
    res.json(toGrantResponse(await deps.grants.get(callerOf(res).tenantId, req.params.id)));
  }) satisfies ContractHandler<"getGrant">);
  router.post("/v1/operator/free-spins/grants/:id/cancel", (async (req, res) => {
    res.json(toGrantResponse(await deps.grants.cancel(callerOf(res).tenantId, req.params.id)));
  }) satisfies ContractHandler<"cancelGrant">);
  return router;
}

/** GrantResponseBody: optional fields are omitted, never null; externalRef appears once the provider accepted. */
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
