import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, PROVIDER, signedRequest, startTestServer, testConfigJson } from "./harness.js";
import { betRequest, launchSession, postTransaction, startTestWallet, type TestWallet } from "./wallet-harness.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The retention, in seconds: an expired session must still be there 1.1 s after it was launched (its lifetime is 1 s),
 * so the window that proves it is kept is RETENTION_S - 0.1 s wide, room for a busy machine's delays.
 */
const RETENTION_S = 3;

/** Expired sessions are deleted after `limits.expiredSessionRetentionSeconds`; DEMO balances are forgotten as late. */
describe("expired-session sweeper", () => {
  let wallet: TestWallet;
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    wallet = await startTestWallet();
    server = await startTestServer(
      testConfigJson({
        wallet: wallet.url,
        limits: { sessionTtlSeconds: 1, expiredSessionRetentionSeconds: RETENTION_S, rateLimit: { requestsPerSecond: 10_000, burst: 10_000 } },
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await wallet?.close();
  });

  const sessionRows = () => server.services.stores.sqlite!.prepare("SELECT count(*) FROM sessions").pluck().get() as number;
  const verify = async (sessionToken: string) =>
    (await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken })).status;

  it("keeps an expired session for the retention, then deletes it and forgets its fun-play state", async () => {
    const real = await launchSession(server.url, { playerRef: "p-1" });
    const demo = await launchSession(server.url, { playerRef: "p-1", mode: "DEMO" });
    const demoBet = betRequest(demo, { transactionId: "demo-tx-1", amount: 300 });
    const first = await postTransaction(server.url, demoBet);
    expect(first.json).toEqual({ status: "OK", balance: 99_700 });
    const rowsBefore = sessionRows();

    await sleep(1_100);
    // Expired (401), but within the retention: kept, and the DEMO round's answer is still repeatable.
    expect(await verify(real)).toBe(401);
    expect(await server.services.sessionSweeper.runOnce()).toBe(0);
    expect(sessionRows()).toBe(rowsBefore);
    expect((await postTransaction(server.url, demoBet)).json).toEqual(first.json);

    await sleep(RETENTION_S * 1000 + 200);
    const alive = await launchSession(server.url, { playerRef: "p-1" });
    expect(await server.services.sessionSweeper.runOnce()).toBe(2);
    expect(sessionRows()).toBe(rowsBefore - 2 + 1);
    expect(await verify(real)).toBe(401);
    expect(await verify(demo)).toBe(401);
    expect(await verify(alive)).toBe(200);
    // The DEMO transaction is forgotten: its id no longer blocks a real-money transaction of that provider.
    expect((await postTransaction(server.url, demoBet)).status).toBe(401);
    const reused = await postTransaction(server.url, betRequest(alive, { transactionId: "demo-tx-1", amount: 300 }));
    expect(reused.status).toBe(200);
    expect(wallet.applied.map((t) => t.transactionId)).toContain("demo-tx-1");
  });

  it("forgets the fun-play state of a kicked DEMO session too (the kick already deleted its row), after the same delay", async () => {
    const demo = await launchSession(server.url, { playerRef: "p-kicked", mode: "DEMO" });
    const demoBet = betRequest(demo, { transactionId: "demo-tx-kicked", playerRef: "p-kicked", amount: 300 });
    const first = await postTransaction(server.url, demoBet);
    expect(first.status).toBe(200);
    const kick = await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/players/kick", { playerRef: "p-kicked" });
    expect(kick.json).toEqual({ revokedCount: 1 });
    // Kicked: new calls are 401, but a repeat of its settled transaction still has its answer, as for real money.
    expect(await verify(demo)).toBe(401);
    expect((await postTransaction(server.url, demoBet)).json).toEqual(first.json);
    await server.services.sessionSweeper.runOnce();
    expect((await postTransaction(server.url, demoBet)).json).toEqual(first.json);

    await sleep(1_000 + RETENTION_S * 1000 + 300); // a session's lifetime (1 s) plus the retention after its last play
    await server.services.sessionSweeper.runOnce();
    expect((await postTransaction(server.url, demoBet)).status).toBe(401);
    const real = await launchSession(server.url, { playerRef: "p-kicked" });
    expect(
      (await postTransaction(server.url, betRequest(real, { transactionId: "demo-tx-kicked", playerRef: "p-kicked", amount: 300 }))).status,
    ).toBe(200);
  });

  it("deletes in slices until none is left (more than one slice of 512 here)", async () => {
    const launched = 600;
    for (let i = 0; i < launched; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) => launchSession(server.url, { playerRef: `p-bulk-${i + j}`, mode: i % 100 === 0 ? "DEMO" : "REAL" })),
      );
    }
    const before = sessionRows();
    await sleep(1_000 + RETENTION_S * 1000 + 200);
    expect(await server.services.sessionSweeper.runOnce()).toBe(before);
    expect(sessionRows()).toBe(0);
  });
});
