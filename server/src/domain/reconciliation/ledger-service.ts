import type { ServiceSchemas } from "@croupier/contract";
import { badRequest, notFound } from "../errors.js";
import type { OperationQuery } from "../contract-operations.js";
import { readPage, TIME_POSITION } from "./page-cursor.js";
import type { LedgerQueries, LedgerScope, TransactionFilter } from "../ports/ledger-queries.js";
import type { TransactionRelay } from "../money/transaction-relay.js";
import { roundDetail, transactionDetail, transactionSummary } from "./reconciliation-views.js";

/**
 * The time window a transaction list reads when no `from` is given: the day before `to` (or now). Every list walks an
 * index in time order inside its window, so the window bounds what one read can cost (issue 30 item 1).
 */
export const DEFAULT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The query of `GET /v1/operator/transactions` (or a provider's, which filters by operator) as validated (times RFC 3339). */
export type TransactionListQuery = OperationQuery<"listTransactions"> | OperationQuery<"listProviderTransactions">;

/**
 * What an operator reads of its own ledger, or a provider of its own across every operator it serves: transactions
 * (filtered, newest first, paginated) and one in full with its delivery log, and rounds. Another tenant's transaction
 * or round is simply not found.
 */
export class LedgerService {
  constructor(
    private readonly queries: LedgerQueries,
    private readonly relay: Pick<TransactionRelay, "callbackBodyOf">,
    private readonly now: () => number = Date.now,
  ) {}

  async listTransactions(scope: LedgerScope, query: TransactionListQuery): Promise<ServiceSchemas["TransactionPage"]> {
    const { from, to, cursor, limit, ...equal } = query;
    const end = to === undefined ? undefined : instant("to", to);
    const start = from === undefined ? (end ?? this.now()) - DEFAULT_WINDOW_MS : instant("from", from);
    const filter: TransactionFilter = { ...equal, from: start, ...(end === undefined ? {} : { to: end }) };
    const { rows, nextCursor } = await readPage(
      { cursor, limit },
      TIME_POSITION,
      (after, size) => this.queries.list(scope, filter, after, size),
      (t) => t.position,
    );
    return { items: rows.map(transactionSummary), nextCursor, from: new Date(start).toISOString() };
  }

  /** One transaction in full; a provider is shown the body sent and the wallet calls, not the wallet's answers. */
  async transaction(scope: LedgerScope, providerId: string, transactionId: string): Promise<ServiceSchemas["TransactionDetail"]> {
    const found = await this.queries.detail(scope, { providerId, transactionId });
    if (!found) throw notFound("transaction not found");
    return transactionDetail(found, this.relay.callbackBodyOf(found), "operatorId" in scope);
  }

  /** One of the operator's rounds (with `providerId`, only if it is that provider's). */
  async round(operatorId: string, gameId: string, roundId: string, providerId?: string): Promise<ServiceSchemas["RoundDetail"]> {
    const found = await this.queries.round(operatorId, gameId, roundId, providerId);
    if (!found) throw notFound("round not found");
    return roundDetail(found);
  }
}

/**
 * A time filter as unix ms. The OpenAPI's date-time format lets through a leap second (`23:59:60`) and offsets such as
 * `+99:99`, which name no instant JavaScript can read, and days past a month's end and hour 24, which JavaScript reads
 * as the next month or day (`2026-02-30` as March 2): a `bad_request`, never a NaN sent to the database or a shifted
 * window.
 */
function instant(name: "from" | "to", text: string): number {
  const ms = Date.parse(text);
  if (Number.isNaN(ms) || !calendarTime(text))
    throw badRequest(`query.${name} must be an RFC 3339 date-time with seconds 00 to 59 and an offset within ±23:59`);
  return ms;
}

/** Whether a date-time's day is one its month has and its hour at most 23. */
function calendarTime(text: string): boolean {
  const [, year, month, day, hour] = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2})/.exec(text) ?? [];
  if (hour === undefined || Number(hour) > 23) return false;
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(Number(year), Number(month), 0); // day 0 of the next month: this month's last
  return Number(day) <= lastDay.getUTCDate();
}
