/** Example: answering "my win never arrived" and mending it, with the reconciliation API. */
import type { OperatorClient, TransactionSummary, WalletCall } from "@croupier/sdk-operator";

/** Every WIN of a player that the wallet has not applied, across every page (newest first). */
export async function unsettledWins(client: OperatorClient, playerRef: string): Promise<TransactionSummary[]> {
  const found: TransactionSummary[] = [];
  // One request per page of 100, sent as the loop reaches it; a failed page throws its CroupierApiError.
  for await (const transaction of client.eachTransaction({ playerRef, type: "WIN", limit: 100 })) {
    if (transaction.state !== "OK") found.push(transaction);
  }
  return found;
}

/** What the wallet answered to each call made for a transaction: "attempt 1 by PROVIDER: 500 {...}". */
export async function deliveryLog(client: OperatorClient, providerId: string, transactionId: string): Promise<string[]> {
  const { data, error } = await client.getTransaction(providerId, transactionId);
  if (error) throw error;
  const outcome = (c: WalletCall) => (c.httpStatus === null ? (c.failure ?? "in flight") : `${c.httpStatus} ${c.response ?? ""}`);
  return data.deliveryLog.map((c) => `attempt ${c.attempt} by ${c.requestedBy}: ${outcome(c)}`);
}

/** Re-sends every open unsettled credit once; returns the state of each afterwards, by problem id. */
export async function resendStuckCredits(client: OperatorClient): Promise<Record<string, string>> {
  const { data, error } = await client.listProblems({ kind: "UNSETTLED_CREDIT" });
  if (error) throw error;
  const states: Record<string, string> = {};
  for (const problem of data.items) {
    const resent = await client.resendProblem(problem.id);
    // 409: someone else re-sent it first, or it settled meanwhile; nothing more to do.
    states[problem.id] = resent.data ? resent.data.transaction.state : `not re-sent (${resent.error.status} ${resent.error.message})`;
  }
  return states;
}
