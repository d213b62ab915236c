import type { Router } from "express";
import { contractRouter, type ContractHandler } from "./contract-router.js";
import type { Catalogue } from "../../domain/catalogue.js";
import type { SessionService } from "../../domain/session-service.js";
import { callerOf } from "../authenticate.js";

/** Operator API: list games, launch, kick (spec B.1, B.2). */
export function operatorRoutes(deps: { catalogue: Catalogue; sessions: SessionService }): Router {
  const router = contractRouter();
  router.get("/v1/operator/games", ((_req, res) => {
    res.json(deps.catalogue.summariesFor(callerOf(res).tenantId));
  }) satisfies ContractHandler<"listGames">);
  router.post("/v1/operator/games/launch", (async (req, res) => {
    res.json(await deps.sessions.launch(callerOf(res).tenantId, req.body));
  }) satisfies ContractHandler<"launchGame">);
  router.post("/v1/operator/players/kick", (async (req, res) => {
    res.json({ revokedCount: await deps.sessions.kick(callerOf(res).tenantId, req.body.playerRef) });
  }) satisfies ContractHandler<"kickPlayer">);
  return router;
}
