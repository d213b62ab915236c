import { notFound } from "./errors.js";
import { decodeCursor, encodeCursor, pageLimit } from "./page-cursor.js";
import type { LedgerQueries, TransactionFilter } from "./ports/ledger-queries.js";
import type { TransactionRelay } from "./transaction-relay.js";
import { roundDetail, transactionDetail, transactionSummary } from "./reconciliation-views.js";

/** The query of `GET /v1/operator/transactions` as validated by the OpenAPI (times RFC 3339). */
export type TransactionListQuery = Omit<TransactionFilter, "from" | "to"> & { from?: string; to?: string; cursor?: string; limit?: unknown };

/**
 * What an operator reads of its own ledger: transactions (filtered, newest first, paginated) and one in full with its
 * delivery log, and rounds. Another operator's transaction or round is simply not found.
 */
export class LedgerService {
  constructor(
    private readonly queries: LedgerQueries,
    private readonly relay: Pick<TransactionRelay, "callbackBodyOf">,
  ) {}

  async listTransactions(operatorId: string, query: TransactionListQuery) {
    const { from, to, cursor, limit: asked, ...equal } = query;
    const after = decodeCursor(cursor, 2);
    const limit = pageLimit(asked);
    const filter: TransactionFilter = {
      ...equal,
      ...(from === undefined ? {} : { from: Date.parse(from) }),
      ...(to === undefined ? {} : { to: Date.parse(to) }),
    };
    // One more than the page tells whether another page follows, without a count.
    const rows = await this.queries.list(operatorId, filter, after && { createdAt: after[0]!, rowid: after[1]! }, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map(transactionSummary),
      nextCursor: rows.length > limit && last ? encodeCursor([last.position.createdAt, last.position.rowid]) : null,
    };
  }

  async transaction(operatorId: string, providerId: string, transactionId: string) {
    const found = await this.queries.detail(operatorId, { providerId, transactionId });
    if (!found) throw notFound("transaction not found");
    return transactionDetail(found, this.relay.callbackBodyOf(found));
  }

  async round(operatorId: string, gameId: string, roundId: string) {
    const found = await this.queries.round(operatorId, gameId, roundId);
    if (!found) throw notFound("round not found");
    return roundDetail(found);
  }
}
