import type { Router } from "express";
import type { WalletService } from "../../domain/money/wallet-service.js";
import { callerOf, pendingNonceOf } from "../caller.js";
import { rawTextOf } from "../json-body.js";
import { contractRouter, type ContractHandler } from "./contract-router.js";

/** The provider wallet API's paths (spec A). */
export const WALLET_PATHS = ["/v1/wallet/session/verify", "/v1/wallet/balance", "/v1/wallet/transaction"] as const;

/** The path whose nonce is recorded with the transaction's claim rather than by the pipeline (authenticate.ts). */
export const TRANSACTION_PATH = "/v1/wallet/transaction";

/** Whether a request path is one of the provider wallet API's. */
export const isWalletPath = (path: string): boolean => (WALLET_PATHS as readonly string[]).includes(path);

export interface WalletRouteDeps {
  wallet: WalletService;
}

/** The provider wallet API (spec A): session verify, live balance, and the money path. */
export function walletRoutes(deps: WalletRouteDeps): Router {
  const router = contractRouter();
  router.post("/v1/wallet/session/verify", (async (req, res) => {
    res.json(await deps.wallet.verify(callerOf(res).tenantId, req.body.sessionToken));
  }) satisfies ContractHandler<"verifySession">);
  router.post("/v1/wallet/balance", (async (req, res) => {
    // The operator's answer, verbatim (spec A.3): its text as sent, not the contract's object re-serialised.
    res.type("application/json").end(await deps.wallet.balance(callerOf(res).tenantId, req.body.sessionToken));
  }) satisfies ContractHandler<"getBalance">);
  router.post(TRANSACTION_PATH, (async (req, res) => {
    const call = { providerId: callerOf(res).tenantId, body: req.body, rawBody: rawTextOf(res), nonce: pendingNonceOf(res) };
    res.json(await deps.wallet.transaction(call));
  }) satisfies ContractHandler<"postTransaction">);
  return router;
}
