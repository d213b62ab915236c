import { randomUUID } from "node:crypto";
import type { ProviderClient, Result, TransactionResponse, VerifySessionResponse } from "@croupier/sdk-provider";

/** One transaction the game sent, and what became of it: the game's own record, for reconciliation. */
export interface PlayedTransaction {
  transactionId: string;
  type: "BET" | "WIN" | "ROLLBACK";
  roundId: string;
  amount: number;
  originalTransactionId?: string;
  /** OK or DECLINED from the platform, or `failed` when it answered an error (see `error`). */
  outcome: "OK" | "DECLINED" | "failed";
  /** The balance the platform reported, when it answered 200. */
  balance?: number;
  error?: { status: number; message: string };
}

/** A free spin as the studio played it, and the WIN that reported its winnings. */
export interface PlayedFreeSpin {
  spinNumber: number;
  remainingSpins: number;
  win: PlayedTransaction;
}

/** A failure of the studio's own free-spin route (no spins left, cancelled, unknown batch). */
export class FreeSpinRefusedError extends Error {
  override readonly name = "FreeSpinRefusedError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A scripted game client of the mock studio: it plays one launched session through sdk-provider's
 * `createProviderClient` exactly as a real game server would (verify the session, then BET, WIN,
 * ROLLBACK and balance calls signed with the provider's secret), and keeps a record of every
 * transaction it sent so the sandbox can check the operator's ledger against it.
 */
export class GameClient {
  /** Every transaction sent, in order, with its outcome. */
  readonly transactions: PlayedTransaction[] = [];
  private sequence = 0;
  private readonly idPrefix = `tx-${randomUUID().slice(0, 8)}`;

  private constructor(
    private readonly api: ProviderClient,
    private readonly sessionToken: string,
    /** The session as the platform resolved it: player, game, currency, mode. */
    readonly session: VerifySessionResponse,
    private readonly studioUrl: string,
  ) {}

  /** Verifies the session token from a launch URL and returns a client for it; rejects when the platform refuses it. */
  static async open(api: ProviderClient, sessionToken: string, studioUrl: string): Promise<GameClient> {
    const { data, error } = await api.verifySession(sessionToken);
    if (error) throw error;
    return new GameClient(api, sessionToken, data, studioUrl);
  }

  /** Stakes `amount` on a round. */
  bet(roundId: string, amount: number, roundComplete = false): Promise<PlayedTransaction> {
    const body = { ...this.base(roundId, amount), roundComplete };
    return this.record("BET", body, this.api.bet(body));
  }

  /** Pays `amount` (0 is a valid losing WIN) and, by default, ends the round. */
  win(roundId: string, amount: number, roundComplete = true, metadata?: Record<string, unknown>): Promise<PlayedTransaction> {
    const body = { ...this.base(roundId, amount), roundComplete, ...(metadata ? { metadata } : {}) };
    return this.record("WIN", body, this.api.win(body));
  }

  /** Reverses an earlier BET of the round (the operator refunds that bet's stored amount). */
  rollback(bet: PlayedTransaction): Promise<PlayedTransaction> {
    const body = { ...this.base(bet.roundId, bet.amount), originalTransactionId: bet.transactionId };
    return this.record("ROLLBACK", body, this.api.rollback(body));
  }

  /** The player's live balance from the operator's wallet, through the platform. */
  async balance(): Promise<number> {
    const { data, error } = await this.api.balance(this.sessionToken);
    if (error) throw error;
    return data.balance;
  }

  /**
   * Plays the next free spin of a batch the studio holds, then reports its winnings as a normal WIN
   * (spec D.5: free-spin money goes through the wallet API; the webhooks move bookkeeping only).
   */
  async freeSpin(externalRef: string): Promise<PlayedFreeSpin> {
    const response = await fetch(`${this.studioUrl}/free-spins/${encodeURIComponent(externalRef)}/spin`, { method: "POST" });
    const body = (await response.json()) as { error?: string; spinNumber: number; winAmount: number; batch: { remainingSpins: number } };
    if (response.status !== 200) throw new FreeSpinRefusedError(response.status, body.error ?? `HTTP ${response.status}`);
    const win = await this.win(`${externalRef}-spin-${body.spinNumber}`, body.winAmount, true, {
      freeSpins: { externalRef, spinNumber: body.spinNumber },
    });
    return { spinNumber: body.spinNumber, remainingSpins: body.batch.remainingSpins, win };
  }

  /** The fields every transaction of this session shares, with a fresh transactionId. */
  private base(roundId: string, amount: number) {
    this.sequence += 1;
    return {
      transactionId: `${this.idPrefix}-${this.sequence}`,
      sessionToken: this.sessionToken,
      roundId,
      playerRef: this.session.playerRef,
      amount,
      currency: this.session.currency,
      gameId: this.session.gameId,
    };
  }

  private async record(
    type: PlayedTransaction["type"],
    body: { transactionId: string; roundId: string; amount: number; originalTransactionId?: string },
    pending: Promise<Result<TransactionResponse>>,
  ): Promise<PlayedTransaction> {
    const { data, error } = await pending;
    const played: PlayedTransaction = {
      transactionId: body.transactionId,
      type,
      roundId: body.roundId,
      amount: body.amount,
      ...(body.originalTransactionId ? { originalTransactionId: body.originalTransactionId } : {}),
      ...(data
        ? { outcome: data.status, balance: data.balance }
        : { outcome: "failed" as const, error: { status: error.status, message: error.message } }),
    };
    this.transactions.push(played);
    return played;
  }
}
