import type { Router } from "express";
import { contractRouter, type ContractHandler } from "./contract-router.js";
import type { GrantService } from "../../domain/free-spins/grant-service.js";
import type { OperatorChanges } from "../../domain/tenants/operator-changes.js";
import { toGrantResponse } from "../grant-response.js";
import { actingOf, callerOf } from "../caller.js";

export interface FreeSpinRouteDeps {
  grants: GrantService;
  changes: OperatorChanges;
}

/** Operator free-spin routes (spec B.4–B.7). Ids are checked as UUIDs by the OpenAPI validator (400). */
export function freeSpinRoutes(deps: FreeSpinRouteDeps): Router {
  const router = contractRouter();
  router.post("/v1/operator/free-spins/grants", (async (req, res) => {
    res.json(toGrantResponse(await deps.changes.issueGrant(actingOf(res), req.body)));
  }) satisfies ContractHandler<"issueGrant">);
  router.get("/v1/operator/free-spins/grants", (async (req, res) => {
    const { rows, nextCursor } = await deps.grants.list(callerOf(res).tenantId, req.query);
    // The contract's answer is the grants themselves; the next page's cursor rides in a header.
    if (nextCursor !== null) res.setHeader("X-Next-Cursor", nextCursor);
    res.json(rows.map(toGrantResponse));
  }) satisfies ContractHandler<"listGrants">);
  router.get("/v1/operator/free-spins/grants/:id", (async (req, res) => {
    res.json(toGrantResponse(await deps.grants.get(callerOf(res).tenantId, req.params.id)));
  }) satisfies ContractHandler<"getGrant">);
  router.post("/v1/operator/free-spins/grants/:id/cancel", (async (req, res) => {
    res.json(toGrantResponse(await deps.changes.cancelGrant(actingOf(res), req.params.id)));
  }) satisfies ContractHandler<"cancelGrant">);
  router.get("/v1/operator/free-spins/campaigns", (async (_req, res) => {
    res.json(
      deps.grants
        .usableCampaigns(callerOf(res).tenantId)
        .map((c) => ({
          id: c.id,
          gameId: c.gameId,
          spins: c.spins,
          betAmountMinor: c.betAmountMinor,
          currency: c.currency,
          validUntil: c.validUntil === undefined ? null : new Date(c.validUntil).toISOString(),
        })),
    );
  }) satisfies ContractHandler<"listCampaigns">);
  return router;
}
