import type { WalletDatabase } from "./wallet-database.js";
import type { TransactionRequest, TransactionResponse, TransactionType } from "./transaction-types.js";

/** The business rules of this wallet. */
export interface WalletRules {
  /** Balance given to a player the first time the wallet hears of them, in minor units. */
  startingBalance: number;
  /** BETs below this amount are declined. */
  minBet?: number;
  /** BETs above this amount are declined. */
  maxBet?: number;
}

/** How a transaction call was settled: newly applied, newly declined, or answered from the cache. */
export type TransactionOutcome = "applied" | "declined" | "replayed";

/** The result of {@link WalletLedger.apply}. */
export interface SettledTransaction {
  outcome: TransactionOutcome;
  /** The answer, equal on every repeat of the same (playerRef, transactionId). */
  response: TransactionResponse;
}

/** One ledger line, as `GET /ledger` and the CLI dump show it. */
export interface LedgerEntry {
  playerRef: string;
  transactionId: string;
  type: TransactionType;
  status: TransactionResponse["status"];
  /** The amount the request carried. */
  amount: number;
  /** The signed balance move actually made (0 for a decline, an unknown or repeated rollback). */
  delta: number;
  balanceAfter: number;
  roundId: string;
  gameId: string;
  currency: string;
  originalTransactionId?: string;
  /** ISO-8601 time the wallet applied it. */
  at: string;
}

/** A player and their balance, as `GET /players` shows them. */
export interface PlayerBalance {
  playerRef: string;
  balance: number;
}

/** A transaction the wallet refuses to process (answered 400): it is malformed, not declined. */
export class InvalidTransactionError extends Error {
  override readonly name = "InvalidTransactionError";
}

const TYPES: readonly string[] = ["BET", "WIN", "ROLLBACK", "ADJUSTMENT"];

interface TransactionRow {
  player_ref: string;
  transaction_id: string;
  type: TransactionType;
  status: TransactionResponse["status"];
  amount: number;
  delta: number;
  balance_after: number;
  round_id: string;
  game_id: string;
  currency: string;
  original_transaction_id: string | null;
  at: string;
}

/**
 * The wallet's money rules over SQLite. Every call is one synchronous `IMMEDIATE` transaction: the
 * idempotency lookup, the balance move and the cached response commit together or not at all, so a
 * crash can never leave a move without its cached answer (which a retry would apply twice) nor an
 * answer without its move. better-sqlite3 transactions must not await (WiseLibs/better-sqlite3#476),
 * and none here does; being synchronous they also serialise concurrent duplicates within the process.
 */
export class WalletLedger {
  private readonly statements;
  private readonly settle: (request: TransactionRequest, forceDecline: boolean) => SettledTransaction;

  constructor(
    private readonly db: WalletDatabase,
    private readonly rules: WalletRules,
  ) {
    this.statements = {
      cached: db.prepare<[string, string], { response: string }>("SELECT response FROM transactions WHERE player_ref = ? AND transaction_id = ?"),
      createPlayer: db.prepare<[string, number, string]>("INSERT OR IGNORE INTO players (player_ref, balance, created_at) VALUES (?, ?, ?)"),
      balance: db.prepare<[string], { balance: number }>("SELECT balance FROM players WHERE player_ref = ?"),
      setBalance: db.prepare<[number, string]>("UPDATE players SET balance = ? WHERE player_ref = ?"),
      bet: db.prepare<[string, string], { amount: number; status: string }>(
        "SELECT amount, status FROM transactions WHERE player_ref = ? AND transaction_id = ? AND type = 'BET'",
      ),
      reversal: db.prepare<[string, string], { rollback_transaction_id: string }>(
        "SELECT rollback_transaction_id FROM reversals WHERE player_ref = ? AND original_transaction_id = ?",
      ),
      recordReversal: db.prepare<[string, string, string]>(
        "INSERT INTO reversals (player_ref, original_transaction_id, rollback_transaction_id) VALUES (?, ?, ?)",
      ),
      record: db.prepare(
        `INSERT INTO transactions (player_ref, transaction_id, type, status, amount, delta, balance_after,
           round_id, game_id, currency, original_transaction_id, response, at)
         VALUES (@playerRef, @transactionId, @type, @status, @amount, @delta, @balanceAfter,
           @roundId, @gameId, @currency, @originalTransactionId, @response, @at)`,
      ),
      players: db.prepare<[], { player_ref: string; balance: number }>("SELECT player_ref, balance FROM players ORDER BY player_ref"),
      entriesOf: db.prepare<[string], TransactionRow>("SELECT * FROM transactions WHERE player_ref = ? ORDER BY seq"),
      allEntries: db.prepare<[], TransactionRow>("SELECT * FROM transactions ORDER BY seq"),
    };
    const settle = db.transaction((request: TransactionRequest, forceDecline: boolean) => this.settleNow(request, forceDecline));
    this.settle = (request, forceDecline) => settle.immediate(request, forceDecline);
  }

  /**
   * Adds players that do not exist yet with the given balances. Existing players keep theirs, so
   * restarting a wallet on its file with the same seed never undoes play.
   */
  seedPlayers(players: Readonly<Record<string, number>>): void {
    const seed = this.db.transaction((entries: [string, number][]) => {
      for (const [playerRef, balance] of entries) {
        requireMinorUnits(balance, `balance of ${playerRef}`);
        this.statements.createPlayer.run(playerRef, balance, new Date().toISOString());
      }
    });
    seed.immediate(Object.entries(players));
  }

  /** The player's balance; an unknown player is created with the starting balance. */
  balance(playerRef: string): number {
    if (!playerRef) throw new InvalidTransactionError("playerRef is required");
    const read = this.db.transaction(() => this.ensurePlayer(playerRef));
    return read.immediate();
  }

  /**
   * Settles one transaction callback, or replays the answer cached for its (playerRef, transactionId).
   * `forceDecline` declines a BET whatever the balance (fault injection); it is ignored for other types,
   * which the spec forbids declining.
   */
  apply(request: TransactionRequest, options: { forceDecline?: boolean } = {}): SettledTransaction {
    validate(request);
    return this.settle(request, options.forceDecline ?? false);
  }

  /** Every player with their balance, ordered by playerRef. */
  players(): PlayerBalance[] {
    return this.statements.players.all().map((row) => ({ playerRef: row.player_ref, balance: row.balance }));
  }

  /** The ledger in the order applied, for one player or all. */
  entries(playerRef?: string): LedgerEntry[] {
    const rows = playerRef === undefined ? this.statements.allEntries.all() : this.statements.entriesOf.all(playerRef);
    return rows.map(toLedgerEntry);
  }

  private settleNow(request: TransactionRequest, forceDecline: boolean): SettledTransaction {
    const cached = this.statements.cached.get(request.playerRef, request.transactionId);
    if (cached) return { outcome: "replayed", response: JSON.parse(cached.response) as TransactionResponse };
    const before = this.ensurePlayer(request.playerRef);
    const delta = this.decideDelta(request, before, forceDecline);
    const status: TransactionResponse["status"] = delta === "DECLINED" ? "DECLINED" : "OK";
    const move = delta === "DECLINED" ? 0 : delta;
    const balanceAfter = before + move;
    if (!Number.isSafeInteger(balanceAfter)) throw new InvalidTransactionError("the balance would leave the safe integer range");
    if (move !== 0) this.statements.setBalance.run(balanceAfter, request.playerRef);
    const response: TransactionResponse = { status, balance: balanceAfter };
    this.statements.record.run({
      playerRef: request.playerRef,
      transactionId: request.transactionId,
      type: request.type,
      status,
      amount: request.amount,
      delta: move,
      balanceAfter,
      roundId: request.roundId,
      gameId: request.gameId,
      currency: request.currency,
      originalTransactionId: request.type === "ROLLBACK" ? request.originalTransactionId : null,
      response: JSON.stringify(response),
      at: new Date().toISOString(),
    });
    return { outcome: status === "OK" ? "applied" : "declined", response };
  }

  /** The signed balance move a new transaction makes, or DECLINED (BET only). */
  private decideDelta(request: TransactionRequest, balance: number, forceDecline: boolean): number | "DECLINED" {
    const { playerRef, amount } = request;
    switch (request.type) {
      case "BET": {
        const { minBet, maxBet } = this.rules;
        if (forceDecline) return "DECLINED";
        // A BET whose rollback already came (the BET itself was delayed or lost and retried late) must not
        // take money that nothing will ever give back.
        if (this.statements.reversal.get(playerRef, request.transactionId)) return "DECLINED";
        if (minBet !== undefined && amount < minBet) return "DECLINED";
        if (maxBet !== undefined && amount > maxBet) return "DECLINED";
        return amount > balance ? "DECLINED" : -amount;
      }
      case "WIN":
        return amount;
      case "ADJUSTMENT":
        return request.direction === "CREDIT" ? amount : -amount;
      case "ROLLBACK": {
        const original = request.originalTransactionId as string;
        if (this.statements.reversal.get(playerRef, original)) return 0;
        this.statements.recordReversal.run(playerRef, original, request.transactionId);
        // The refund is the stored amount of the BET as applied, never the amount the rollback carries.
        const bet = this.statements.bet.get(playerRef, original);
        return bet && bet.status === "OK" ? bet.amount : 0;
      }
    }
  }

  private ensurePlayer(playerRef: string): number {
    this.statements.createPlayer.run(playerRef, this.rules.startingBalance, new Date().toISOString());
    return (this.statements.balance.get(playerRef) as { balance: number }).balance;
  }
}

function validate(request: TransactionRequest): void {
  if (!TYPES.includes(request.type)) throw new InvalidTransactionError("type must be BET, WIN, ROLLBACK or ADJUSTMENT");
  for (const key of ["transactionId", "playerRef", "roundId", "gameId", "currency"] as const) {
    if (typeof request[key] !== "string" || request[key] === "") throw new InvalidTransactionError(`${key} is required`);
  }
  requireMinorUnits(request.amount, "amount");
  if (request.type === "ROLLBACK" && !request.originalTransactionId) {
    throw new InvalidTransactionError("originalTransactionId is required for ROLLBACK");
  }
  if (request.type === "ADJUSTMENT" && request.direction !== "DEBIT" && request.direction !== "CREDIT") {
    throw new InvalidTransactionError("direction DEBIT or CREDIT is required for ADJUSTMENT");
  }
}

function requireMinorUnits(value: unknown, name: string): void {
  if (!Number.isSafeInteger(value) || (value as number) < 0) {
    throw new InvalidTransactionError(`${name} must be an integer >= 0 in minor units`);
  }
}

function toLedgerEntry(row: TransactionRow): LedgerEntry {
  return {
    playerRef: row.player_ref,
    transactionId: row.transaction_id,
    type: row.type,
    status: row.status,
    amount: row.amount,
    delta: row.delta,
    balanceAfter: row.balance_after,
    roundId: row.round_id,
    gameId: row.game_id,
    currency: row.currency,
    ...(row.original_transaction_id === null ? {} : { originalTransactionId: row.original_transaction_id }),
    at: row.at,
  };
}
