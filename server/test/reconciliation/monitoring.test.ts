import { afterEach, describe, expect, it } from "vitest";
import { OPERATOR, OTHER_OPERATOR, PROVIDER } from "../harness.js";
import { betRequest, eventually, launchSession, postTransaction } from "../wallet-harness.js";
import { get, post, startReconciliationSetup, type TestServer } from "./reconciliation-harness.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Every page of a list, following nextCursor; `between` runs after each page (to record something mid-walk). */
async function walk(server: TestServer, path: string, between?: () => Promise<void>) {
  const pages: { playerRef: string; id: string }[][] = [];
  let cursor: string | null = null;
  do {
    const reply = await get(server, `${path}${path.includes("?") ? "&" : "?"}limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(reply.status, reply.text).toBe(200);
    pages.push(reply.json.items);
    cursor = reply.json.nextCursor;
    await between?.();
  } while (cursor !== null);
  return pages;
}

describe("operator monitoring API: players' sessions and the overview", () => {
  it("lists the operator's own sessions newest first, filtered, paginated stably across launches, never a token", async () => {
    const { server } = await startReconciliationSetup({}, cleanups);
    for (const playerRef of ["p-3", "p-4", "p-5"]) await launchSession(server.url, { playerRef });
    await launchSession(server.url, { playerRef: "p-demo", mode: "DEMO" });

    const all = await get(server, "/v1/operator/sessions");
    expect(all.status).toBe(200);
    expect(all.json.items.map((s: { playerRef: string }) => s.playerRef)).toEqual(["p-demo", "p-5", "p-4", "p-3", "p-2", "p-1"]);
    expect(all.json.nextCursor).toBeNull();
    expect(all.json.items[0]).toEqual({
      id: expect.any(String),
      playerRef: "p-demo",
      sessionRef: expect.any(String),
      operatorId: OPERATOR.id,
      gameId: "starfall",
      providerId: PROVIDER.id,
      currency: "EUR",
      mode: "DEMO",
      language: null,
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      active: true,
    });
    expect(JSON.stringify(all.json)).not.toMatch(/token/i);

    expect((await get(server, "/v1/operator/sessions?playerRef=p-2")).json.items).toMatchObject([{ playerRef: "p-2", gameId: "nebula" }]);
    expect((await get(server, "/v1/operator/sessions?gameId=nebula")).json.items.map((s: { playerRef: string }) => s.playerRef)).toEqual(["p-2"]);
    expect((await get(server, "/v1/operator/sessions?status=expired")).json.items).toEqual([]);

    // Launches made while paging come before the first page: nothing repeats, nothing is skipped.
    let launched = 0;
    const pages = await walk(server, "/v1/operator/sessions", async () => {
      launched += 1;
      await launchSession(server.url, { playerRef: `p-late-${launched}` });
    });
    const walked = pages.flat().map((s) => s.playerRef);
    expect(walked).toEqual(["p-demo", "p-5", "p-4", "p-3", "p-2", "p-1"]);
    expect(new Set(pages.flat().map((s) => s.id)).size).toBe(6);

    // Tenant isolation: op-beta sees only its own p-9, and a kick removes a player's sessions from the list.
    const beta = await get(server, "/v1/operator/sessions", OTHER_OPERATOR);
    expect(beta.json.items.map((s: { playerRef: string }) => s.playerRef)).toEqual(["p-9"]);
    expect((await get(server, "/v1/operator/sessions?playerRef=p-9")).json.items).toEqual([]);
    expect((await get(server, "/v1/operator/sessions?playerRef=p-1", OTHER_OPERATOR)).json.items).toEqual([]);
    expect((await post(server, "/v1/operator/players/kick", { playerRef: "p-3" })).json).toEqual({ revokedCount: 1 });
    expect((await get(server, "/v1/operator/sessions?playerRef=p-3&status=all")).json.items).toEqual([]);

    expect((await get(server, "/v1/operator/sessions?cursor=not-a-cursor!")).status).toBe(400);
    expect((await get(server, "/v1/operator/sessions?limit=0")).status).toBe(400);
    expect((await get(server, "/v1/operator/sessions?status=gone")).status).toBe(400);
  });

  it("tells expired sessions from active ones", async () => {
    const { server } = await startReconciliationSetup(
      { limits: { rateLimit: { requestsPerSecond: 10_000, burst: 10_000 }, sessionTtlSeconds: 1 } },
      cleanups,
    );
    await eventually(async () => (await get(server, "/v1/operator/sessions")).json.items.length === 0, 10_000, 100);
    await launchSession(server.url, { playerRef: "p-fresh" });
    const active = await get(server, "/v1/operator/sessions?status=active");
    expect(active.json.items.map((s: { playerRef: string }) => s.playerRef)).toEqual(["p-fresh"]);
    const expired = await get(server, "/v1/operator/sessions?status=expired");
    expect(expired.json.items.map((s: { playerRef: string; active: boolean }) => [s.playerRef, s.active])).toEqual([
      ["p-2", false],
      ["p-1", false],
    ]);
    expect((await get(server, "/v1/operator/sessions?status=all")).json.items).toHaveLength(3);
  });

  it("sums the last hour: transactions per state and type, wallet calls per outcome with latency, problems, sessions", async () => {
    const { wallet, server, p1, beta } = await startReconciliationSetup({}, cleanups);
    const empty = await get(server, "/v1/operator/overview");
    expect(empty.status).toBe(200);
    expect(empty.json.walletCalls).toEqual({
      total: 0,
      OK: 0,
      DECLINED: 0,
      FAILED: 0,
      TIMED_OUT: 0,
      UNFINISHED: 0,
      latencyP50Ms: null,
      latencyP99Ms: null,
    });

    expect((await postTransaction(server.url, betRequest(p1, { roundId: "r-1", amount: 100 }))).status).toBe(200);
    expect((await postTransaction(server.url, betRequest(p1, { roundId: "r-1", type: "WIN", amount: 250, roundComplete: true }))).status).toBe(200);
    expect((await postTransaction(server.url, betRequest(p1, { roundId: "r-2", amount: 1_000_000 }))).json.status).toBe("DECLINED");
    const failing = betRequest(p1, { roundId: "r-3", type: "WIN", amount: 5 });
    wallet.fault = (tx) => (tx.transactionId === failing.transactionId ? { status: 502, body: { error: "down" } } : undefined);
    expect((await postTransaction(server.url, failing)).status).toBe(500);
    wallet.fault = undefined;
    // Another operator's traffic never counts.
    expect((await postTransaction(server.url, betRequest(beta, { playerRef: "p-9", amount: 10 }))).status).toBe(200);

    const overview = await get(server, "/v1/operator/overview");
    expect(overview.status).toBe(200);
    const { from, to, transactions, walletCalls, openProblems, activeSessions } = overview.json;
    // The current minute and the 59 before it: the counters are kept per minute.
    expect(Date.parse(to) - Date.parse(from)).toBeGreaterThan(59 * 60_000);
    expect(Date.parse(to) - Date.parse(from)).toBeLessThanOrEqual(3_600_000);
    expect(transactions).toEqual({ total: 4, PENDING: 0, OK: 2, DECLINED: 1, FAILED: 1, TIMED_OUT: 0, BET: 2, WIN: 2, ROLLBACK: 0, ADJUSTMENT: 0 });
    // The failed WIN may have been resent by the settlement retry already: each attempt is a call of its own.
    expect(walletCalls.OK).toBe(2);
    expect(walletCalls.DECLINED).toBe(1);
    expect(walletCalls.FAILED).toBeGreaterThanOrEqual(1);
    expect(walletCalls.total).toBe(walletCalls.OK + walletCalls.DECLINED + walletCalls.FAILED + walletCalls.TIMED_OUT + walletCalls.UNFINISHED);
    expect(walletCalls.latencyP50Ms).toEqual(expect.any(Number));
    expect(walletCalls.latencyP99Ms).toBeGreaterThanOrEqual(walletCalls.latencyP50Ms);
    expect(openProblems).toEqual({ UNSETTLED_CREDIT: 0, UNCLOSED_ROUND: 0, UNKNOWN_OUTCOME: 0 });
    expect(activeSessions).toBe(2);

    const other = (await get(server, "/v1/operator/overview", OTHER_OPERATOR)).json;
    expect(other.transactions).toMatchObject({ total: 1, OK: 1, BET: 1 });
    expect(other.activeSessions).toBe(1);
  });
});
