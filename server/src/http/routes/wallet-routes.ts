import type { Router } from "express";
import { contractRouter } from "./contract-router.js";
import type { TransactionRequest } from "../../domain/transaction-request.js";
import type { WalletService } from "../../domain/wallet-service.js";
import { callerOf } from "../authenticate.js";

/** Provider wallet API (spec A): session verify, balance, transaction. */
export function walletRoutes(wallet: WalletService): Router {
  const router = contractRouter();
  router.post("/v1/wallet/session/verify", (req, res) => {
    res.json(wallet.verify(callerOf(res).tenantId, (req.body as { sessionToken: string }).sessionToken));
  });
  router.post("/v1/wallet/balance", async (req, res) => {
    const body = await wallet.balance(callerOf(res).tenantId, (req.body as { sessionToken: string }).sessionToken);
    res.type("application/json").send(body);
  });
  router.post("/v1/wallet/transaction", async (req, res) => {
    const raw = (res.locals.rawBody as Buffer).toString("utf8");
    res.json(await wallet.transaction(callerOf(res).tenantId, req.body as TransactionRequest, raw));
  });
  return router;
}
