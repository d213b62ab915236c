/**
 * Cluster semantics, each with two or three service instances on one PostgreSQL database: exactly-once across
 * instances, nonces, tenant changes, kicks, grants, replay links and rate limits that hold for the whole cluster.
 */
import { verifyReplayToken } from "@croupier/signing";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { RunningServer } from "../../src/server.js";
import { OPERATOR, OTHER_OPERATOR, PROVIDER, sendJson, signedRequest, startScriptedPeer, type ScriptedPeer } from "../harness.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "../postgres.js";
import { betRequest, eventually, launchSession, postTransaction, startTestWallet, type TestWallet } from "../wallet-harness.js";
import { startInstances, stopAll } from "./cluster-support.js";

describePostgres("a cluster of three instances on one PostgreSQL database", () => {
  let database: TestDatabase;
  let wallet: TestWallet;
  /**
   * The provider's free-spin webhooks: every grant is issued (externalRef `ext-<requestRef>`), a `p-slow-` player's after
   * 500 ms, and every cancel accepted.
   */
  let provider: ScriptedPeer;
  let instances: RunningServer[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    wallet = await startTestWallet();
    provider = await startScriptedPeer((req, res) => {
      if (req.url === "/v1/game/free-spins/grant") {
        const answer = () => sendJson(res, 200, { externalRef: `ext-${req.json.requestRef}` });
        return String(req.json.playerRef).startsWith("p-slow-") ? void setTimeout(answer, 500) : answer();
      }
      if (req.url === "/v1/game/free-spins/cancel") return sendJson(res, 200, {});
      sendJson(res, 404, {});
    });
    instances = await startInstances(3, database.url, { wallet: wallet.url, webhook: provider.url, allowPrivateCallbackAddresses: true });
  });
  afterAll(async () => {
    await stopAll(instances);
    await provider?.close();
    await wallet?.close();
    await database?.drop();
  });
  const [a, b, c] = [() => instances[0]!, () => instances[1]!, () => instances[2]!];

  it("moves money once for one transactionId sent to all three at once; the others answer 409 while it is in flight", async () => {
    const token = await launchSession(a().url);
    const bet = betRequest(token);
    let held = true;
    wallet.fault = (tx) => (tx.transactionId === bet.transactionId && held ? "hold" : undefined);
    const first = postTransaction(a().url, bet);
    await eventually(() => wallet.transactionCalls().some((t) => t.transactionId === bet.transactionId), 10_000);
    const others = await Promise.all([postTransaction(b().url, bet), postTransaction(c().url, bet)]);
    expect(others.map((r) => r.status)).toEqual([409, 409]);
    // The held call fails (the wallet answers 500); the provider's retry on another instance settles it.
    held = false;
    wallet.releaseHeld();
    expect((await first).status).toBe(500);
    const retry = await postTransaction(c().url, bet);
    expect(retry.status).toBe(200);
    expect(retry.json).toMatchObject({ status: "OK", balance: 9_900 });
    const again = await postTransaction(b().url, bet);
    expect(again.json).toEqual(retry.json);
    expect(wallet.applied.filter((t) => t.transactionId === bet.transactionId)).toHaveLength(1);
  });

  it("refuses on every instance a nonce one instance accepted", async () => {
    const nonce = `n-${randomUUID()}`;
    const games = (instance: RunningServer) => signedRequest(instance.url, OPERATOR, "GET", "/v1/operator/games", undefined, { nonce });
    expect((await games(b())).status).toBe(200);
    for (const instance of [a(), b(), c()]) expect(await games(instance)).toMatchObject({ status: 401, json: { error: "replayed request" } });
  });

  it("a kick through one instance ends the session on all of them at once", async () => {
    const playerRef = `p-${randomUUID()}`;
    const token = await launchSession(a().url, { playerRef });
    const verify = (instance: RunningServer) => signedRequest(instance.url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: token });
    expect((await verify(c())).status).toBe(200);
    expect((await signedRequest(b().url, OPERATOR, "POST", "/v1/operator/players/kick", { playerRef })).json).toEqual({ revokedCount: 1 });
    for (const instance of [a(), b(), c()]) expect((await verify(instance)).status).toBe(401);
  });

  it("a kick through one instance refuses the next BET on the others, also on one that knew the session", async () => {
    const playerRef = `p-${randomUUID()}`;
    const token = await launchSession(a().url, { playerRef });
    const played = betRequest(token, { playerRef });
    expect((await postTransaction(b().url, played)).status).toBe(200);
    expect((await signedRequest(c().url, OPERATOR, "POST", "/v1/operator/players/kick", { playerRef })).json).toEqual({ revokedCount: 1 });
    for (const instance of [a(), b(), c()]) {
      const bet = betRequest(token, { playerRef });
      expect(await postTransaction(instance.url, bet)).toMatchObject({ status: 401, json: { error: "invalid or expired session token" } });
      expect(wallet.applied.some((t) => t.transactionId === bet.transactionId)).toBe(false);
    }
    // The BET played before the kick is still answered from the ledger on a retry through its session.
    expect((await postTransaction(c().url, played)).status).toBe(200);
  });

  it("refuses on every instance a wallet transaction's nonce one instance accepted, and moves the money once", async () => {
    const playerRef = `p-${randomUUID()}`;
    const token = await launchSession(a().url, { playerRef });
    const nonce = `n-${randomUUID()}`;
    const bet = betRequest(token, { playerRef });
    const send = (instance: RunningServer, body: unknown) => signedRequest(instance.url, PROVIDER, "POST", "/v1/wallet/transaction", body, { nonce });
    expect((await send(b(), bet)).status).toBe(200);
    for (const instance of [a(), b(), c()]) {
      expect(await send(instance, bet)).toMatchObject({ status: 401, json: { error: "replayed request" } });
      // Another transaction under the same nonce too: the nonce is refused, not the transaction.
      const other = betRequest(token, { playerRef });
      expect(await send(instance, other)).toMatchObject({ status: 401, json: { error: "replayed request" } });
      expect(wallet.applied.some((t) => t.transactionId === other.transactionId)).toBe(false);
    }
    expect(wallet.applied.filter((t) => t.transactionId === bet.transactionId)).toHaveLength(1);
  });

  it("a free-spins grant issued through one instance is read, listed, repeated and cancelled through the others at once", async () => {
    const GRANTS = "/v1/operator/free-spins/grants";
    const playerRef = `p-${randomUUID()}`;
    const body = { playerRef, gameId: "starfall", spins: 5, currency: "EUR", idempotencyKey: `k-${randomUUID()}` };
    const calls = (path: string) => provider.requests.filter((r) => r.url === path && r.body.includes(playerRef));
    const issued = await signedRequest(a().url, OPERATOR, "POST", GRANTS, body);
    expect(issued.json).toMatchObject({ status: "active", playerRef, spins: 5 });
    const grant = issued.json as { id: string };
    for (const instance of [b(), c()]) {
      expect((await signedRequest(instance.url, OPERATOR, "GET", `${GRANTS}/${grant.id}`)).json).toEqual(grant);
      expect((await signedRequest(instance.url, OPERATOR, "GET", `${GRANTS}?playerRef=${playerRef}`)).json).toEqual([grant]);
      // Another operator sees no such grant, on any instance.
      expect((await signedRequest(instance.url, OTHER_OPERATOR, "GET", `${GRANTS}/${grant.id}`)).status).toBe(404);
    }
    // A repeat of the issue through another instance answers the grant as it is: the provider was called once.
    expect((await signedRequest(c().url, OPERATOR, "POST", GRANTS, body)).json).toEqual(grant);
    expect(calls("/v1/game/free-spins/grant")).toHaveLength(1);
    const cancelled = await signedRequest(b().url, OPERATOR, "POST", `${GRANTS}/${grant.id}/cancel`);
    expect(cancelled.json).toMatchObject({ id: grant.id, status: "cancelled" });
    for (const instance of [a(), c()]) {
      expect((await signedRequest(instance.url, OPERATOR, "GET", `${GRANTS}/${grant.id}`)).json).toEqual(cancelled.json);
      expect((await signedRequest(instance.url, OPERATOR, "POST", `${GRANTS}/${grant.id}/cancel`)).status).toBe(400);
    }
    expect(calls("/v1/game/free-spins/cancel")).toHaveLength(1);
  });

  it("a repeat of a grant issue sent to other instances while the first waits for the provider answers its outcome: one provider call", async () => {
    const GRANTS = "/v1/operator/free-spins/grants";
    const playerRef = `p-slow-${randomUUID()}`;
    const body = { playerRef, gameId: "starfall", spins: 5, currency: "EUR", idempotencyKey: `k-${randomUUID()}` };
    const first = signedRequest(a().url, OPERATOR, "POST", GRANTS, body);
    await eventually(() => provider.requests.some((r) => r.url === "/v1/game/free-spins/grant" && r.body.includes(playerRef)), 5_000);
    const repeats = await Promise.all([b(), c()].map((instance) => signedRequest(instance.url, OPERATOR, "POST", GRANTS, body)));
    const issued = await first;
    expect(issued.json).toMatchObject({ status: "active", playerRef, externalRef: expect.stringMatching(/^ext-/) });
    // Not the pending record the other instance was still calling the provider about: the grant as it came out.
    for (const repeat of repeats) expect([repeat.status, repeat.json]).toEqual([200, issued.json]);
    expect(provider.requests.filter((r) => r.url === "/v1/game/free-spins/grant" && r.body.includes(playerRef))).toHaveLength(1);
  });

  it("a round played through one instance gets a replay link through another at once, signed for that round", async () => {
    const playerRef = `p-${randomUUID()}`;
    const token = await launchSession(a().url, { playerRef });
    const bet = betRequest(token, { playerRef });
    expect((await postTransaction(a().url, bet)).status).toBe(200);
    const replay = (instance: RunningServer, operator = OPERATOR) =>
      signedRequest(instance.url, operator, "POST", "/v1/operator/rounds/replay", { roundId: bet.roundId, gameId: "starfall" });
    for (const instance of [b(), c()]) {
      const reply = await replay(instance);
      expect(reply.status, reply.text).toBe(200);
      const link = new URL((reply.json as { replayUrl: string }).replayUrl);
      expect(`${link.origin}${link.pathname}`).toBe("https://games.example/replay");
      // The provider's page verifies the token with the provider's secret: it names the round and its player.
      expect(verifyReplayToken(link.searchParams.get("token")!, [PROVIDER.secret])).toMatchObject({
        roundId: bet.roundId,
        gameId: "starfall",
        playerRef,
        operatorId: OPERATOR.id,
        providerId: PROVIDER.id,
      });
      // The round is this operator's: another one is answered as for a round that does not exist, on every instance.
      expect((await replay(instance, OTHER_OPERATOR)).status).toBe(404);
    }
  });

  it("a secret rotation and a callback URL change through one instance hold on every instance within the refresh bound", async () => {
    const other = await startTestWallet();
    try {
      const moved = await signedRequest(a().url, OPERATOR, "POST", "/portal/api/callback-url", { callbackUrl: other.url });
      expect(moved.status).toBe(200);
      const rotated = await signedRequest(a().url, OPERATOR, "POST", "/portal/api/rotate-secret");
      const secret = (rotated.json as { secret: string }).secret;
      const fresh = { id: OPERATOR.id, secret };
      // Every instance accepts the new secret, and sends wallet calls to the new URL, within the refresh bound (2 s).
      await eventually(
        async () => {
          const replies = await Promise.all([a(), b(), c()].map((i) => signedRequest(i.url, fresh, "GET", "/v1/operator/games")));
          return replies.every((r) => r.status === 200);
        },
        10_000,
        200,
      );
      const token = await launchSession(c().url, { operator: fresh });
      const bet = betRequest(token);
      expect((await postTransaction(c().url, bet)).status).toBe(200);
      expect(other.applied.map((t) => t.transactionId)).toEqual([bet.transactionId]);
      // The portal needs the current secret: the old one is refused there on every instance.
      for (const i of [a(), b(), c()]) expect((await signedRequest(i.url, OPERATOR, "POST", "/portal/api/rotate-secret")).status).toBe(403);
      expect((await signedRequest(b().url, fresh, "POST", "/portal/api/callback-url", { callbackUrl: wallet.url })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describePostgres("per-tenant rate limits across instances", () => {
  let database: TestDatabase;
  let instances: RunningServer[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    instances = await startInstances(2, database.url, { limits: { rateLimit: { requestsPerSecond: 0.001, burst: 20 } } }, "rl");
  });
  afterAll(async () => {
    await stopAll(instances);
    await database?.drop();
  });

  it("spreading a tenant's requests over two instances does not give it twice its limit", async () => {
    // Each instance learns from the heartbeat that there are two, and takes half of the burst of 20.
    await eventually(
      async () => {
        const text = await (await fetch(`${instances[0]!.url}/metrics`)).text();
        return /croupier_cluster_instances\{[^}]*\} 2/.test(text);
      },
      15_000,
      200,
    );
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signedRequest(instances[i % 2]!.url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: "none" }),
      ),
    );
    const allowed = replies.filter((r) => r.status !== 429).length;
    expect(allowed).toBe(20);
  });
});
