import type { Router } from "express";
import { contractRouter, type ContractHandler } from "./contract-router.js";
import type { Catalogue } from "../../domain/tenants/catalogue.js";
import type { OperatorChanges } from "../../domain/tenants/operator-changes.js";
import type { SessionService } from "../../domain/sessions/session-service.js";
import { actingOf, callerOf } from "../caller.js";

export interface OperatorRouteDeps {
  catalogue: Catalogue;
  sessions: SessionService;
  changes: OperatorChanges;
}

/** Operator API: list games, launch, kick (spec B.1, B.2). */
export function operatorRoutes(deps: OperatorRouteDeps): Router {
  const router = contractRouter();
  router.get("/v1/operator/games", ((_req, res) => {
    res.json(deps.catalogue.summariesFor(callerOf(res).tenantId));
  }) satisfies ContractHandler<"listGames">);
  router.post("/v1/operator/games/launch", (async (req, res) => {
    res.json(await deps.sessions.launch(callerOf(res).tenantId, req.body));
  }) satisfies ContractHandler<"launchGame">);
  router.post("/v1/operator/players/kick", (async (req, res) => {
    res.json({ revokedCount: await deps.changes.kick(actingOf(res), req.body.playerRef) });
  }) satisfies ContractHandler<"kickPlayer">);
  return router;
}
