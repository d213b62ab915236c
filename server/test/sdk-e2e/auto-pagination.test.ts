import { createOperatorClient, type CroupierApiError, type OperatorClient } from "@croupier/sdk-operator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR } from "../harness.js";
import { startReconciliationSetup, type TestServer } from "../reconciliation/reconciliation-harness.js";
import { betRequest, eventually, postTransaction } from "../wallet-harness.js";

/** Collects an async iterator's items. */
async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const item of items) found.push(item);
  return found;
}

/**
 * The operator SDK's iterators against the real service, one item a page so each walks several pages: they yield
 * exactly what one large page lists, in the same order, send one request per page and none after a `break`, and
 * throw a page's error.
 */
describe("operator SDK auto-pagination against the real server", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  let server: TestServer;
  let client: OperatorClient;
  const requests: string[] = [];

  beforeAll(async () => {
    const setup = await startReconciliationSetup(
      { settlementRetry: { initialDelaySeconds: 0.02, maxDelaySeconds: 0.05, horizonSeconds: 0.2 } },
      cleanups,
    );
    server = setup.server;
    const countingFetch = (request: Request) => {
      requests.push(new URL(request.url).search);
      return fetch(request);
    };
    client = createOperatorClient({ baseUrl: server.url, tenantId: OPERATOR.id, secret: OPERATOR.secret, fetch: countingFetch as typeof fetch });
    for (let i = 0; i < 3; i += 1) expect((await postTransaction(server.url, betRequest(setup.p1, { amount: 1 }))).status).toBe(200);
    // Three grants, recorded and failed (the test provider has no webhook URL), for the grant list.
    for (let i = 0; i < 3; i += 1)
      expect(
        (await client.issueGrant({ playerRef: "p-1", gameId: "starfall", spins: 3, currency: "EUR", idempotencyKey: `page-${i}` })).error?.status,
      ).toBe(502);
    // Two credits the wallet refuses become two open problems once the settlement retry gives up.
    setup.wallet.fault = (tx) => (tx.type === "WIN" ? { status: 503, body: { error: "maintenance" } } : undefined);
    for (let i = 0; i < 2; i += 1) expect((await postTransaction(server.url, betRequest(setup.p1, { type: "WIN", amount: 5 }))).status).toBe(500);
    await eventually(async () => (await client.listProblems()).data?.counts.UNSETTLED_CREDIT === 2, 10_000, 50);
    // A re-send is audited: two, refused by the wallet still, make two entries and leave both problems open.
    const problems = await client.listProblems();
    for (const problem of problems.data?.items ?? []) expect((await client.resendProblem(problem.id)).data?.transaction.state).toBe("FAILED");
  });
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("each iterator yields what one page of 200 lists, in order, one request per page of 1", async () => {
    const lists = [
      ["eachGrant", () => client.listGrants({ limit: 200 }), () => client.eachGrant({ limit: 1 })],
      ["eachTransaction", () => client.listTransactions({ limit: 200 }), () => client.eachTransaction({ limit: 1 })],
      ["eachProblem", () => client.listProblems({ limit: 200 }), () => client.eachProblem({ limit: 1 })],
      ["eachAuditEntry", () => client.listAuditLog({ limit: 200 }), () => client.eachAuditEntry({ limit: 1 })],
      ["eachSession", () => client.listSessions({ status: "all", limit: 200 }), () => client.eachSession({ status: "all", limit: 1 })],
    ] as const;
    for (const [name, onePage, each] of lists) {
      const { data, error } = await onePage();
      if (error) throw error;
      expect(data.nextCursor, name).toBeNull();
      expect(data.items.length, name).toBeGreaterThanOrEqual(2);
      requests.length = 0;
      expect(await collect<unknown>(each()), name).toEqual(data.items);
      // One page per item, then the last (empty-cursor) page answered with the last item.
      expect(requests, name).toHaveLength(data.items.length);
      expect(
        requests.slice(1).every((search) => search.includes("cursor=")),
        name,
      ).toBe(true);
    }
  });

  it("keeps the query's filters on every page and sends nothing after a break", async () => {
    requests.length = 0;
    const wins = await collect(client.eachTransaction({ type: "WIN", limit: 1 }));
    expect(wins.map((t) => [t.type, t.state])).toEqual([
      ["WIN", "FAILED"],
      ["WIN", "FAILED"],
    ]);
    expect(requests.every((search) => search.includes("type=WIN"))).toBe(true);

    requests.length = 0;
    for await (const transaction of client.eachTransaction({ limit: 1 })) {
      expect(transaction.type).toBe("WIN");
      break;
    }
    expect(requests).toHaveLength(1);
  });

  it("throws the page's CroupierApiError out of the loop", async () => {
    const thrown = await collect(client.eachTransaction({ cursor: "not-a-cursor" })).catch((error: unknown) => error as CroupierApiError);
    expect(thrown).toMatchObject({ name: "CroupierApiError", status: 400, kind: "validation", code: "bad_request" });
  });
});
