import { createOperatorClient, type CroupierApiError, type OperatorClient } from "@croupier/sdk-operator";
import { createProviderClient, type ProviderClient } from "@croupier/sdk-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, PROVIDER, signedRequest } from "../harness.js";
import { startStudioSetup } from "./studio-setup.js";
import { startReconciliationSetup, type TestServer } from "../reconciliation/reconciliation-harness.js";
import { betRequest, eventually, launchSession, postTransaction } from "../wallet-harness.js";

/** Collects an async iterator's items. */
async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const item of items) found.push(item);
  return found;
}

/** An iterator and the one large page it must match, by name. */
type PagedList = readonly [
  string,
  () => Promise<{ data?: { items: readonly unknown[]; nextCursor?: string | null }; error?: unknown }>,
  () => AsyncIterable<unknown>,
];

/**
 * Each iterator, walked one item a page, yields exactly what one page of 200 lists, in order, with one request per
 * page (`requests` records each request's query), every one after the first with a cursor.
 */
async function expectEachMatchesOnePage(lists: readonly PagedList[], requests: string[]): Promise<void> {
  for (const [name, onePage, each] of lists) {
    const { data, error } = await onePage();
    if (error || !data) throw error ?? new Error(`${name}: no page`);
    expect(data.nextCursor, name).toBeNull();
    expect(data.items.length, name).toBeGreaterThanOrEqual(2);
    requests.length = 0;
    expect(await collect<unknown>(each()), name).toEqual(data.items);
    // One page per item, the last one's answered with no next cursor.
    expect(requests, name).toHaveLength(data.items.length);
    expect(
      requests.slice(1).every((search) => search.includes("cursor=")),
      name,
    ).toBe(true);
  }
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
    await expectEachMatchesOnePage(lists, requests);
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

/**
 * The provider SDK's iterators against the real service, one item a page: each yields exactly what one large page lists,
 * in the same order, one request per page, keeps the query's filters, and sends nothing after a `break`.
 */
describe("provider SDK auto-pagination against the real server", () => {
  let setup: Awaited<ReturnType<typeof startStudioSetup>>;
  let server: Awaited<ReturnType<typeof startStudioSetup>>["server"];
  let croupier: ProviderClient;
  const requests: string[] = [];

  beforeAll(async () => {
    // The wallet is down: each transaction is recorded, FAILED, which is all the lists need.
    setup = await startStudioSetup();
    server = setup.server;
    const countingFetch = (request: Request) => {
      requests.push(new URL(request.url).search);
      return fetch(request);
    };
    croupier = createProviderClient({ baseUrl: server.url, tenantId: PROVIDER.id, secret: PROVIDER.secret, fetch: countingFetch as typeof fetch });
    for (const playerRef of ["p-1", "p-2", "p-3"]) {
      const sessionToken = await launchSession(server.url, { playerRef });
      expect((await postTransaction(server.url, betRequest(sessionToken, { playerRef, amount: 1 }))).status).toBe(500);
    }
    // Two grants the studio takes and two it refuses: deliveries of both outcomes and grants of two states.
    for (const [i, playerRef] of ["p-1", "p-refused", "p-2", "p-refused"].entries()) {
      const issued = await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/free-spins/grants", {
        playerRef,
        gameId: "starfall",
        spins: 3,
        currency: "EUR",
        idempotencyKey: `provider-page-${i}`,
      });
      expect(issued.status).toBe(playerRef === "p-refused" ? 502 : 200);
    }
    // Two test webhooks: two audit entries.
    for (let i = 0; i < 2; i += 1) expect((await croupier.sendTestWebhook()).data?.outcome).toBe("DELIVERED");
  });
  afterAll(async () => {
    await setup?.close();
  });

  it("each iterator yields what one page of 200 lists, in order, one request per page of 1", async () => {
    const lists = [
      ["eachTransaction", () => croupier.listTransactions({ limit: 200 }), () => croupier.eachTransaction({ limit: 1 })],
      ["eachSession", () => croupier.listSessions({ limit: 200 }), () => croupier.eachSession({ limit: 1 })],
      ["eachWebhookDelivery", () => croupier.listWebhookDeliveries({ limit: 200 }), () => croupier.eachWebhookDelivery({ limit: 1 })],
      ["eachGrant", () => croupier.listGrants({ limit: 200 }), () => croupier.eachGrant({ limit: 1 })],
      ["eachAuditEntry", () => croupier.listAuditLog({ limit: 200 }), () => croupier.eachAuditEntry({ limit: 1 })],
    ] as const;
    await expectEachMatchesOnePage(lists, requests);
  });

  it("keeps the query's filters on every page, sends nothing after a break, and throws a page's error", async () => {
    requests.length = 0;
    const failed = await collect(croupier.eachGrant({ status: "failed", limit: 1 }));
    expect(failed.map((g) => [g.playerRef, g.status])).toEqual([
      ["p-refused", "failed"],
      ["p-refused", "failed"],
    ]);
    expect(requests.every((search) => search.includes("status=failed"))).toBe(true);

    requests.length = 0;
    for await (const delivery of croupier.eachWebhookDelivery({ limit: 1 })) {
      expect(delivery.event).toBe("TEST");
      break;
    }
    expect(requests).toHaveLength(1);

    const thrown = await collect(croupier.eachTransaction({ cursor: "not-a-cursor" })).catch((error: unknown) => error as CroupierApiError);
    expect(thrown).toMatchObject({ name: "CroupierApiError", status: 400, kind: "validation" });
  });
});
