import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { OPERATOR, OTHER_OPERATOR, PROVIDER } from "../harness.js";
import { betRequest, postTransaction } from "../wallet-harness.js";
import { get, startReconciliationSetup, transactionPath } from "./reconciliation-harness.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const ids = (reply: { json: { items: { transactionId: string }[] } }) => reply.json.items.map((t) => t.transactionId);

describe("operator reconciliation API: transactions", () => {
  it("lists the operator's own transactions newest first, filtered by every parameter", async () => {
    const { wallet, server, p1, p2, beta } = await startReconciliationSetup({}, cleanups);
    const bet1 = betRequest(p1, { roundId: "r-1", amount: 100 });
    const win1 = betRequest(p1, { roundId: "r-1", type: "WIN", amount: 250, roundComplete: true });
    const bet2 = betRequest(p2, { roundId: "r-2", playerRef: "p-2", gameId: "nebula", amount: 40 });
    const declined = betRequest(p2, { roundId: "r-3", playerRef: "p-2", gameId: "nebula", amount: 1_000_000 });
    const failedWin = betRequest(p1, { roundId: "r-4", type: "WIN", amount: 7 });
    const others = betRequest(beta, { roundId: "r-1", playerRef: "p-9", amount: 5 });
    for (const tx of [bet1, win1, bet2, declined]) expect((await postTransaction(server.url, tx)).status).toBe(200);
    const between = Date.now();
    await new Promise((r) => setTimeout(r, 5));
    wallet.fault = (tx) => (tx.transactionId === failedWin.transactionId ? { status: 503, body: { error: "maintenance" } } : undefined);
    expect((await postTransaction(server.url, failedWin)).status).toBe(500);
    expect((await postTransaction(server.url, others)).status).toBe(200);

    const all = await get(server, "/v1/operator/transactions");
    expect(all.status).toBe(200);
    expect(ids(all)).toEqual([failedWin, declined, bet2, win1, bet1].map((t) => t.transactionId));
    expect(all.json.nextCursor).toBeNull();
    expect(all.json.items[3]).toEqual({
      operatorId: OPERATOR.id,
      providerId: PROVIDER.id,
      transactionId: win1.transactionId,
      type: "WIN",
      playerRef: "p-1",
      gameId: "starfall",
      roundId: "r-1",
      amount: 250,
      currency: "EUR",
      originalTransactionId: null,
      roundComplete: true,
      state: "OK",
      balance: 10_150,
      attempts: 1,
      lastError: null,
      nextRetryAt: null,
      problem: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const filtered = async (query: string) => ids(await get(server, `/v1/operator/transactions?${query}`));
    expect(await filtered("playerRef=p-2")).toEqual([declined.transactionId, bet2.transactionId]);
    expect(await filtered("roundId=r-1")).toEqual([win1.transactionId, bet1.transactionId]);
    expect(await filtered(`transactionId=${String(bet2.transactionId)}`)).toEqual([bet2.transactionId]);
    expect(await filtered("type=WIN")).toEqual([failedWin.transactionId, win1.transactionId]);
    expect(await filtered("state=DECLINED")).toEqual([declined.transactionId]);
    expect(await filtered("state=FAILED")).toEqual([failedWin.transactionId]);
    expect(await filtered(`providerId=${PROVIDER.id}`)).toHaveLength(5);
    expect(await filtered("providerId=prov-moon")).toEqual([]);
    expect(await filtered("gameId=nebula")).toEqual([declined.transactionId, bet2.transactionId]);
    const at = encodeURIComponent(new Date(between).toISOString());
    expect(await filtered(`from=${at}`)).toEqual([failedWin.transactionId]);
    expect(await filtered(`to=${at}`)).toEqual([declined, bet2, win1, bet1].map((t) => t.transactionId));
    expect(await filtered("playerRef=p-1&type=WIN&state=OK")).toEqual([win1.transactionId]);
    // Without `from`, a list covers the 24 hours before `to` (or now), and the page says where its window starts.
    expect(Math.abs(Date.parse(all.json.from) - (Date.now() - 86_400_000))).toBeLessThan(60_000);
    expect((await get(server, `/v1/operator/transactions?from=${at}`)).json.from).toBe(new Date(between).toISOString());
    const dayLater = encodeURIComponent(new Date(between + 86_400_000).toISOString());
    const lastDay = await get(server, `/v1/operator/transactions?to=${dayLater}`);
    expect(ids(lastDay)).toEqual([failedWin.transactionId]);
    expect(lastDay.json.from).toBe(new Date(between).toISOString());
    // Another operator's player is invisible, even by its exact ids.
    expect(await filtered("playerRef=p-9")).toEqual([]);
    expect(await filtered(`transactionId=${String(others.transactionId)}`)).toEqual([]);
    expect(ids(await get(server, "/v1/operator/transactions", OTHER_OPERATOR))).toEqual([others.transactionId]);

    // A repeated parameter arrives as an array: the contract's string or integer refuses it before a handler reads it.
    const repeated = ["playerRef=p-1&playerRef=p-2", "limit=1&limit=2", "cursor=MTIz&cursor=MTIz"];
    for (const bad of [
      "type=CASHOUT",
      "state=LOST",
      "from=yesterday",
      "limit=0",
      "limit=201",
      "limit=ten",
      "cursor=%21%21",
      "cursor=MTIz",
      ...repeated,
    ]) {
      const reply = await get(server, `/v1/operator/transactions?${bad}`);
      expect(reply.status, bad).toBe(400);
      expect(reply.json.error, bad).toEqual(expect.any(String));
    }
  });

  it("lists from a `from` decades back at once, its empty hours skipped, on a SQLite file as in memory", async () => {
    const dir = mkdtempSync(join(tmpdir(), "croupier-from-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    for (const sqlitePath of [":memory:", join(dir, "ledger.db")]) {
      const { server, p1 } = await startReconciliationSetup({ sqlitePath }, cleanups);
      const sent = [betRequest(p1, { roundId: "old-1", amount: 1 }), betRequest(p1, { roundId: "old-2", amount: 1 })];
      for (const tx of sent) expect((await postTransaction(server.url, tx)).status).toBe(200);
      const epoch = encodeURIComponent("1970-01-01T00:00:00Z");
      const started = performance.now();
      const first = await get(server, `/v1/operator/transactions?from=${epoch}&limit=1`);
      expect(first.status, JSON.stringify(first.json)).toBe(200);
      expect(ids(first)).toEqual([sent[1]!.transactionId]);
      const second = await get(server, `/v1/operator/transactions?from=${epoch}&limit=1&cursor=${String(first.json.nextCursor)}`);
      expect(ids(second)).toEqual([sent[0]!.transactionId]);
      const filtered = await get(server, `/v1/operator/transactions?from=${epoch}&type=BET&state=OK`);
      expect(filtered.status, JSON.stringify(filtered.json)).toBe(200);
      expect(ids(filtered)).toEqual([sent[1], sent[0]].map((t) => t!.transactionId));
      const before = await get(server, `/v1/operator/transactions?from=${epoch}&to=${encodeURIComponent("2000-01-01T00:00:00Z")}`);
      expect(ids(before)).toEqual([]);
      // 56 years are about 490,000 hours: walked an hour at a time, the list ran into its 5-second budget (a 500).
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });

  it("paginates in a stable order: transactions recorded between pages neither repeat nor shift what later pages show", async () => {
    const { server, p1 } = await startReconciliationSetup({}, cleanups);
    const first = [];
    for (let i = 0; i < 7; i += 1) {
      const tx = betRequest(p1, { roundId: `page-${i}`, amount: 1 });
      first.push(tx.transactionId);
      expect((await postTransaction(server.url, tx)).status).toBe(200);
    }
    const seen: unknown[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const reply = await get(server, `/v1/operator/transactions?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(reply.status).toBe(200);
      expect(reply.json.items.length).toBeLessThanOrEqual(3);
      seen.push(...ids(reply));
      cursor = reply.json.nextCursor;
      pages += 1;
      // New transactions arrive while the operator reads: they belong before the first page, never in a later one.
      expect((await postTransaction(server.url, betRequest(p1, { roundId: `late-${pages}`, amount: 1 }))).status).toBe(200);
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...first].reverse());
    // The default page holds 50; the newest come first.
    const latest = await get(server, "/v1/operator/transactions");
    expect(latest.json.items).toHaveLength(10);
    expect(latest.json.items[0].roundId).toBe("late-3");
  });

  it("shows one transaction in full: the body sent byte for byte (its session token redacted) and every call made to the wallet", async () => {
    const { wallet, server, p1 } = await startReconciliationSetup(
      { settlementRetry: { initialDelaySeconds: 0.05, maxDelaySeconds: 0.05, horizonSeconds: 60 } },
      cleanups,
    );
    const win = betRequest(p1, { roundId: "r-full", type: "WIN", amount: 30, metadata: { spin: 7, note: "ü" } });
    let failures = 1;
    wallet.fault = (tx) => (tx.transactionId === win.transactionId && failures-- > 0 ? { status: 500, body: { error: "ledger locked" } } : undefined);
    expect((await postTransaction(server.url, win)).status).toBe(500);
    const path = transactionPath(PROVIDER.id, win.transactionId);
    let detail = await get(server, path);
    for (let i = 0; i < 100 && detail.json.state !== "OK"; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      detail = await get(server, path);
    }
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({ transactionId: win.transactionId, state: "OK", balance: 10_030, attempts: 2 });
    // What the wallet received, twice, is exactly what the API shows as the request, but for the session token.
    const received = wallet.requests.filter((r) => r.method === "POST").map((r) => r.body);
    const shown = received[0]!.replace(`"sessionToken":${JSON.stringify(p1)}`, '"sessionToken":"[redacted]"');
    expect(received).toEqual([received[0], received[0]]);
    expect(detail.json.request).toBe(shown);
    expect(JSON.parse(detail.json.request)).toMatchObject({ transactionId: win.transactionId, metadata: { spin: 7, note: "ü" } });
    const [firstCall, secondCall] = detail.json.deliveryLog;
    expect(detail.json.deliveryLog).toHaveLength(2);
    expect(firstCall).toEqual({
      attempt: 1,
      requestedBy: "PROVIDER",
      actor: null,
      startedAt: expect.any(String),
      endedAt: expect.any(String),
      durationMs: expect.any(Number),
      httpStatus: 500,
      failure: null,
      response: '{"error":"ledger locked"}',
      outcome: "FAILED",
    });
    expect(secondCall).toMatchObject({ attempt: 2, requestedBy: "SETTLEMENT_RETRY", actor: null, httpStatus: 200, failure: null, outcome: "OK" });
    expect(JSON.parse(secondCall.response)).toEqual({ status: "OK", balance: 10_030 });
    expect(Date.parse(secondCall.startedAt)).toBeGreaterThanOrEqual(Date.parse(firstCall.endedAt));

    // A wallet that is not there: a network failure, with no status and no answer.
    await wallet.close();
    const lost = betRequest(p1, { roundId: "r-lost", amount: 5 });
    expect((await postTransaction(server.url, lost)).status).toBe(500);
    const lostDetail = await get(server, transactionPath(PROVIDER.id, lost.transactionId));
    expect(lostDetail.json.deliveryLog).toEqual([
      expect.objectContaining({ attempt: 1, requestedBy: "PROVIDER", httpStatus: null, failure: "NETWORK", response: null, outcome: "FAILED" }),
    ]);

    // Unknown, another provider's key, another operator's: 404 alike.
    for (const [target, tenant] of [
      [transactionPath(PROVIDER.id, "nope"), OPERATOR],
      [transactionPath("prov-moon", win.transactionId), OPERATOR],
      [path, OTHER_OPERATOR],
    ] as const) {
      const reply = await get(server, target, tenant);
      expect(reply.status).toBe(404);
      expect(reply.json).toEqual({ error: "transaction not found", code: "not_found" });
    }
  });

  it("shows a round with its transactions in order and its state: open, complete, reconciled", async () => {
    const { server, p1 } = await startReconciliationSetup({ reconciler: { staleRoundSeconds: 0, sweepIntervalSeconds: 3600 } }, cleanups);
    const bet = betRequest(p1, { roundId: "r-done", amount: 100 });
    const win = betRequest(p1, { roundId: "r-done", type: "WIN", amount: 150, roundComplete: true });
    const open = betRequest(p1, { roundId: "r-open", amount: 20 });
    for (const tx of [bet, win, open]) expect((await postTransaction(server.url, tx)).status).toBe(200);

    const done = await get(server, "/v1/operator/rounds/starfall/r-done");
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ providerId: PROVIDER.id, gameId: "starfall", roundId: "r-done", playerRef: "p-1", state: "COMPLETE" });
    expect(done.json.transactions.map((t: { transactionId: string }) => t.transactionId)).toEqual([bet.transactionId, win.transactionId]);
    expect((await get(server, "/v1/operator/rounds/starfall/r-open")).json.state).toBe("OPEN");

    await server.services.reconciler.runOnce();
    const reconciled = await get(server, "/v1/operator/rounds/starfall/r-open");
    expect(reconciled.json.state).toBe("RECONCILED");
    expect(reconciled.json.transactions.map((t: { transactionId: string; state: string }) => [t.transactionId, t.state])).toEqual([
      [open.transactionId, "OK"],
      [`stale-rollback:${String(open.transactionId)}`, "OK"],
    ]);
    const log = await get(server, transactionPath(PROVIDER.id, `stale-rollback:${String(open.transactionId)}`));
    expect(log.json.deliveryLog).toEqual([expect.objectContaining({ requestedBy: "RECONCILER", httpStatus: 200, outcome: "OK" })]);

    for (const [target, tenant] of [
      ["/v1/operator/rounds/starfall/r-none", OPERATOR],
      ["/v1/operator/rounds/nebula/r-done", OPERATOR],
      ["/v1/operator/rounds/starfall/r-done", OTHER_OPERATOR],
    ] as const) {
      const reply = await get(server, target, tenant);
      expect(reply.status).toBe(404);
      expect(reply.json).toEqual({ error: "round not found", code: "not_found" });
    }
  });
});
