import { afterEach, describe, expect, it } from "vitest";
import { OPERATOR, OTHER_OPERATOR } from "../harness.js";
import { signIn } from "../backoffice-harness.js";
import { betRequest, eventually, postTransaction } from "../wallet-harness.js";
import { get, startReconciliationSetup, type TestServer } from "./reconciliation-harness.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const FAST_HORIZON = { settlementRetry: { initialDelaySeconds: 0.02, maxDelaySeconds: 0.05, horizonSeconds: 0.3 } };

/**
 * The open problems' ids in the order of `transactionIds`: the settlement retry flags credits in the order their retries
 * fall due, not the order they were made, so the list's order says nothing about which problem is which.
 */
async function openProblemIds(server: TestServer, transactionIds: unknown[]): Promise<string[]> {
  let items: { id: string; transactionId: unknown }[] = [];
  await eventually(
    async () => {
      items = (await get(server, "/v1/operator/problems")).json.items;
      return items.length === transactionIds.length;
    },
    10_000,
    50,
  );
  return transactionIds.map((transactionId) => items.find((p) => p.transactionId === transactionId)!.id);
}

describe("re-send and resolve from the back office (session cookie and CSRF token)", () => {
  it("lets a manager re-send and resolve, audited under their name; refuses a viewer, a missing token and another operator", async () => {
    const { wallet, server, p1 } = await startReconciliationSetup(FAST_HORIZON, cleanups, 15_000);
    const accounts = server.services.backoffice;
    const password = "correct horse battery staple";
    await accounts.addUser({ username: "alice", operatorId: OPERATOR.id, role: "manager", password });
    await accounts.addUser({ username: "victor", operatorId: OPERATOR.id, role: "viewer", password });
    await accounts.addUser({ username: "bob", operatorId: OTHER_OPERATOR.id, role: "manager", password });
    await accounts.addUser({ username: "root", operatorId: null, role: "manager", password });

    const wins = [betRequest(p1, { roundId: "r-a", type: "WIN", amount: 700 }), betRequest(p1, { roundId: "r-b", type: "WIN", amount: 5 })];
    wallet.fault = () => ({ status: 502, body: { error: "wallet down" } });
    for (const win of wins) expect((await postTransaction(server.url, win)).status).toBe(500);
    const [winOf700, winOf5] = await openProblemIds(
      server,
      wins.map((win) => win.transactionId),
    );
    wallet.fault = undefined;

    const victor = await signIn(server.url, "victor");
    expect((await victor.request("GET", "/v1/operator/problems")).json.items).toHaveLength(2);
    for (const [path, body] of [
      [`/v1/operator/problems/${winOf700}/resend`, undefined],
      [`/v1/operator/problems/${winOf5}/resolve`, { note: "viewer" }],
    ] as const) {
      const refused = await victor.request("POST", path, body);
      expect(refused.status, path).toBe(403);
      expect(refused.json).toEqual({ error: "a viewer account can only read", code: "forbidden" });
    }

    const alice = await signIn(server.url, "alice");
    const noToken = await alice.request("POST", `/v1/operator/problems/${winOf700}/resend`, undefined, { "x-csrf-token": "" });
    expect(noToken.status).toBe(403);
    const bob = await signIn(server.url, "bob");
    expect((await bob.request("POST", `/v1/operator/problems/${winOf700}/resend`)).status).toBe(404);
    expect(wallet.applied).toEqual([]);

    // Two clicks at once: one wallet call, the other 409.
    const clicks = await Promise.all([0, 1].map(() => alice.request("POST", `/v1/operator/problems/${winOf700}/resend`)));
    expect(clicks.map((c) => c.status).sort()).toEqual([200, 409]);
    const resent = clicks.find((c) => c.status === 200)!.json;
    expect(resent.transaction).toMatchObject({ state: "OK", balance: 10_700 });
    expect(resent.transaction.deliveryLog.at(-1)).toMatchObject({ requestedBy: "OPERATOR", actor: "backoffice:alice", outcome: "OK" });
    expect(wallet.applied.filter((t) => t.transactionId === wins[0]!.transactionId)).toHaveLength(1);

    // A platform account acts for the operator it names.
    const root = await signIn(server.url, "root");
    const resolved = await root.request(
      "POST",
      `/v1/operator/problems/${winOf5}/resolve`,
      { note: "paid by hand, ticket 9" },
      { "x-operator-id": OPERATOR.id },
    );
    expect(resolved.status).toBe(200);
    expect(resolved.json).toMatchObject({ id: winOf5, resolvedBy: "backoffice:root", resolution: "paid by hand, ticket 9" });

    const audit = await alice.request("GET", "/v1/operator/audit-log");
    const [resolve, ...rest] = audit.json.items.map((e: { actor: string; action: string; result: string }) => [e.actor, e.action, e.result]);
    expect(resolve).toEqual(["backoffice:root", "RESOLVE", "RESOLVED"]);
    // The click that lost is audited as refused; then the accounts the admin added (issue 30 item 10).
    expect(rest.slice(0, 2).sort()).toEqual([
      ["backoffice:alice", "RESEND", "OK"],
      ["backoffice:alice", "RESEND", expect.stringMatching(/^REFUSED: /)],
    ]);
    expect(rest.slice(2).map((r: string[]) => r[1])).toEqual(["ACCOUNT_ADD", "ACCOUNT_ADD", "ACCOUNT_ADD"]);
  });
});
