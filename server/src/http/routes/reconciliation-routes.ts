import type { Router } from "express";
import type { LedgerService } from "../../domain/reconciliation/ledger-service.js";
import type { ProblemService } from "../../domain/reconciliation/problem-service.js";
import { actingOf, callerOf } from "../caller.js";
import { contractRouter, type ContractHandler } from "./contract-router.js";

export interface ReconciliationRouteDeps {
  ledger: LedgerService;
  problems: ProblemService;
}

/** Reconciliation (the OpenAPI's Reconciliation tag): the operator's ledger, problems and audit log. */
export function reconciliationRoutes(deps: ReconciliationRouteDeps): Router {
  const router = contractRouter();
  router.get("/v1/operator/transactions", (async (req, res) => {
    res.json(await deps.ledger.listTransactions({ operatorId: callerOf(res).tenantId }, req.query));
  }) satisfies ContractHandler<"listTransactions">);
  router.get("/v1/operator/transactions/:providerId/:transactionId", (async (req, res) => {
    res.json(await deps.ledger.transaction({ operatorId: callerOf(res).tenantId }, req.params.providerId, req.params.transactionId));
  }) satisfies ContractHandler<"getTransaction">);
  router.get("/v1/operator/rounds/:gameId/:roundId", (async (req, res) => {
    res.json(await deps.ledger.round(callerOf(res).tenantId, req.params.gameId, req.params.roundId));
  }) satisfies ContractHandler<"getRound">);
  router.get("/v1/operator/problems", (async (req, res) => {
    res.json(await deps.problems.list(callerOf(res).tenantId, req.query));
  }) satisfies ContractHandler<"listProblems">);
  router.post("/v1/operator/problems/:id/resend", (async (req, res) => {
    res.json(await deps.problems.resend(actingOf(res), req.params.id));
  }) satisfies ContractHandler<"resendProblem">);
  router.post("/v1/operator/problems/:id/resolve", (async (req, res) => {
    res.json(await deps.problems.resolve(actingOf(res), req.params.id, req.body.note));
  }) satisfies ContractHandler<"resolveProblem">);
  router.get("/v1/operator/audit-log", (async (req, res) => {
    res.json(await deps.problems.auditLog(callerOf(res).tenantId, req.query));
  }) satisfies ContractHandler<"listAuditLog">);
  return router;
}
