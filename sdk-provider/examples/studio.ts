import type { ProviderClient, ProviderGrant, RoundDetail, TransactionSummary, WebhookDelivery } from "@croupier/sdk-provider";

/** The grants an operator issued you that never reached your server, each with the failed calls made about it. */
export async function failedGrants(croupier: ProviderClient): Promise<{ grant: ProviderGrant; calls: WebhookDelivery[] }[]> {
  const grants: ProviderGrant[] = [];
  // Every page of the failed grants, asked for as the loop reaches it; a failed page throws its CroupierApiError.
  for await (const grant of croupier.eachGrant({ status: "failed" })) grants.push(grant);
  return Promise.all(
    grants.map(async (grant) => {
      const { data, error } = await croupier.listWebhookDeliveries({ grantId: grant.id, outcome: "FAILED" });
      if (error) throw error;
      return { grant, calls: data.items };
    }),
  );
}

/**
 * After your webhook server moved: points the service at it, checks with a test webhook that it answers, then re-sends
 * the failed issue call of every failed grant (your server deduplicates it by requestRef, so a grant it did make is not
 * made twice). Resolves with each re-sent call as it ended.
 */
export async function moveWebhooksAndResend(croupier: ProviderClient, webhookUrl: string): Promise<WebhookDelivery[]> {
  const moved = await croupier.setWebhookUrl(webhookUrl);
  if (moved.error) throw moved.error;
  const test = await croupier.sendTestWebhook();
  if (test.error) throw test.error;
  if (test.data.outcome !== "DELIVERED") throw new Error(`the test webhook failed: ${test.data.error}`);
  const resent: WebhookDelivery[] = [];
  for (const { calls } of await failedGrants(croupier)) {
    const latest = calls.find((call) => call.event === "GRANT_ISSUE");
    if (!latest) continue;
    const { data, error } = await croupier.resendWebhookDelivery(latest.id);
    if (error) throw error;
    resent.push(data);
  }
  return resent;
}

/** Your transactions at one operator whose wallet never settled them (FAILED or TIMED_OUT), each with its round. */
export async function unsettledAt(croupier: ProviderClient, operatorId: string): Promise<{ transaction: TransactionSummary; round: RoundDetail }[]> {
  const found: { transaction: TransactionSummary; round: RoundDetail }[] = [];
  for (const state of ["FAILED", "TIMED_OUT"] as const) {
    const { data, error } = await croupier.listTransactions({ operatorId, state });
    if (error) throw error;
    for (const transaction of data.items) {
      const round = await croupier.getRound(operatorId, transaction.gameId, transaction.roundId);
      if (round.error) throw round.error;
      found.push({ transaction, round: round.data });
    }
  }
  return found;
}
