import type { Router } from "express";
import type { MonitoringService } from "../../domain/back-office/monitoring-service.js";
import type { LedgerService } from "../../domain/reconciliation/ledger-service.js";
import type { ProblemService } from "../../domain/reconciliation/problem-service.js";
import type { ProviderChanges } from "../../domain/studio/provider-changes.js";
import type { StudioService } from "../../domain/studio/studio-service.js";
import { actingOf, callerOf } from "../caller.js";
import { contractRouter, type ContractHandler } from "./contract-router.js";
import { toGrantResponse } from "../grant-response.js";

export interface StudioRouteDeps {
  studio: StudioService;
  changes: ProviderChanges;
  /** The audit log's reader: a provider's entries are kept under its own id. */
  problems: ProblemService;
  /** The operators' ledger reads, with the provider's scope. */
  ledger: LedgerService;
  monitoring: MonitoringService;
}

/**
 * The studio's side (the OpenAPI's Studio tag): the calling provider's transactions, rounds and sessions at every
 * operator, its webhook deliveries and their re-send, the grants issued to it, its audit log, and its portal (webhook
 * URL, test webhook, secret).
 */
export function studioRoutes(deps: StudioRouteDeps): Router {
  const router = contractRouter();
  router.get("/v1/provider/webhook-deliveries", (async (req, res) => {
    res.json(await deps.studio.deliveries(callerOf(res).tenantId, req.query));
  }) satisfies ContractHandler<"listWebhookDeliveries">);
  router.get("/v1/provider/webhook-deliveries/:id", (async (req, res) => {
    res.json(await deps.studio.delivery(callerOf(res).tenantId, req.params.id));
  }) satisfies ContractHandler<"getWebhookDelivery">);
  router.post("/v1/provider/webhook-deliveries/:id/resend", (async (req, res) => {
    res.json(await deps.changes.resend(actingOf(res), req.params.id));
  }) satisfies ContractHandler<"resendWebhookDelivery">);
  router.get("/v1/provider/free-spins/grants", (async (req, res) => {
    const { rows, nextCursor } = await deps.studio.grants(callerOf(res).tenantId, req.query);
    res.json({ items: rows.map(toGrantResponse), nextCursor });
  }) satisfies ContractHandler<"listProviderGrants">);
  router.get("/v1/provider/free-spins/grants/:id", (async (req, res) => {
    res.json(toGrantResponse(await deps.studio.grant(callerOf(res).tenantId, req.params.id)));
  }) satisfies ContractHandler<"getProviderGrant">);
  router.get("/v1/provider/transactions", (async (req, res) => {
    res.json(await deps.ledger.listTransactions({ providerId: callerOf(res).tenantId }, req.query));
  }) satisfies ContractHandler<"listProviderTransactions">);
  router.get("/v1/provider/transactions/:transactionId", (async (req, res) => {
    const providerId = callerOf(res).tenantId;
    res.json(await deps.ledger.transaction({ providerId }, providerId, req.params.transactionId));
  }) satisfies ContractHandler<"getProviderTransaction">);
  router.get("/v1/provider/rounds/:operatorId/:gameId/:roundId", (async (req, res) => {
    const { operatorId, gameId, roundId } = req.params;
    res.json(await deps.ledger.round(operatorId, gameId, roundId, callerOf(res).tenantId));
  }) satisfies ContractHandler<"getProviderRound">);
  router.get("/v1/provider/sessions", (async (req, res) => {
    res.json(await deps.monitoring.listSessions({ providerId: callerOf(res).tenantId }, req.query));
  }) satisfies ContractHandler<"listProviderSessions">);
  router.get("/v1/provider/audit-log", (async (req, res) => {
    res.json(await deps.problems.auditLog(callerOf(res).tenantId, req.query));
  }) satisfies ContractHandler<"listProviderAuditLog">);
  router.get("/v1/provider/portal/settings", ((_req, res) => {
    res.json(deps.changes.settings(callerOf(res).tenantId));
  }) satisfies ContractHandler<"getStudioSettings">);
  router.post("/v1/provider/portal/webhook-url", (async (req, res) => {
    res.json(await deps.changes.setWebhookUrl(actingOf(res), req.body.webhookUrl));
  }) satisfies ContractHandler<"setWebhookUrl">);
  router.post("/v1/provider/portal/test-webhook", (async (_req, res) => {
    res.json(await deps.changes.testWebhook(actingOf(res)));
  }) satisfies ContractHandler<"sendTestWebhook">);
  router.post("/v1/provider/portal/rotate-secret", (async (_req, res) => {
    res.json(await deps.changes.rotateSecret(actingOf(res)));
  }) satisfies ContractHandler<"rotateProviderSecret">);
  router.post("/v1/provider/portal/revoke-previous-secret", (async (_req, res) => {
    res.json(await deps.changes.revokePreviousSecret(actingOf(res)));
  }) satisfies ContractHandler<"revokePreviousProviderSecret">);
  return router;
}
