/**
 * Example: an operator wallet that receives Croupier's signed callbacks, on node:http or Express,
 * with idempotent transactions stored in SQLite and two secrets during a key rotation.
 */
import { createServer, type Server } from "node:http";
import Database from "better-sqlite3";
import express from "express";
import {
  createWalletCallbackHandler,
  SqliteIdempotencyStore,
  toExpressMiddleware,
  toNodeListener,
  WalletError,
  withIdempotency,
  type TransactionRequest,
  type TransactionResponse,
} from "@croupier/sdk-operator";

/** A toy ledger: balances per player and the amount of every bet, so a ROLLBACK can refund it. */
export class Ledger {
  readonly balances = new Map<string, number>();
  private readonly bets = new Map<string, number>();

  apply(tx: TransactionRequest): TransactionResponse {
    const balance = this.balances.get(tx.playerRef);
    if (balance === undefined) throw new WalletError(404, "unknown player");
    let delta: number;
    switch (tx.type) {
      case "BET":
        if (tx.amount > balance) return { status: "DECLINED", balance };
        this.bets.set(tx.transactionId, tx.amount);
        delta = -tx.amount;
        break;
      case "WIN":
        delta = tx.amount;
        break;
      case "ROLLBACK":
        // Refund what the original bet took (0 if it never reached us), once, whatever amount was sent.
        delta = this.bets.get(tx.originalTransactionId ?? "") ?? 0;
        this.bets.delete(tx.originalTransactionId ?? "");
        break;
      case "ADJUSTMENT":
        delta = tx.direction === "DEBIT" ? -tx.amount : tx.amount;
        break;
    }
    this.balances.set(tx.playerRef, balance + delta);
    return { status: "OK", balance: balance + delta };
  }
}

/** The receiver: `secrets` holds the current secret first and, during a rotation, the previous one. */
export function createWallet(options: { tenantId: string; secrets: string[]; sqliteFile: string; ledger: Ledger }) {
  return createWalletCallbackHandler({
    tenantId: options.tenantId,
    secrets: options.secrets,
    // The spec makes replaying answers the operator's duty: the SDK does it per (playerRef, transactionId).
    onTransaction: withIdempotency(new SqliteIdempotencyStore(new Database(options.sqliteFile)), (tx) => options.ledger.apply(tx)),
    onBalance(playerRef) {
      const balance = options.ledger.balances.get(playerRef);
      if (balance === undefined) throw new WalletError(404, "unknown player");
      return { balance };
    },
    onError: (error) => process.emitWarning(`wallet callback failed: ${String(error)}`),
  });
}

/** Serves the wallet with plain node:http, e.g. `startNodeWallet(opts).listen(9001)`. */
export function startNodeWallet(options: Parameters<typeof createWallet>[0]): Server {
  return createServer(toNodeListener(createWallet(options)));
}

/** Serves the wallet from Express under `/croupier`, mounted before express.json() for the app's other routes. */
export function startExpressWallet(options: Parameters<typeof createWallet>[0]): Server {
  const app = express();
  app.use("/croupier", toExpressMiddleware(createWallet(options)));
  app.use(express.json());
  app.get("/health", (_req, res) => void res.json({ ok: true }));
  return createServer(app);
}
