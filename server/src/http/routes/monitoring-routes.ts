import type { Router } from "express";
import type { MonitoringService, SessionListQuery } from "../../domain/monitoring-service.js";
import { callerOf } from "../authenticate.js";
import { contractRouter } from "./contract-router.js";

/** Monitoring (the OpenAPI's Monitoring tag): the operator's players' sessions and its last hour's figures. */
export function monitoringRoutes(deps: { monitoring: MonitoringService }): Router {
  const router = contractRouter();
  router.get("/v1/operator/sessions", async (req, res) => {
    res.json(await deps.monitoring.listSessions(callerOf(res).tenantId, req.query as SessionListQuery));
  });
  router.get("/v1/operator/overview", async (_req, res) => {
    res.json(await deps.monitoring.overview(callerOf(res).tenantId));
  });
  return router;
}
