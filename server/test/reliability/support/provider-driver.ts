import { createProviderClient, type ProviderClient, type TransactionRequest } from "@croupier/sdk-provider";
import { setTimeout as sleep } from "node:timers/promises";

/** A transaction as the provider sends it. */
export interface ProviderTransaction {
  transactionId: string;
  sessionToken: string;
  type: "BET" | "WIN" | "ROLLBACK";
  roundId: string;
  roundComplete?: boolean;
  originalTransactionId?: string;
  playerRef: string;
  amount: number;
  currency: string;
  gameId: string;
}

/** What the provider finally learned about a transaction. */
export type FinalOutcome =
  | { kind: "settled"; status: "OK" | "DECLINED"; balance: number; attempts: number }
  | { kind: "rejected"; status: number; code: string | undefined; message: string; attempts: number };

/** Statuses a provider keeps resending the same transactionId on until the service settles it. */
const KEEP_TRYING = new Set([0, 409, 429, 500, 502, 503, 504]);

/**
 * A provider game server that never gives up on a transaction: the SDK's own retry (same transactionId,
 * fresh signature) inside an outer loop that keeps going across service restarts, until the service answers
 * 200 or a 4xx it will never change its mind about, or the deadline passes (then the test fails).
 */
export class PersistentProvider {
  private readonly clients: ProviderClient[];
  private turn = 0;

  /** With `baseUrls` (several instances of a cluster), each SDK call goes to the next one in turn, as a round-robin balancer sends it. */
  constructor(options: { baseUrl: string; baseUrls?: readonly string[]; tenantId: string; secret: string; timeoutMs?: number }) {
    this.clients = (options.baseUrls ?? [options.baseUrl]).map((baseUrl) =>
      createProviderClient({
        baseUrl,
        tenantId: options.tenantId,
        secret: options.secret,
        timeoutMs: options.timeoutMs ?? 8_000,
        retry: { maxAttempts: 6, initialDelayMs: 20, maxDelayMs: 400 },
      }),
    );
  }

  private get client(): ProviderClient {
    this.turn = (this.turn + 1) % this.clients.length;
    return this.clients[this.turn]!;
  }

  /** Sends until settled; `attempts` counts SDK calls (each may itself retry). */
  async settle(transaction: ProviderTransaction, deadlineMs: number): Promise<FinalOutcome> {
    for (let attempts = 1; ; attempts++) {
      // The driver builds its transactions from one loose shape; each is a valid BET, WIN or ROLLBACK by construction.
      const { data, error } = await this.client.transaction(transaction as TransactionRequest);
      if (data) return { kind: "settled", status: data.status, balance: data.balance, attempts };
      if (!KEEP_TRYING.has(error.status)) return { kind: "rejected", status: error.status, code: error.code, message: error.message, attempts };
      if (Date.now() > deadlineMs) {
        throw new Error(`transaction ${transaction.transactionId} still unsettled at the deadline: last answer ${error.status} ${error.message}`);
      }
      await sleep(100 + Math.min(attempts, 10) * 50);
    }
  }
}
