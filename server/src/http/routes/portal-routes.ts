import type { Router } from "express";
import { contractRouter, type ContractHandler } from "./contract-router.js";
import type { OperatorChanges } from "../../domain/tenants/operator-changes.js";
import { actingOf } from "../caller.js";

export interface PortalRouteDeps {
  changes: OperatorChanges;
}

/** Operator self-service portal (spec E): set the callback URL, rotate the secret, send the wallet a test call. */
export function portalRoutes(deps: PortalRouteDeps): Router {
  const router = contractRouter();
  router.post("/portal/api/callback-url", (async (req, res) => {
    res.json(await deps.changes.setCallbackUrl(actingOf(res), req.body.callbackUrl));
  }) satisfies ContractHandler<"setCallbackUrl">);
  router.post("/portal/api/rotate-secret", (async (_req, res) => {
    res.json(await deps.changes.rotateSecret(actingOf(res)));
  }) satisfies ContractHandler<"rotateSecret">);
  router.post("/portal/api/revoke-previous-secret", (async (_req, res) => {
    res.json(await deps.changes.revokePreviousSecret(actingOf(res)));
  }) satisfies ContractHandler<"revokePreviousSecret">);
  router.post("/portal/api/test-call", (async (req, res) => {
    res.json(await deps.changes.testCall(actingOf(res), req.body.playerRef));
  }) satisfies ContractHandler<"testWalletCall">);
  return router;
}
