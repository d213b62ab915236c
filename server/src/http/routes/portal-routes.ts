import type { Router } from "express";
import { contractRouter } from "./contract-router.js";
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
  router.post("/portal/api/callback-url", async (req, res) => {
    const { callbackUrl } = req.body as { callbackUrl: string };
    const checked = await checkCallbackUrl(callbackUrl, deps.allowPrivateCallbackAddresses, deps.resolveHost);
    res.json(await deps.tenants.setCallbackUrl(callerOf(res).tenantId, checked));
  });
  router.post("/portal/api/rotate-secret", async (_req, res) => {
    res.json(await deps.tenants.rotateSecret(callerOf(res).tenantId));
  });
  router.post("/portal/api/revoke-previous-secret", async (_req, res) => {
    res.json(await deps.tenants.revokePreviousSecret(callerOf(res).tenantId));
  });
  router.post("/portal/api/test-call", async (req, res) => {
    const { playerRef } = req.body as { playerRef: string };
    res.json(await deps.walletTestCall.run(callerOf(res).tenantId, playerRef));
  });
  return router;
}
