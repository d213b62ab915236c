import type { ServiceSchemas } from "@croupier/contract";
import type { TransactionKey } from "../ports/ledger.js";
import { transactionIdReused, type ProviderRequest } from "./transaction-request.js";

/** The answer to a transaction: the contract's TransactionResponse. */
export type TransactionResponse = ServiceSchemas["TransactionResponse"];

interface DemoResult {
  fingerprint: string;
  /** The session it was applied in: its balance moved, and only through it is the id repeated. */
  sessionToken: string;
  response: TransactionResponse;
  /** For a BET: the amount a ROLLBACK would give back, and whether one already did. */
  bet?: { amount: number; reversed: boolean };
}

const keyOf = (k: TransactionKey) => `${k.providerId}\u0000${k.transactionId}`;

/**
 * Fun-play money of DEMO sessions, in memory only: a balance per session with real money's idempotency rules, never an
 * operator call. A session is forgotten `keepMs` after it last played, by the wallet itself at its next use, since each
 * instance of a cluster holds its own.
 */
export class DemoWallet {
  private readonly balances = new Map<string, number>();
  private readonly results = new Map<string, DemoResult>();
  /**
   * Per session that moved play money: the keys of its `results` (forgotten without a scan) and when it last did;
   * kept least recent first by re-inserting on every move.
   */
  private readonly activity = new Map<string, { keys: string[]; at: number }>();

  constructor(
    private readonly startingBalance: number,
    /** How long after its last move a session's play money is kept: at least as long as the session can be used. */
    private readonly keepMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The session's fun-play balance. */
  balance(sessionToken: string): number {
    this.forgetIdle();
    return this.balances.get(sessionToken) ?? this.startingBalance;
  }

  /**
   * The stored answer to a transaction already applied through this session, or the id's reuse with another request.
   * Undefined when it was applied through another session: see {@link applied}.
   */
  repeat(key: TransactionKey, fingerprint: string, sessionToken: string): TransactionResponse | undefined {
    this.forgetIdle();
    const result = this.results.get(keyOf(key));
    if (!result) return undefined;
    if (result.fingerprint !== fingerprint) {
      throw transactionIdReused();
    }
    return result.sessionToken === sessionToken ? result.response : undefined;
  }

  /** Whether a transaction with this id was applied, through whichever session. */
  applied(key: TransactionKey): boolean {
    this.forgetIdle();
    return this.results.has(keyOf(key));
  }

  /**
   * Applies a new transaction: a BET above the balance is DECLINED; a ROLLBACK gives back the amount of the BET
   * it names once (nothing for an unknown or already reversed bet, or a bet of another session's balance), as an
   * operator's wallet would.
   */
  apply(providerId: string, sessionToken: string, request: ProviderRequest, fingerprint: string): TransactionResponse {
    this.forgetIdle();
    const before = this.balance(sessionToken);
    let response: TransactionResponse;
    let bet: DemoResult["bet"];
    if (request.type === "BET") {
      response = request.amount > before ? { status: "DECLINED", balance: before } : { status: "OK", balance: before - request.amount };
      if (response.status === "OK") bet = { amount: request.amount, reversed: false };
    } else if (request.type === "WIN") {
      response = { status: "OK", balance: before + request.amount };
    } else {
      const named = this.results.get(keyOf({ providerId, transactionId: request.originalTransactionId ?? "" }));
      const original = named?.sessionToken === sessionToken ? named.bet : undefined;
      const refund = original && !original.reversed ? original.amount : 0;
      if (original) original.reversed = true;
      response = { status: "OK", balance: before + refund };
    }
    this.balances.set(sessionToken, response.balance);
    const key = keyOf({ providerId, transactionId: request.transactionId });
    this.results.set(key, { fingerprint, sessionToken, response, ...(bet ? { bet } : {}) });
    const keys = this.activity.get(sessionToken)?.keys ?? [];
    keys.push(key);
    this.activity.delete(sessionToken);
    this.activity.set(sessionToken, { keys, at: this.now() });
    return response;
  }

  /**
   * Drops the balance and transactions of every session that has not moved play money for `keepMs`: play money needs
   * no history, and without this the memory of a long-running service would grow with every DEMO round ever played.
   * Least recent first, so a call costs what it forgets (nothing, mostly).
   */
  private forgetIdle(): void {
    const before = this.now() - this.keepMs;
    for (const [sessionToken, { keys, at }] of this.activity) {
      if (at >= before) break;
      this.activity.delete(sessionToken);
      this.balances.delete(sessionToken);
      for (const key of keys) this.results.delete(key);
    }
  }
}
