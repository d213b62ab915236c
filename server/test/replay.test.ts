import { mintReplayToken, ReplayTokenError, verifyReplayToken, type ReplayClaims } from "@croupier/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  OPERATOR,
  OTHER_OPERATOR,
  OTHER_PROVIDER,
  PROVIDER,
  sendJson,
  signedRequest,
  startScriptedPeer,
  startTestServer,
  testConfigJson,
  type ScriptedPeer,
} from "./harness.js";
import { launchSession } from "./wallet-harness.js";

const REPLAY_SECONDS = 120;

/** Replay links are minted only for rounds the platform has seen money move in: the rounds here are real BETs. */
describe("round replay (spec B.3, decisions §2)", () => {
  let wallet: ScriptedPeer;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let txSeq = 0;

  beforeAll(async () => {
    wallet = await startScriptedPeer((req, res) =>
      sendJson(res, 200, req.url.startsWith("/v1/wallet/transaction") ? { status: "OK", balance: 1000 } : { balance: 1000 }),
    );
    const json = testConfigJson({
      wallet: wallet.url,
      limits: { replayLinkSeconds: REPLAY_SECONDS, rateLimit: { requestsPerSecond: 10_000, burst: 10_000 } },
    });
    // A game whose replay page already has a query string: the token is appended with `&`.
    (json.providers as { games: unknown[] }[])[0]!.games.push({
      id: "comet",
      name: "Comet",
      launchBaseUrl: "https://games.example/comet",
      replayBaseUrl: "https://games.example/replay?skin=dark",
    });
    server = await startTestServer(json);
  });
  afterAll(async () => {
    await server?.close();
    await wallet?.close();
  });

  /** Launches a REAL session and places one BET in the round through the provider wallet API. */
  async function bet(
    operator: typeof OPERATOR,
    provider: typeof PROVIDER,
    gameId: string,
    currency: string,
    roundId: string,
    playerRef = "p-replay",
  ) {
    const sessionToken = await launchSession(server.url, { operator, playerRef, gameId, currency });
    const reply = await signedRequest(server.url, provider, "POST", "/v1/wallet/transaction", {
      transactionId: `tx-${++txSeq}`,
      sessionToken,
      type: "BET",
      roundId,
      playerRef,
      amount: 10,
      currency,
      gameId,
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.status).toBe("OK");
  }

  const replay = (body: unknown, tenant = OPERATOR) => signedRequest(server.url, tenant, "POST", "/v1/operator/rounds/replay", body);
  const tokenOf = (replayUrl: string) => new URL(replayUrl).searchParams.get("token") ?? "";

  beforeAll(async () => {
    await bet(OPERATOR, PROVIDER, "starfall", "EUR", "round-1", "p-star");
    await bet(OPERATOR, PROVIDER, "nebula", "EUR", "round-nebula");
    await bet(OPERATOR, PROVIDER, "comet", "USD", "round-comet", "p-comet");
    await bet(OTHER_OPERATOR, PROVIDER, "starfall", "EUR", "round-beta");
    await bet(OTHER_OPERATOR, OTHER_PROVIDER, "moonshot", "GBP", "round-moon", "p-moon");
  });

  it("answers replayBaseUrl?token=… whose token verifies with the provider's secret and names exactly that round", async () => {
    const before = Math.floor(Date.now() / 1000);
    const reply = await replay({ roundId: "round-1", gameId: "starfall" });
    expect(reply.status, reply.text).toBe(200);
    expect(Object.keys(reply.json)).toEqual(["replayUrl"]);
    expect(reply.json.replayUrl).toMatch(/^https:\/\/games\.example\/replay\?token=rpl1\.[^&]+$/);
    const claims = verifyReplayToken(tokenOf(reply.json.replayUrl), [PROVIDER.secret]);
    expect(claims).toEqual({
      roundId: "round-1",
      gameId: "starfall",
      playerRef: "p-star",
      operatorId: OPERATOR.id,
      providerId: PROVIDER.id,
      exp: claims.exp,
      jti: claims.jti,
    });
    expect(claims.jti).toMatch(/^[A-Za-z0-9_-]{16}$/);
    // "request a fresh one each time": a second request, even within the same second, mints another link.
    const again = await replay({ roundId: "round-1", gameId: "starfall" });
    expect(again.json.replayUrl).not.toBe(reply.json.replayUrl);
    expect(claims.exp).toBeGreaterThanOrEqual(before + REPLAY_SECONDS);
    expect(claims.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + REPLAY_SECONDS);
    // Signed with the provider's secret, not anyone else's.
    for (const secret of [OTHER_PROVIDER.secret, OPERATOR.secret]) {
      expect(() => verifyReplayToken(tokenOf(reply.json.replayUrl), [secret])).toThrow(ReplayTokenError);
    }
  });

  it("appends &token= when the replay page already has a query, and signs with the game's own provider", async () => {
    const comet = await replay({ roundId: "round-comet", gameId: "comet" });
    expect(comet.json.replayUrl).toMatch(/^https:\/\/games\.example\/replay\?skin=dark&token=rpl1\./);
    const url = new URL(comet.json.replayUrl);
    expect(url.searchParams.get("skin")).toBe("dark");
    expect(verifyReplayToken(url.searchParams.get("token")!, [PROVIDER.secret]).playerRef).toBe("p-comet");

    const moon = await replay({ roundId: "round-moon", gameId: "moonshot" }, OTHER_OPERATOR);
    expect(moon.json.replayUrl).toMatch(/^https:\/\/moon\.example\/replay\?token=/);
    expect(verifyReplayToken(tokenOf(moon.json.replayUrl), [OTHER_PROVIDER.secret])).toMatchObject({
      providerId: OTHER_PROVIDER.id,
      operatorId: OTHER_OPERATOR.id,
    });
  });

  it("the token expires after limits.replayLinkSeconds", async () => {
    const token = tokenOf((await replay({ roundId: "round-1", gameId: "starfall" })).json.replayUrl);
    const { exp } = verifyReplayToken(token, [PROVIDER.secret]);
    expect(verifyReplayToken(token, [PROVIDER.secret], exp).roundId).toBe("round-1");
    expect(() => verifyReplayToken(token, [PROVIDER.secret], exp + 1)).toThrow(expect.objectContaining({ reason: "expired" }));
  });

  it("a forged or stretched token is refused", async () => {
    const token = tokenOf((await replay({ roundId: "round-1", gameId: "starfall" })).json.replayUrl);
    const [prefix, payload, signature] = token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as ReplayClaims;
    const tamper = (change: Partial<ReplayClaims>) =>
      `${prefix}.${Buffer.from(JSON.stringify({ ...claims, ...change })).toString("base64url")}.${signature}`;
    const refusal = (t: string) => {
      try {
        verifyReplayToken(t, [PROVIDER.secret]);
        return "accepted";
      } catch (error) {
        return (error as ReplayTokenError).reason;
      }
    };
    expect(refusal(tamper({ exp: claims.exp + 86_400 }))).toBe("bad-signature");
    expect(refusal(tamper({ roundId: "round-2" }))).toBe("bad-signature");
    expect(refusal(mintReplayToken("guessed-secret", claims))).toBe("bad-signature");
    expect(refusal(`${prefix}.${payload}.${"0".repeat(64)}`)).toBe("bad-signature");
    expect(refusal(`${payload}.${signature}`)).toBe("malformed");
    expect(refusal(token)).toBe("accepted");
  });

  it("404, all alike, for an unknown round, another operator's round, or a round of another game", async () => {
    const cases: [Record<string, string>, typeof OPERATOR][] = [
      [{ roundId: "no-such-round", gameId: "starfall" }, OPERATOR],
      [{ roundId: "round-beta", gameId: "starfall" }, OPERATOR],
      [{ roundId: "round-1", gameId: "starfall" }, OTHER_OPERATOR],
      [{ roundId: "round-1", gameId: "comet" }, OPERATOR],
      [{ roundId: "round-1", gameId: "no-such-game" }, OPERATOR],
      [{ roundId: "round-moon", gameId: "moonshot" }, OPERATOR],
    ];
    for (const [body, tenant] of cases) {
      const reply = await replay(body, tenant);
      expect(reply.status, JSON.stringify(body)).toBe(404);
      expect(reply.json, JSON.stringify(body)).toEqual({ error: "round not found", code: "not_found" });
    }
    expect((await replay({ roundId: "round-beta", gameId: "starfall" }, OTHER_OPERATOR)).status).toBe(200);
  });

  it("400 for a missing or empty roundId or gameId, and for a game without a replay page", async () => {
    for (const body of [
      { gameId: "starfall" },
      { roundId: "round-1" },
      { roundId: "", gameId: "starfall" },
      { roundId: "round-1", gameId: "" },
      {},
    ]) {
      const reply = await replay(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.json.error).toMatch(/roundId|gameId/);
    }
    // A visible game without a replay page is a 400 whatever the round: played, or never seen.
    for (const roundId of ["round-nebula", "round-never-played"]) {
      const nebula = await replay({ roundId, gameId: "nebula" });
      expect(nebula.status).toBe(400);
      expect(nebula.json).toEqual({ error: "game nebula does not support round replay", code: "bad_request" });
    }
  });
});
