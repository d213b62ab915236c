import { createOperatorClient } from "@croupier/sdk-operator";
import { ReplayTokenError, verifyReplayToken } from "@croupier/sdk-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, OTHER_OPERATOR, PROVIDER } from "../harness.js";
import { launchAndVerify, startDeployment, type Deployment } from "./support/deployment.js";

/** Replay links checked offline by the provider SDK, and the typed errors of the SDK clients, end to end. */
describe("SDK end to end: replay links and typed errors", () => {
  let d: Deployment;

  beforeAll(async () => {
    d = await startDeployment((json) => {
      // One tenant with a tiny rate limit, so a 429 and its Retry-After come quickly.
      const operators = json.operators as Record<string, unknown>[];
      const beta = operators.find((operator) => operator.id === OTHER_OPERATOR.id)!;
      beta.rateLimit = { requestsPerSecond: 0.2, burst: 2 };
    });
  });
  afterAll(async () => {
    await d?.close();
  });

  it("replayRound after a played round gives a link whose token verifyReplayToken accepts with the provider's secret", async () => {
    const { common } = await launchAndVerify(d, "p-alice");
    await d.provider.bet({ ...common, roundId: "replay-1", transactionId: "replay-1-bet", amount: 100 });
    await d.provider.win({ ...common, roundId: "replay-1", transactionId: "replay-1-win", amount: 250, roundComplete: true });

    const replay = await d.operator.replayRound({ roundId: "replay-1", gameId: "starfall" });

    expect(replay.error).toBeUndefined();
    const url = new URL(replay.data!.replayUrl);
    expect(`${url.origin}${url.pathname}`).toBe("https://games.example/replay");
    const token = url.searchParams.get("token") ?? "";
    const claims = verifyReplayToken(token, [PROVIDER.secret]);
    expect(claims).toMatchObject({ roundId: "replay-1", gameId: "starfall", playerRef: "p-alice" });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(() => verifyReplayToken(token, ["someone-elses-secret"])).toThrow(ReplayTokenError);
  });

  it("replayRound of an unknown round is a typed 404", async () => {
    const replay = await d.operator.replayRound({ roundId: "never-played", gameId: "starfall" });
    expect(replay.error?.status).toBe(404);
    expect(replay.error?.message).toBeTruthy();
  });

  it("a launch of an unknown or invisible game is a typed 404 with the server's message, not a throw", async () => {
    const unknown = await d.operator.launchGame({ playerRef: "p-alice", gameId: "no-such-game", currency: "EUR", mode: "REAL" });
    expect(unknown.data).toBeUndefined();
    expect(unknown.error?.status).toBe(404);
    expect(unknown.error?.message).toBe((unknown.error?.body as { error: string }).error);
    expect(unknown.error?.message).not.toBe("");
    // moonshot exists, but op-acme may not see its provider: indistinguishable from nonexistent.
    const invisible = await d.operator.launchGame({ playerRef: "p-alice", gameId: "moonshot", currency: "GBP", mode: "REAL" });
    expect(invisible.error?.status).toBe(404);
  });

  it("a wrong secret is a typed 401 `invalid signature`", async () => {
    const forged = createOperatorClient({ baseUrl: d.server.url, tenantId: OPERATOR.id, secret: "not-the-secret" });
    const games = await forged.listGames();
    expect(games.error?.status).toBe(401);
    expect(games.error?.message).toBe("invalid signature");
  });

  it("a rate-limited tenant gets a typed 429 with retryAfter in seconds; the other tenant is unaffected", async () => {
    const beta = createOperatorClient({ baseUrl: d.server.url, tenantId: OTHER_OPERATOR.id, secret: OTHER_OPERATOR.secret });
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await beta.listGames());
    const limited = results.find((result) => result.error?.status === 429);

    expect(results[0]!.error).toBeUndefined();
    expect(limited).toBeDefined();
    expect(limited!.error!.message).toBe("rate limit exceeded");
    expect(Number.isInteger(limited!.error!.retryAfter)).toBe(true);
    expect(limited!.error!.retryAfter).toBeGreaterThanOrEqual(1);
    expect((await d.operator.listGames()).error).toBeUndefined();
  });
});
