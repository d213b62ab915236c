import type { Router } from "express";
import { contractRouter, type ContractHandler } from "./contract-router.js";
import { checkCallbackUrl } from "../../domain/callback-url-policy.js";
import type { HostResolver } from "../../common/addresses.js";
import type { TenantDirectory } from "../../domain/tenant-directory.js";
import type { WalletTestCall } from "../../domain/wallet-test-call.js";
import { callerOf } from "../authenticate.js";

/** Operator self-service portal (spec E): set the callback URL, rotate the secret, send the wallet a test call. */
export function portalRoutes(deps: {
  tenants: TenantDirectory;
  walletTestCall: WalletTestCall;
  allowPrivateCallbackAddresses: boolean;
  resolveHost?: HostResolver;
}): Router {
  const router = contractRouter();
  router.post("/portal/api/callback-url", (async (req, res) => {
    const checked = await checkCallbackUrl(req.body.callbackUrl, deps.allowPrivateCallbackAddresses, deps.resolveHost);
    res.json(await deps.tenants.setCallbackUrl(callerOf(res).tenantId, checked));
  }) satisfies ContractHandler<"setCallbackUrl">);
  router.post("/portal/api/rotate-secret", (async (_req, res) => {
    res.json(await deps.tenants.rotateSecret(callerOf(res).tenantId));
  }) satisfies ContractHandler<"rotateSecret">);
  router.post("/portal/api/revoke-previous-secret", (async (_req, res) => {
    res.json(await deps.tenants.revokePreviousSecret(callerOf(res).tenantId));
  }) satisfies ContractHandler<"revokePreviousSecret">);
  router.post("/portal/api/test-call", (async (req, res) => {
    res.json(await deps.walletTestCall.run(callerOf(res).tenantId, req.body.playerRef));
  }) satisfies ContractHandler<"testWalletCall">);
  return router;
}
