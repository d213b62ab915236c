import { randomUUID } from "node:crypto";
import type { OperatorWalletComponents as components } from "@croupier/contract";
import { CheckFailure, CheckSkipped, expectThat } from "../check.js";
import { describe, jsonOf, type Exchange, type SignedHttp, type Tampering } from "../signed-http.js";

type Schemas = components["schemas"];
/**
 * A wallet callback body: the fields of the generated variants (BET, WIN, ROLLBACK, ADJUSTMENT) in one shape, since
 * the kit builds every type through one helper.
 */
export type TransactionRequest = Omit<Schemas["BetTransaction"], "type"> & {
  type: Schemas["WalletTransactionRequest"]["type"];
  originalTransactionId?: Schemas["RollbackTransaction"]["originalTransactionId"];
  direction?: Schemas["Direction"];
};
/** The wallet's answer to a transaction. */
export type TransactionResponse = components["schemas"]["TransactionResponse"];

/** One transaction the kit sent, with the wallet's answer: the printed ledger of what the kit moved. */
export interface LedgerLine {
  check: string;
  transactionId: string;
  type: TransactionRequest["type"];
  direction?: "DEBIT" | "CREDIT";
  playerRef: string;
  amount: number;
  /** `200 OK 9990`, `200 DECLINED 10000`, `500`, or `no answer`. */
  answer: string;
}

/** A player's balance when the kit first read it and when it finished. */
export interface PlayerBalanceRecord {
  playerRef: string;
  before: number;
  after?: number;
  /** Set when the kit had to correct the balance at the end (an ADJUSTMENT it sent and lists in the ledger). */
  restored?: boolean;
}

/** A transaction and its answer, parsed when it is a well-formed 200. */
export interface TransactionOutcome {
  exchange: Exchange;
  response?: TransactionResponse;
}

/** What the wallet checks share: the signed client, the run's ids, the player and the ledger. */
export class WalletContext {
  readonly ledger: LedgerLine[] = [];
  readonly balances = new Map<string, PlayerBalanceRecord>();
  /** Set by the runner to the id of the check in progress, for the ledger. */
  currentCheck = "";
  private counter = 0;
  private readonly runId = randomUUID().slice(0, 8);

  constructor(
    readonly http: SignedHttp,
    readonly options: { player?: string; currency: string; gameId: string; timeoutMs: number },
  ) {}

  /** The player the money checks use; the runner skips them when there is none. */
  get player(): string {
    return this.options.player ?? "croupier-conformance-probe";
  }

  /** A transactionId (or roundId) unique to this run. */
  id(label: string): string {
    this.counter += 1;
    return `ck-${this.runId}-${this.counter}-${label}`;
  }

  balanceTarget(playerRef = this.player): string {
    return `/v1/wallet/balance?playerRef=${encodeURIComponent(playerRef)}`;
  }

  /** The player's balance from the balance callback; a wrong answer fails the check in progress. */
  async balance(playerRef = this.player): Promise<number> {
    const exchange = await this.http.send("GET", this.balanceTarget(playerRef));
    const body = jsonOf(exchange) as { balance?: unknown } | undefined;
    if (exchange.status !== 200 || !Number.isSafeInteger(body?.balance)) {
      throw new CheckFailure("200 with { balance: <integer> } from the balance callback", describe(exchange));
    }
    const balance = body?.balance as number;
    if (!this.balances.has(playerRef)) this.balances.set(playerRef, { playerRef, before: balance });
    return balance;
  }

  /** Skips the check in progress unless the player holds at least `amount`. */
  async balanceOfAtLeast(amount: number): Promise<number> {
    const balance = await this.balance();
    if (balance < amount) throw new CheckSkipped(`the player's balance ${balance} is below the ${amount} this check needs`);
    return balance;
  }

  /** A transaction request for the kit's player, game and currency; `fields` override any part. */
  request(type: TransactionRequest["type"], amount: number, fields: Partial<TransactionRequest> = {}): TransactionRequest {
    return {
      transactionId: this.id(type.toLowerCase()),
      sessionToken: `ck-session-${this.runId}`,
      type,
      roundId: this.id("round"),
      playerRef: this.player,
      amount,
      currency: this.options.currency,
      gameId: this.options.gameId,
      ...(type === "BET" || type === "WIN" ? { roundComplete: type === "WIN" } : {}),
      ...fields,
    };
  }

  /** Sends a transaction callback exactly as serialized (`body` overrides the serialization). */
  async transact(request: TransactionRequest, tampering: Tampering = {}, body = JSON.stringify(request)): Promise<TransactionOutcome> {
    const exchange = await this.http.send("POST", "/v1/wallet/transaction", body, tampering);
    const parsed = jsonOf(exchange) as Partial<TransactionResponse> | undefined;
    const wellFormed = exchange.status === 200 && (parsed?.status === "OK" || parsed?.status === "DECLINED") && Number.isSafeInteger(parsed?.balance);
    const response = wellFormed ? (parsed as TransactionResponse) : undefined;
    this.ledger.push({
      check: this.currentCheck,
      transactionId: request.transactionId,
      type: request.type,
      ...(request.direction ? { direction: request.direction } : {}),
      playerRef: request.playerRef,
      amount: request.amount,
      answer: response ? `200 ${response.status} ${response.balance}` : exchange.status === 0 ? "no answer" : String(exchange.status),
    });
    return { exchange, response };
  }

  /** Sends a transaction and requires a 200 with the given status; returns the answer. */
  async expectAnswer(request: TransactionRequest, status: "OK" | "DECLINED", what: string): Promise<TransactionResponse> {
    const { exchange, response } = await this.transact(request);
    expectThat(response?.status === status, `${what}: 200 { status: "${status}", balance }`, describe(exchange));
    return response as TransactionResponse;
  }

  /** Requires the answer's balance (and the balance callback) to equal `expected`. */
  async expectBalance(response: TransactionResponse | undefined, expected: number, what: string): Promise<void> {
    if (response) expectThat(response.balance === expected, `${what}: balance ${expected} in the answer`, `balance ${response.balance}`);
    const live = await this.balance();
    expectThat(live === expected, `${what}: balance callback answers ${expected}`, `${live}`);
  }

  /** Undoes a debit the check made (a WIN that closes its round); not itself a check. */
  async giveBack(amount: number, roundId?: string): Promise<void> {
    if (amount > 0) await this.transact(this.request("WIN", amount, roundId ? { roundId } : {}));
  }

  /** Undoes a credit the check made (a BET that closes its own round); not itself a check. */
  async takeBack(amount: number): Promise<void> {
    if (amount > 0) await this.transact(this.request("BET", amount, { roundComplete: true }));
  }
}
