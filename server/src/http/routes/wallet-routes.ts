import type { IRouter, Router } from "express";
import type { WalletService } from "../../domain/money/wallet-service.js";
import { callerOf, pendingNonceOf } from "../caller.js";
import { rawTextOf } from "../json-body.js";
import { contractRouter, type ContractHandler } from "./contract-router.js";

/** The provider wallet API's paths (spec A). */
export const WALLET_PATHS = ["/v1/wallet/session/verify", "/v1/wallet/balance", "/v1/wallet/transaction"] as const;

/** One of the provider wallet API's paths. */
export type WalletPath = (typeof WALLET_PATHS)[number];

/** The path whose nonce is recorded with the transaction's claim rather than by the pipeline (authenticate.ts). */
export const TRANSACTION_PATH = "/v1/wallet/transaction";

/** Whether a request path is one of the provider wallet API's. */
export const isWalletPath = (path: string): path is WalletPath => (WALLET_PATHS as readonly string[]).includes(path);

export interface WalletRouteDeps {
  wallet: WalletService;
}

/** The provider wallet API (spec A), each path's POST handler, typed from its operation. */
export interface WalletHandlers {
  "/v1/wallet/session/verify": ContractHandler<"verifySession">;
  "/v1/wallet/balance": ContractHandler<"getBalance">;
  "/v1/wallet/transaction": ContractHandler<"postTransaction">;
}

/** Session verify, live balance, and the money path. */
export function walletHandlers(deps: WalletRouteDeps): WalletHandlers {
  return {
    "/v1/wallet/session/verify": async (req, res) => {
      res.json(await deps.wallet.verify(callerOf(res).tenantId, req.body.sessionToken));
    },
    "/v1/wallet/balance": async (req, res) => {
      // The operator's answer, verbatim (spec A.3): its text as sent, not the contract's object re-serialised.
      res.type("application/json").end(await deps.wallet.balance(callerOf(res).tenantId, req.body.sessionToken));
    },
    [TRANSACTION_PATH]: async (req, res) => {
      const call = { providerId: callerOf(res).tenantId, body: req.body, rawBody: rawTextOf(res), nonce: pendingNonceOf(res) };
      res.json(await deps.wallet.transaction(call));
    },
  };
}

/** Mounts the POST handler of `path` on an app or a router. */
export function mountWalletRoute(target: IRouter, handlers: WalletHandlers, path: WalletPath): void {
  // Each case narrows the path, and with it the handler's contract types, which Express infers from the handler.
  switch (path) {
    case "/v1/wallet/session/verify":
      return void target.post(path, handlers[path]);
    case "/v1/wallet/balance":
      return void target.post(path, handlers[path]);
    case TRANSACTION_PATH:
      return void target.post(path, handlers[path]);
  }
}

/** The same handlers as a router. */
export function walletRoutes(handlers: WalletHandlers): Router {
  const router = contractRouter();
  for (const path of WALLET_PATHS) mountWalletRoute(router, handlers, path);
  return router;
}
