/**
 * Concurrent duplicates: many simultaneous copies of one transaction, of one grant issue and of one grant cancel.
 * Exactly one wallet move (one provider call); every other copy gets 409 (in flight) or the stored answer.
 */
import { startWallet, type RunningWallet } from "@croupier/mock-operator-wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  OPERATOR,
  PROVIDER,
  sendJson,
  signedRequest,
  startScriptedPeer,
  startTestServer,
  tempDir,
  testConfigJson,
  type ScriptedPeer,
} from "../harness.js";
import { reportFigure, scaled } from "./support/budget.js";
import { seatPlayers } from "./support/seating.js";
import { setWalletFaults } from "./support/wallet-control.js";

const COPIES = scaled(24, 200);

describe("concurrent duplicates", () => {
  const dir = tempDir();
  let wallet: RunningWallet;
  let studio: ScriptedPeer;
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    wallet = await startWallet({ tenantId: OPERATOR.id, secret: OPERATOR.secret, startingBalance: 10_000 });
    // The studio answers slowly, so every copy arrives while the first call is still waiting.
    studio = await startScriptedPeer(async (req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (req.url.endsWith("/v1/game/free-spins/grant")) sendJson(res, 200, { externalRef: `ext-${req.json.requestRef}` });
      else sendJson(res, 200, {});
    });
    server = await startTestServer(testConfigJson({ wallet: wallet.url, webhook: studio.url, sqlitePath: `${dir.path}/croupier.db` }));
  });
  afterAll(async () => {
    await server?.close();
    await studio?.close();
    await wallet?.close();
    dir.remove();
  });

  it(`${COPIES} simultaneous copies of each of a BET, a WIN and a ROLLBACK move the wallet once each`, async () => {
    const [player] = await seatPlayers(server.url, ["dup-player"]);
    if (!player) throw new Error("no player");
    await setWalletFaults(wallet.url, { latencyMs: 250 });
    const base = { sessionToken: player.sessionToken, roundId: "dup-round", playerRef: player.playerRef, gameId: "starfall", currency: "EUR" };
    const transactions = [
      { ...base, transactionId: "dup-bet", type: "BET", amount: 700 },
      { ...base, transactionId: "dup-bet-2", type: "BET", amount: 300 },
      { ...base, transactionId: "dup-rollback", type: "ROLLBACK", amount: 300, originalTransactionId: "dup-bet-2" },
      { ...base, transactionId: "dup-win", type: "WIN", amount: 1_250, roundComplete: true },
    ];
    const tally = { ok: 0, conflict: 0, other: [] as string[] };
    for (const transaction of transactions) {
      const replies = await Promise.all(
        Array.from({ length: COPIES }, () => signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/transaction", transaction)),
      );
      const settled = replies.filter((r) => r.status === 200);
      tally.ok += settled.length;
      tally.conflict += replies.filter((r) => r.status === 409).length;
      tally.other.push(
        ...replies.filter((r) => r.status !== 200 && r.status !== 409).map((r) => `${transaction.transactionId}: ${r.status} ${r.text}`),
      );
      // Whoever got an answer got the same one, and a later retry learns it too.
      const final = await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/transaction", transaction);
      expect(final.status).toBe(200);
      for (const reply of settled) expect(reply.json).toEqual(final.json);
    }
    await setWalletFaults(wallet.url, { latencyMs: 0 });

    const entries = wallet.ledger.entries(player.playerRef);
    const moves = entries.map((e) => [e.transactionId, e.delta]);
    const stats = wallet.stats.snapshot();
    reportFigure(
      "concurrent duplicate transactions",
      `${transactions.length} transactions x ${COPIES} copies: ` +
        `${entries.length} wallet moves, ${tally.ok} answered 200, ${tally.conflict} answered 409, ${stats.replayed} repeats reached the wallet`,
    );
    expect(tally.other).toEqual([]);
    expect(moves).toEqual([
      ["dup-bet", -700],
      ["dup-bet-2", -300],
      ["dup-rollback", 300],
      ["dup-win", 1_250],
    ]);
    expect(stats.applied).toMatchObject({ BET: 2, WIN: 1, ROLLBACK: 1 });
    expect(wallet.ledger.balance(player.playerRef)).toBe(10_000 - 700 + 1_250);
  });

  it(`${COPIES} simultaneous copies of one grant issue make one provider call and all answer the same grant; so do cancels`, async () => {
    const issue = { playerRef: "dup-fs", gameId: "starfall", spins: 5, betAmountMinor: 20, currency: "EUR", idempotencyKey: "dup-key-1" };
    const issues = await Promise.all(
      Array.from({ length: COPIES }, () => signedRequest(server.url, OPERATOR, "POST", "/v1/operator/free-spins/grants", issue)),
    );
    const grantCalls = studio.requests.filter((r) => r.url.endsWith("/v1/game/free-spins/grant"));
    expect(issues.map((r) => r.status)).toEqual(issues.map(() => 200));
    const ids = new Set(issues.map((r) => r.json.id));
    expect(ids.size).toBe(1);
    for (const reply of issues) expect(reply.json).toEqual(issues[0]?.json);
    expect(issues[0]?.json.status).toBe("active");
    expect(grantCalls).toHaveLength(1);

    const id = [...ids][0] as string;
    const cancels = await Promise.all(
      Array.from({ length: COPIES }, () => signedRequest(server.url, OPERATOR, "POST", `/v1/operator/free-spins/grants/${id}/cancel`)),
    );
    const cancelCalls = studio.requests.filter((r) => r.url.endsWith("/v1/game/free-spins/cancel"));
    const cancelled = cancels.filter((r) => r.status === 200);
    reportFigure(
      "concurrent duplicate grants",
      `${COPIES} issues -> ${grantCalls.length} provider grant call, ${ids.size} grant; ` +
        `${COPIES} cancels -> ${cancelCalls.length} provider cancel call, ${cancelled.length} answered 200, ${COPIES - cancelled.length} answered 400 (already cancelled)`,
    );
    expect(cancelCalls).toHaveLength(1);
    for (const reply of cancelled) expect(reply.json.status).toBe("cancelled");
    for (const reply of cancels.filter((r) => r.status !== 200)) {
      expect(reply.status, reply.text).toBe(400);
      expect(reply.json.error).toMatch(/not cancellable/);
    }
  });
});
