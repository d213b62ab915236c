import { afterEach, expect, it } from "vitest";
import { describeEachStore } from "../each-store.js";
import { PROVIDER } from "../harness.js";
import { betRequest, eventually, postTransaction } from "../wallet-harness.js";
import { get, post, startReconciliationSetup, transactionPath, type TestServer } from "./reconciliation-harness.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A transaction's `problem` as the list, the detail and its round show it. */
async function shown(server: TestServer, transactionId: unknown, roundId: string): Promise<boolean[]> {
  const listed = (await get(server, "/v1/operator/transactions?type=WIN")).json.items.find(
    (t: { transactionId: unknown }) => t.transactionId === transactionId,
  );
  const detail = (await get(server, transactionPath(PROVIDER.id, transactionId))).json;
  const round = (await get(server, `/v1/operator/rounds/starfall/${roundId}`)).json.transactions[0];
  return [listed.problem, detail.problem, round.problem];
}

/** `problem` means "needs a person" (issue 31): true only while a problem about the transaction is open. */
describeEachStore("a transaction's problem flag", (database) => {
  it("is true while its problem is open, false once a re-send settled it or a person resolved it", async () => {
    const { wallet, server, p1 } = await startReconciliationSetup(
      { database: database(), settlementRetry: { initialDelaySeconds: 0.02, maxDelaySeconds: 0.05, horizonSeconds: 0.3 } },
      cleanups,
    );
    const [resent, resolved] = ["r-resent", "r-resolved"].map((roundId) => betRequest(p1, { roundId, type: "WIN", amount: 100 }));
    wallet.fault = () => ({ status: 503, body: { error: "maintenance" } });
    for (const win of [resent!, resolved!]) expect((await postTransaction(server.url, win)).status).toBe(500);
    let problems: { id: string; transactionId: unknown }[] = [];
    await eventually(async () => {
      problems = (await get(server, "/v1/operator/problems")).json.items;
      return problems.length === 2;
    }, 10_000);
    expect(await shown(server, resent!.transactionId, "r-resent")).toEqual([true, true, true]);

    wallet.fault = undefined;
    const idOf = (transactionId: unknown) => problems.find((p) => p.transactionId === transactionId)!.id;
    expect((await post(server, `/v1/operator/problems/${idOf(resent!.transactionId)}/resend`)).json.transaction).toMatchObject({
      state: "OK",
      problem: false,
    });
    expect(await shown(server, resent!.transactionId, "r-resent")).toEqual([false, false, false]);

    expect(await shown(server, resolved!.transactionId, "r-resolved")).toEqual([true, true, true]);
    expect((await post(server, `/v1/operator/problems/${idOf(resolved!.transactionId)}/resolve`, { note: "paid by hand" })).status).toBe(200);
    expect(await shown(server, resolved!.transactionId, "r-resolved")).toEqual([false, false, false]);
  });
});
