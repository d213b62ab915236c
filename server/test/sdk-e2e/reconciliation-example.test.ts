import { createOperatorClient } from "@croupier/sdk-operator";
import { afterEach, describe, expect, it } from "vitest";
import { deliveryLog, resendStuckCredits, unsettledWins } from "../../../sdk-operator/examples/reconciliation.js";
import { OPERATOR, PROVIDER } from "../harness.js";
import { startReconciliationSetup } from "../reconciliation/reconciliation-harness.js";
import { betRequest, eventually, postTransaction } from "../wallet-harness.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The operator SDK README's reconciliation example, unchanged, against the real service and a failing wallet. */
describe("operator SDK reconciliation example against the real server", () => {
  it("finds a player's unsettled WIN across pages, reads its delivery log, and re-sends it once the wallet is back", async () => {
    const { wallet, server, p1 } = await startReconciliationSetup(
      { settlementRetry: { initialDelaySeconds: 0.02, maxDelaySeconds: 0.05, horizonSeconds: 0.3 } },
      cleanups,
    );
    const client = createOperatorClient({ baseUrl: server.url, tenantId: OPERATOR.id, secret: OPERATOR.secret });
    const win = betRequest(p1, { roundId: "r-sdk", type: "WIN", amount: 900 });
    wallet.fault = (tx) => (tx.transactionId === win.transactionId ? { status: 503, body: { error: "maintenance" } } : undefined);
    expect((await postTransaction(server.url, win)).status).toBe(500);
    // More than one page of settled WINs after it (the example asks for 100 a page).
    for (let i = 0; i < 101; i += 1)
      expect((await postTransaction(server.url, betRequest(p1, { roundId: `r-ok-${i}`, type: "WIN", amount: 1 }))).status).toBe(200);
    await eventually(async () => (await client.listProblems()).data?.counts.UNSETTLED_CREDIT === 1, 10_000, 50);

    expect((await unsettledWins(client, "p-1")).map((t) => t.transactionId)).toEqual([win.transactionId]);
    const log = await deliveryLog(client, PROVIDER.id, String(win.transactionId));
    expect(log.length).toBeGreaterThan(1);
    expect(log[0]).toBe('attempt 1 by PROVIDER: 503 {"error":"maintenance"}');
    expect(log[1]).toMatch(/^attempt 2 by SETTLEMENT_RETRY: 503 /);

    wallet.fault = undefined;
    const states = await resendStuckCredits(client);
    expect(Object.values(states)).toEqual(["OK"]);
    expect(wallet.applied.filter((t) => t.transactionId === win.transactionId)).toHaveLength(1);
    expect(await unsettledWins(client, "p-1")).toEqual([]);
  });
});
