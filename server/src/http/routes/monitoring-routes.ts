import type { Router } from "express";
import type { MonitoringService } from "../../domain/back-office/monitoring-service.js";
import { callerOf } from "../caller.js";
import { contractRouter, type ContractHandler } from "./contract-router.js";

export interface MonitoringRouteDeps {
  monitoring: MonitoringService;
}

/** Monitoring (the OpenAPI's Monitoring tag): the operator's players' sessions and its last hour's figures. */
export function monitoringRoutes(deps: MonitoringRouteDeps): Router {
  const router = contractRouter();
  router.get("/v1/operator/sessions", (async (req, res) => {
    res.json(await deps.monitoring.listSessions({ operatorId: callerOf(res).tenantId }, req.query));
  }) satisfies ContractHandler<"listSessions">);
  router.get("/v1/operator/overview", (async (_req, res) => {
    res.json(await deps.monitoring.overview(callerOf(res).tenantId));
  }) satisfies ContractHandler<"getOverview">);
  return router;
}
