import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_SCRIPT, OPERATOR, OTHER_OPERATOR, PROVIDER, startTestServer, tempDir, testConfigJson } from "../harness.js";
import { betRequest, eventually, postTransaction, startHoldingWallet } from "../wallet-harness.js";
import { get, post, problemOf, startReconciliationSetup, transactionPath } from "./reconciliation-harness.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const FAST_HORIZON = { settlementRetry: { initialDelaySeconds: 0.02, maxDelaySeconds: 0.05, horizonSeconds: 0.3 } };

describe("operator reconciliation API: problems, re-send, resolve, audit", () => {
  it("queues a credit left unsettled past the horizon; concurrent re-sends make one call and the wallet's ledger moves once", async () => {
    // A generous callback timeout: on a loaded machine a re-send that timed out would rightly be claimed again.
    const { wallet, server, p1 } = await startReconciliationSetup(FAST_HORIZON, cleanups, 15_000);
    const win = betRequest(p1, { roundId: "r-win", type: "WIN", amount: 700 });
    wallet.fault = (tx) => (tx.transactionId === win.transactionId ? { status: 502, body: { error: "wallet down" } } : undefined);
    expect((await postTransaction(server.url, win)).status).toBe(500);
    const problem = await problemOf(server, win.transactionId);

    const listed = await get(server, "/v1/operator/problems");
    expect(listed.status).toBe(200);
    expect(listed.json.counts).toEqual({ UNSETTLED_CREDIT: 1, UNCLOSED_ROUND: 0, UNKNOWN_OUTCOME: 0 });
    expect(listed.json.items).toEqual([
      {
        id: problem.id,
        kind: "UNSETTLED_CREDIT",
        providerId: PROVIDER.id,
        transactionId: win.transactionId,
        gameId: "starfall",
        roundId: "r-win",
        playerRef: "p-1",
        detail: expect.any(String),
        createdAt: expect.any(String),
        resolvedAt: null,
        resolvedBy: null,
        resolution: null,
      },
    ]);
    expect(listed.json.nextCursor).toBeNull();
    expect((await get(server, "/v1/operator/problems?kind=UNCLOSED_ROUND")).json.items).toEqual([]);
    // `problem` says "needs a person": true in the list and the detail while the problem is open.
    const listedWin = async () =>
      (await get(server, `/v1/operator/transactions?type=WIN`)).json.items.find(
        (t: { transactionId: string }) => t.transactionId === win.transactionId,
      );
    expect(await listedWin()).toMatchObject({ state: "FAILED", problem: true });
    expect((await get(server, transactionPath(PROVIDER.id, win.transactionId))).json).toMatchObject({ problem: true });

    // The wallet is mended; five people click "re-send" at once.
    wallet.fault = undefined;
    const callsBefore = wallet.transactionCalls().filter((t) => t.transactionId === win.transactionId).length;
    const replies = await Promise.all(Array.from({ length: 5 }, () => post(server, `/v1/operator/problems/${problem.id}/resend`)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of replies.filter((r) => r.status === 409)) expect(refused.json.error).toEqual(expect.any(String));
    const resent = replies.find((r) => r.status === 200)!.json;
    expect(resent.problem).toMatchObject({ id: problem.id, resolvedBy: "system", resolution: "settled", resolvedAt: expect.any(String) });
    expect(resent.transaction).toMatchObject({ transactionId: win.transactionId, state: "OK", balance: 10_700, problem: false });
    expect(await listedWin()).toMatchObject({ state: "OK", problem: false });
    expect((await get(server, `/v1/operator/rounds/starfall/r-win`)).json.transactions).toEqual([expect.objectContaining({ problem: false })]);
    expect(resent.transaction.deliveryLog.at(-1)).toMatchObject({
      requestedBy: "OPERATOR",
      actor: `api:${OPERATOR.id}`,
      httpStatus: 200,
      outcome: "OK",
    });
    const calls = wallet.requests.filter((r) => r.method === "POST" && JSON.parse(r.body).transactionId === win.transactionId);
    expect(calls).toHaveLength(callsBefore + 1);
    // Same id, byte-identical body every time.
    expect(new Set(calls.map((c) => c.body)).size).toBe(1);
    expect(wallet.applied.filter((t) => t.transactionId === win.transactionId)).toHaveLength(1);
    expect(wallet.balances.get("p-1")).toBe(10_700);

    // Once settled it is off the queue, and a late click changes nothing.
    expect((await get(server, "/v1/operator/problems")).json).toMatchObject({ counts: { UNSETTLED_CREDIT: 0 }, items: [] });
    expect((await get(server, "/v1/operator/problems?status=resolved")).json.items.map((p: { id: string }) => p.id)).toEqual([problem.id]);
    const late = await post(server, `/v1/operator/problems/${problem.id}/resend`);
    expect(late.status).toBe(409);
    expect(late.json).toEqual({ error: "problem already resolved", code: "conflict" });
    expect(wallet.applied.filter((t) => t.transactionId === win.transactionId)).toHaveLength(1);

    const audit = await get(server, "/v1/operator/audit-log?kind=RESEND");
    expect(audit.status).toBe(200);
    // The four clicks that lost and the late one are audited as refused (issue 30 item 10).
    const refused = audit.json.items.filter((e: { result: string }) => e.result !== "OK");
    expect(refused.map((e: { result: string }) => e.result)).toEqual(Array.from({ length: 5 }, () => expect.stringMatching(/^REFUSED: /)));
    expect(audit.json.items.filter((e: { result: string }) => e.result === "OK")).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        actor: `api:${OPERATOR.id}`,
        action: "RESEND",
        target: expect.stringContaining(String(win.transactionId)),
        note: null,
        result: "OK",
      },
    ]);
  });

  it("marks a problem resolved only with a note, audits who did it and why, and hides it from other operators", async () => {
    const { wallet, server, p1 } = await startReconciliationSetup(FAST_HORIZON, cleanups);
    const wins = [betRequest(p1, { roundId: "r-a", type: "WIN", amount: 1 }), betRequest(p1, { roundId: "r-b", type: "WIN", amount: 2 })];
    wallet.fault = () => ({ status: 500, body: { error: "down" } });
    for (const win of wins) expect((await postTransaction(server.url, win)).status).toBe(500);
    const [first, second] = [await problemOf(server, wins[0]!.transactionId), await problemOf(server, wins[1]!.transactionId)];

    for (const body of [{}, { note: "" }, { note: 42 }]) {
      const refused = await post(server, `/v1/operator/problems/${first.id}/resolve`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    // Whitespace is no reason either.
    expect((await post(server, `/v1/operator/problems/${first.id}/resolve`, { note: "   " })).status).toBe(400);

    // Another operator: the same ids do not exist for it, whatever it tries.
    for (const attempt of [
      () => post(server, `/v1/operator/problems/${first.id}/resolve`, { note: "mine now" }, OTHER_OPERATOR),
      () => post(server, `/v1/operator/problems/${first.id}/resend`, undefined, OTHER_OPERATOR),
    ]) {
      const reply = await attempt();
      expect(reply.status).toBe(404);
      expect(reply.json).toEqual({ error: "problem not found", code: "not_found" });
    }
    expect((await get(server, "/v1/operator/problems", OTHER_OPERATOR)).json).toEqual({
      counts: { UNSETTLED_CREDIT: 0, UNCLOSED_ROUND: 0, UNKNOWN_OUTCOME: 0 },
      items: [],
      nextCursor: null,
    });
    // Its own attempts are in its own log, refused, and say nothing of the problem they named.
    const others = (await get(server, "/v1/operator/audit-log", OTHER_OPERATOR)).json.items as { action: string; target: string; result: string }[];
    expect(others.map((e) => [e.action, e.target, e.result])).toEqual([
      ["RESEND", `problem ${first.id}`, "REFUSED: problem not found"],
      ["RESOLVE", `problem ${first.id}`, "REFUSED: problem not found"],
    ]);
    for (const id of ["0", "999999", "abc", "1e3"]) {
      expect((await post(server, `/v1/operator/problems/${id}/resolve`, { note: "x" })).status, id).toBe(404);
    }

    const resolved = await post(server, `/v1/operator/problems/${first.id}/resolve`, { note: "credited by hand, ticket 4711" });
    expect(resolved.status).toBe(200);
    expect(resolved.json).toMatchObject({ id: first.id, resolvedBy: `api:${OPERATOR.id}`, resolution: "credited by hand, ticket 4711" });
    // Resolved by a person: it no longer needs one, though it stays FAILED.
    expect((await get(server, transactionPath(PROVIDER.id, wins[0]!.transactionId))).json).toMatchObject({ state: "FAILED", problem: false });
    const again = await post(server, `/v1/operator/problems/${first.id}/resolve`, { note: "twice" });
    expect(again.status).toBe(409);
    expect((await post(server, `/v1/operator/problems/${first.id}/resend`)).status).toBe(409);
    // Resolving sends nothing, and the platform does not resume resending it.
    expect(wallet.applied).toEqual([]);

    // A re-send the wallet still refuses: the problem stays open, the attempt is logged and audited with its outcome.
    const failed = await post(server, `/v1/operator/problems/${second.id}/resend`);
    expect(failed.status).toBe(200);
    expect(failed.json.problem.resolvedAt).toBeNull();
    expect(failed.json.transaction).toMatchObject({ state: "FAILED", problem: true });
    expect(failed.json.transaction.deliveryLog.at(-1)).toMatchObject({ requestedBy: "OPERATOR", httpStatus: 500, outcome: "FAILED" });

    const audit = await get(server, "/v1/operator/audit-log?limit=1");
    expect(audit.json.items).toEqual([expect.objectContaining({ action: "RESEND", result: expect.stringMatching(/^FAILED: wallet answered 500/) })]);
    const older = await get(server, `/v1/operator/audit-log?limit=1&cursor=${audit.json.nextCursor}`);
    expect(older.json.items).toEqual([expect.objectContaining({ action: "RESEND", result: "REFUSED: problem already resolved" })]);
    // Every resolve that reached the service, the refused ones with their note and why (issue 30 item 10).
    const resolves = await get(server, "/v1/operator/audit-log?kind=RESOLVE");
    expect(resolves.json.items.map((e: { note: string; result: string }) => [e.note, e.result])).toEqual([
      ["twice", "REFUSED: problem already resolved"],
      ["credited by hand, ticket 4711", "RESOLVED"],
      ...["1e3", "abc", "999999", "0"].map(() => ["x", "REFUSED: problem not found"]),
      ["   ", "REFUSED: a note saying why is required"],
    ]);
    expect(resolves.json.items[1]).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      actor: `api:${OPERATOR.id}`,
      action: "RESOLVE",
      target: expect.stringContaining(String(wins[0]!.transactionId)),
      note: "credited by hand, ticket 4711",
      result: "RESOLVED",
    });
    expect((await get(server, "/v1/operator/audit-log?cursor=nonsense")).status).toBe(400);
    expect((await get(server, "/v1/operator/problems?status=resolved")).json.items.map((p: { id: string }) => p.id)).toEqual([first.id]);
    expect((await get(server, "/v1/operator/problems?status=all&limit=1")).json.nextCursor).toEqual(expect.any(String));
    expect((await get(server, "/v1/operator/problems?status=sometimes")).status).toBe(400);
  });

  it("queues a round the reconciler cannot close; it resolves itself once the rollback applies", async () => {
    const { wallet, server, p1 } = await startReconciliationSetup(
      {
        reconciler: { staleRoundSeconds: 0, sweepIntervalSeconds: 3600 },
        settlementRetry: { initialDelaySeconds: 60, maxDelaySeconds: 60, horizonSeconds: 0 },
      },
      cleanups,
    );
    const bet = betRequest(p1, { roundId: "r-stuck", amount: 50 });
    expect((await postTransaction(server.url, bet)).status).toBe(200);
    wallet.fault = (tx) => (tx.type === "ROLLBACK" ? { status: 500, body: { error: "no rollbacks today" } } : undefined);
    await server.services.reconciler.runOnce();
    const listed = await get(server, "/v1/operator/problems?kind=UNCLOSED_ROUND");
    expect(listed.json.counts.UNCLOSED_ROUND).toBe(1);
    const [round] = listed.json.items;
    expect(round).toMatchObject({ kind: "UNCLOSED_ROUND", transactionId: null, gameId: "starfall", roundId: "r-stuck", playerRef: "p-1" });
    // A second sweep does not queue it twice.
    await server.services.reconciler.runOnce();
    expect((await get(server, "/v1/operator/problems")).json.counts.UNCLOSED_ROUND).toBe(1);
    const resend = await post(server, `/v1/operator/problems/${round.id}/resend`);
    expect(resend.status).toBe(400);

    wallet.fault = undefined;
    await server.services.reconciler.runOnce();
    expect((await get(server, "/v1/operator/rounds/starfall/r-stuck")).json.state).toBe("RECONCILED");
    expect((await get(server, "/v1/operator/problems")).json.counts.UNCLOSED_ROUND).toBe(0);
    expect((await get(server, "/v1/operator/problems?status=resolved")).json.items[0]).toMatchObject({
      id: round.id,
      resolvedBy: "system",
      resolution: "closed by the reconciler",
    });
  });

  it("queues an ADJUSTMENT a killed process left unknown; its re-send goes out once, identical, and the interrupted call shows", async () => {
    const dir = tempDir();
    cleanups.push(() => dir.remove());
    // Applied, but the answer never comes: the tool dies waiting.
    const { peer, applied, release } = await startHoldingWallet();
    cleanups.push(() => peer.close());
    const config = testConfigJson({ wallet: peer.url, sqlitePath: `${dir.path}/crash.db` });
    writeFileSync(`${dir.path}/crash.json`, JSON.stringify(config));
    const child = spawn(
      process.execPath,
      [
        ADMIN_SCRIPT,
        "adjust",
        "--operator",
        OPERATOR.id,
        "--player",
        "p-1",
        "--game",
        "starfall",
        "--currency",
        "EUR",
        "--amount",
        "30",
        "--direction",
        "CREDIT",
        "--id",
        "k-1",
        "--config",
        `${dir.path}/crash.json`,
      ],
      { stdio: "ignore" },
    );
    const exited = new Promise((resolve) => child.on("exit", resolve));
    await eventually(() => peer.requests.length === 1, 20_000);
    child.kill("SIGKILL");
    await exited;
    // Past the callback timeout (1 s), a starting service marks the call's outcome unknown.
    await new Promise((r) => setTimeout(r, 1100));
    const server = await startTestServer(config);
    cleanups.push(() => server.close());
    const problem = await problemOf(server, "adjustment:k-1");
    expect(problem.kind).toBe("UNKNOWN_OUTCOME");
    const detail = await get(server, transactionPath("system:admin", "adjustment:k-1"));
    expect(detail.json.deliveryLog).toEqual([
      expect.objectContaining({
        attempt: 1,
        requestedBy: "ADMIN",
        endedAt: expect.any(String),
        failure: "INTERRUPTED",
        httpStatus: null,
        outcome: "TIMED_OUT",
      }),
    ]);

    release();
    const resent = await post(server, `/v1/operator/problems/${problem.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.json.transaction).toMatchObject({ state: "OK", balance: 1030, attempts: 2 });
    expect(resent.json.problem.resolvedBy).toBe("system");
    expect(peer.requests.map((r) => r.body)).toEqual([peer.requests[0]!.body, peer.requests[0]!.body]);
    expect(applied.size).toBe(1);
  });

  it("forgets delivery logs past limits.deliveryLogRetentionSeconds, keeping the transactions", async () => {
    const { server, p1 } = await startReconciliationSetup(
      { limits: { rateLimit: { requestsPerSecond: 10_000, burst: 10_000 }, deliveryLogRetentionSeconds: 0.05 } },
      cleanups,
    );
    const bet = betRequest(p1, { roundId: "r-old", amount: 1 });
    expect((await postTransaction(server.url, bet)).status).toBe(200);
    const path = transactionPath(PROVIDER.id, bet.transactionId);
    expect((await get(server, path)).json.deliveryLog).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(await server.services.deliveryLogSweeper.runOnce()).toBe(1);
    expect((await get(server, path)).json).toMatchObject({ state: "OK", deliveryLog: [] });
  });
});
