import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { createWalletCallbackHandler, MemoryNonceStore, WalletError, type WalletCallbackHandler } from "@croupier/sdk-operator";
import { serveControlRoute } from "./control-routes.js";
import { FaultInjector, type FaultSettings } from "./faults.js";
import { replyJson } from "./json-reply.js";
import { BodyTooLargeError, readRawBody } from "./raw-body.js";
import { openWalletDatabase, type WalletDatabase } from "./wallet-database.js";
import { InvalidTransactionError, WalletLedger } from "./wallet-ledger.js";
import { WalletStats } from "./wallet-stats.js";
import type { TransactionRequest, TransactionResponse } from "./transaction-types.js";

/** How to start a wallet with {@link startWallet}. Only `tenantId` and `secret` are required. */
export interface WalletOptions {
  /** The operator's own tenant id: every callback must carry it in X-Tenant-ID. */
  tenantId: string;
  /** The operator's current shared secret. */
  secret: string;
  /** The secret before the last rotation, still accepted during its grace period. */
  previousSecret?: string;
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default 0: an ephemeral port (read it back from the result). */
  port?: number;
  /** A SQLite file path, `:memory:` (the default), or an open database (left open by `close()`). */
  db?: string | WalletDatabase;
  /** Balance of a player the wallet has not seen, in minor units. Default 100000. */
  startingBalance?: number;
  /** Players to create with these balances; players already in the database keep theirs. */
  players?: Record<string, number>;
  /** BETs below this are declined. */
  minBet?: number;
  /** BETs above this are declined. */
  maxBet?: number;
  /** Faults in force from the start; change them later with `faults.update()` or `POST /control/faults`. */
  faults?: Partial<FaultSettings>;
  /** Seed of the fault draws, for reproducible runs. Default: the current time. */
  randomSeed?: number;
  /** Allowed clock skew of signed callbacks, seconds. Default 300. */
  toleranceSeconds?: number;
  /** Receives one short line per event (no secrets, no session tokens). Default: silent. */
  log?: (line: string) => void;
}

/** A wallet started by {@link startWallet}. */
export interface RunningWallet {
  /** Base URL to register as the operator's callback URL, e.g. `http://127.0.0.1:9001`. */
  url: string;
  port: number;
  db: WalletDatabase;
  ledger: WalletLedger;
  faults: FaultInjector;
  stats: WalletStats;
  /** Swaps the accepted secrets (after a rotation in the portal), keeping the replay protection. */
  setSecrets(secret: string, previousSecret?: string): void;
  /** Stops listening, drops held connections and closes the database it opened. */
  close(): Promise<void>;
}

/**
 * Starts a standalone operator wallet: the two signed wallet callbacks of the spec (section C) served by
 * sdk-operator's callback handler over a SQLite ledger, plus unsigned inspection and fault routes.
 *
 * @example
 * const wallet = await startWallet({ tenantId: "op-acme", secret: "s3cret", players: { "p-1": 10_000 } });
 * // register wallet.url as op-acme's callback URL, play, then:
 * console.log(wallet.ledger.entries("p-1"));
 * await wallet.close();
 */
export async function startWallet(options: WalletOptions): Promise<RunningWallet> {
  const ownsDatabase = typeof options.db !== "object";
  const db = typeof options.db === "object" ? options.db : openWalletDatabase(options.db ?? ":memory:");
  const ledger = new WalletLedger(db, { startingBalance: options.startingBalance ?? 100_000, minBet: options.minBet, maxBet: options.maxBet });
  if (options.players) ledger.seedPlayers(options.players);
  const faults = new FaultInjector(options.faults, options.randomSeed);
  const stats = new WalletStats();
  const log = options.log ?? (() => {});
  const nonceStore = new MemoryNonceStore();

  // Not the SDK's withIdempotency + SqliteIdempotencyStore: their get/put run around the callback, as
  // separate statements, so a crash between the balance move and the put would apply the transaction
  // again on the platform's retry. WalletLedger looks up, applies and caches in one SQLite transaction.
  const onTransaction = (request: TransactionRequest): TransactionResponse => {
    const forceDecline = request.type === "BET" && faults.fires("declineRate");
    let settled;
    try {
      settled = ledger.apply(request, { forceDecline });
    } catch (error) {
      if (error instanceof InvalidTransactionError) throw new WalletError(400, error.message);
      throw error;
    }
    stats.recordTransaction(request.type, settled.outcome);
    if (forceDecline && settled.outcome === "declined") stats.recordFault("forcedDeclines");
    log(
      `${request.type} ${request.playerRef} ${request.transactionId}: ${settled.outcome} ${settled.response.status} balance ${settled.response.balance}`,
    );
    return settled.response;
  };
  const onBalance = (playerRef: string) => {
    stats.recordBalanceQuery();
    return { balance: ledger.balance(playerRef) };
  };
  const buildHandler = (secrets: string[]): WalletCallbackHandler =>
    createWalletCallbackHandler({
      tenantId: options.tenantId,
      secrets,
      toleranceSeconds: options.toleranceSeconds,
      nonceStore,
      onTransaction,
      onBalance,
      onError: (error) => log(`callback failed: ${error instanceof Error ? error.message : "error"}`),
    });
  let handler = buildHandler(secretList(options.secret, options.previousSecret));

  const serveWalletCall = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const { latencyMs } = faults.settings;
    if (latencyMs > 0) await sleep(latencyMs);
    if (faults.fires("timeoutRate")) {
      // Hold the connection without ever answering; close() ends it.
      stats.recordFault("timeouts");
      log(`${request.method} ${request.url}: injected timeout`);
      return;
    }
    if (faults.fires("failureRate")) {
      stats.recordFault("failures");
      log(`${request.method} ${request.url}: injected failure`);
      replyJson(response, 500, { error: "injected failure" });
      return;
    }
    const dropReply = request.method === "POST" && faults.fires("dropAfterApplyRate");
    // The framework-neutral handler rather than toNodeListener: to lose a reply after the transaction
    // committed, the answer must be in hand before anything is written to the socket.
    const answer = await handler({
      method: request.method ?? "GET",
      target: request.url ?? "/",
      headers: request.headers,
      body: await readRawBody(request),
    });
    if (dropReply && answer.status === 200) {
      stats.recordFault("droppedReplies");
      log(`${request.method} ${request.url}: applied, reply dropped`);
      request.socket.destroy();
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  };

  const server = createServer((request, response) => {
    // Any path prefix works, as with the SDK: a callback URL such as http://host:9001/croupier is fine.
    const route = new URL(request.url ?? "/", "http://wallet.invalid").pathname.includes("/v1/wallet/")
      ? serveWalletCall(request, response)
      : serveControlRoute(request, response, { ledger, faults, stats }).then((served) => {
          if (!served) replyJson(response, 404, { error: "not found" });
        });
    route.catch((error: unknown) => {
      log(`${request.method} ${request.url}: ${error instanceof Error ? error.message : "error"}`);
      if (response.headersSent) response.destroy();
      else if (error instanceof BodyTooLargeError) replyJson(response, 413, { error: "request body too large" });
      else replyJson(response, 500, { error: "internal error" });
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
    });
  } catch (error) {
    if (ownsDatabase) db.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? "127.0.0.1";
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  return {
    url,
    port,
    db,
    ledger,
    faults,
    stats,
    setSecrets(secret, previousSecret) {
      handler = buildHandler(secretList(secret, previousSecret));
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      if (ownsDatabase) db.close();
    },
  };
}

function secretList(secret: string, previousSecret?: string): string[] {
  return previousSecret ? [secret, previousSecret] : [secret];
}
