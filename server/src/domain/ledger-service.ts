import type { ServiceSchemas } from "@croupier/contract";
import { notFound } from "./errors.js";
import type { OperationQuery } from "./contract-operations.js";
import { readPage, TIME_POSITION } from "./page-cursor.js";
import type { LedgerQueries, TransactionFilter } from "./ports/ledger-queries.js";
import type { TransactionRelay } from "./transaction-relay.js";
import { roundDetail, transactionDetail, transactionSummary } from "./reconciliation-views.js";

/** The query of `GET /v1/operator/transactions` as validated by the OpenAPI (times RFC 3339). */
export type TransactionListQuery = OperationQuery<"listTransactions">;

/**
 * What an operator reads of its own ledger: transactions (filtered, newest first, paginated) and one in full with its
 * delivery log, and rounds. Another operator's transaction or round is simply not found.
 */
export class LedgerService {
  constructor(
    private readonly queries: LedgerQueries,
    private readonly relay: Pick<TransactionRelay, "callbackBodyOf">,
  ) {}

  async listTransactions(operatorId: string, query: TransactionListQuery): Promise<ServiceSchemas["TransactionPage"]> {
    const { from, to, cursor, limit, ...equal } = query;
    const filter: TransactionFilter = {
      ...equal,
      ...(from === undefined ? {} : { from: Date.parse(from) }),
      ...(to === undefined ? {} : { to: Date.parse(to) }),
    };
    const { rows, nextCursor } = await readPage(
      { cursor, limit },
      TIME_POSITION,
      (after, size) => this.queries.list(operatorId, filter, after, size),
      (t) => t.position,
    );
    return { items: rows.map(transactionSummary), nextCursor };
  }

  async transaction(operatorId: string, providerId: string, transactionId: string): Promise<ServiceSchemas["TransactionDetail"]> {
    const found = await this.queries.detail(operatorId, { providerId, transactionId });
    if (!found) throw notFound("transaction not found");
    return transactionDetail(found, this.relay.callbackBodyOf(found));
  }

  async round(operatorId: string, gameId: string, roundId: string): Promise<ServiceSchemas["RoundDetail"]> {
    const found = await this.queries.round(operatorId, gameId, roundId);
    if (!found) throw notFound("round not found");
    return roundDetail(found);
  }
}
