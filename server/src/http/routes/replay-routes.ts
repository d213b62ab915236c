import type { Router } from "express";
import { contractRouter, type ContractHandler } from "./contract-router.js";
import type { ReplayService } from "../../domain/sessions/replay-service.js";
import { callerOf } from "../caller.js";

export interface ReplayRouteDeps {
  replays: ReplayService;
}

/** Operator round replay (spec B.3). */
export function replayRoutes(deps: ReplayRouteDeps): Router {
  const router = contractRouter();
  router.post("/v1/operator/rounds/replay", (async (req, res) => {
    res.json({ replayUrl: await deps.replays.replayUrl(callerOf(res).tenantId, req.body) });
  }) satisfies ContractHandler<"replayRound">);
  return router;
}
