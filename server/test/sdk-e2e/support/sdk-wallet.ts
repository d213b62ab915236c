import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createWalletCallbackHandler,
  MemoryIdempotencyStore,
  MemoryNonceStore,
  toNodeListener,
  WalletError,
  withIdempotency,
  type HandlerResponse,
  type SignedRequestHandler,
  type TransactionRequest,
  type TransactionResponse,
} from "@croupier/sdk-operator";

/** What the wallet does to one call of the transaction callback instead of answering normally. */
export type WalletFault =
  | "fail-500" // answer 500 through the SDK (a thrown WalletError) without applying anything
  | "drop-reply"; // apply it through the SDK handler, then destroy the socket: the classic lost reply

/**
 * An operator wallet built on sdk-operator's own receiver: createWalletCallbackHandler + withIdempotency
 * (memory store) + toNodeListener, over a tiny ledger. BET debits or is DECLINED on insufficient funds, WIN
 * credits, ROLLBACK refunds the stored amount of the bet it names, once.
 */
export interface SdkWallet {
  url: string;
  balances: Map<string, number>;
  /** Every transaction callback that passed the SDK's verification, in arrival order (retries included). */
  calls: TransactionRequest[];
  /** Transactions that changed the ledger or were declined: each exactly once if idempotency holds. */
  applied: (TransactionRequest & { outcome: TransactionResponse })[];
  /** Status of every answer the SDK handler produced, refusals included. */
  answers: number[];
  /** Decides a fault per call; `attempt` counts the calls for that transactionId, from 1. */
  fault: ((tx: TransactionRequest, attempt: number) => WalletFault | undefined) | undefined;
  /** Replaces the secrets the receiver verifies with (current first), keeping ledger, idempotency and nonces. */
  useSecrets(secrets: string[]): void;
  /** Calls of the transaction callback for one transactionId. */
  callsFor(transactionId: string): TransactionRequest[];
  close(): Promise<void>;
}

/** Starts the SDK wallet on 127.0.0.1, port 0. */
export async function startSdkWallet(options: { tenantId: string; secrets: string[]; balances: Record<string, number> }): Promise<SdkWallet> {
  const balances = new Map(Object.entries(options.balances));
  const betAmounts = new Map<string, number>();
  const nonceStore = new MemoryNonceStore();
  const idempotency = new MemoryIdempotencyStore();
  // transactionIds whose current call must lose its reply, and the requests (by their headers object, which
  // toNodeListener hands to the neutral handler as is) whose answer must never leave.
  const dropReplyOf = new Set<string>();
  const replyToDrop = new WeakSet<IncomingHttpHeaders>();

  const applyOnce = withIdempotency(idempotency, (tx) => {
    const outcome = applyToLedger(tx);
    wallet.applied.push({ ...tx, outcome });
    return outcome;
  });

  function applyToLedger(tx: TransactionRequest): TransactionResponse {
    const balance = balances.get(tx.playerRef);
    if (balance === undefined) throw new WalletError(404, "unknown player");
    let delta: number;
    if (tx.type === "BET") {
      if (tx.amount > balance) return { status: "DECLINED", balance };
      betAmounts.set(tx.transactionId, tx.amount);
      delta = -tx.amount;
    } else if (tx.type === "WIN") {
      delta = tx.amount;
    } else if (tx.type === "ROLLBACK") {
      // The stored bet amount, not the amount sent, and only once.
      delta = betAmounts.get(tx.originalTransactionId ?? "") ?? 0;
      betAmounts.delete(tx.originalTransactionId ?? "");
    } else {
      throw new WalletError(400, "this wallet takes no adjustments");
    }
    balances.set(tx.playerRef, balance + delta);
    return { status: "OK", balance: balance + delta };
  }

  function buildHandler(secrets: string[]): SignedRequestHandler {
    const sdkHandler = createWalletCallbackHandler({
      tenantId: options.tenantId,
      secrets,
      nonceStore,
      async onTransaction(tx) {
        wallet.calls.push(tx);
        const fault = wallet.fault?.(tx, wallet.callsFor(tx.transactionId).length);
        if (fault === "fail-500") throw new WalletError(500, "injected failure");
        if (fault === "drop-reply") dropReplyOf.add(tx.transactionId);
        return applyOnce(tx);
      },
      onBalance(playerRef) {
        const balance = balances.get(playerRef);
        if (balance === undefined) throw new WalletError(404, "unknown player");
        return { balance };
      },
    });
    return async (request) => {
      const answer: HandlerResponse = await sdkHandler(request);
      wallet.answers.push(answer.status);
      const transactionId = answer.status === 200 ? transactionIdOf(request.body) : undefined;
      if (transactionId !== undefined && dropReplyOf.delete(transactionId)) replyToDrop.add(request.headers as IncomingHttpHeaders);
      return answer;
    };
  }

  let handler = buildHandler(options.secrets);
  const listener = toNodeListener((request) => handler(request));
  const server: Server = createServer((req, res) => {
    const end = res.end.bind(res);
    // Applied and answered by the SDK, but the answer never leaves: the caller sees a dropped connection.
    res.end = ((...args: Parameters<typeof res.end>) =>
      replyToDrop.has(req.headers) ? (req.socket.destroy(), res) : end(...args)) as typeof res.end;
    listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  const wallet: SdkWallet = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    balances,
    calls: [],
    applied: [],
    answers: [],
    fault: undefined,
    useSecrets(secrets) {
      handler = buildHandler(secrets);
    },
    callsFor: (transactionId) => wallet.calls.filter((call) => call.transactionId === transactionId),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return wallet;
}

/** The transactionId of a transaction callback's raw body, if it has one. */
function transactionIdOf(body: string | Uint8Array): string | undefined {
  try {
    const parsed = JSON.parse(typeof body === "string" ? body : Buffer.from(body).toString("utf8")) as { transactionId?: unknown };
    return typeof parsed.transactionId === "string" ? parsed.transactionId : undefined;
  } catch {
    return undefined;
  }
}
