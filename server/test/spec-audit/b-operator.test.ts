import { verifyReplayToken } from "@croupier/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, OTHER_OPERATOR, PROVIDER, isSignedFor, startScriptedPeer, sendJson } from "../harness.js";
import { betRequest, eventually, launchSession, postTransaction } from "../wallet-harness.js";
import { isJsonError, operatorGet, operatorPost, providerPost, startWorld, type World } from "./world.js";

const LAUNCH = "/v1/operator/games/launch";
const launchBody = (o: Record<string, unknown> = {}) => ({ playerRef: "p-1", gameId: "starfall", currency: "EUR", mode: "REAL", ...o });

/** Spec "B. Operator calls to the service" rules 1–3 and the Launch/Kick/Replay shapes. */
describe("spec B: launch, games, kick, replay", () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(() => w.close());

  describe("B.1 launch", () => {
    it("answers { launchUrl, sessionToken }, launchUrl = launchBaseUrl?token=<sessionToken>", async () => {
      const reply = await operatorPost(w.url, LAUNCH, launchBody());
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.json).sort()).toEqual(["launchUrl", "sessionToken"]);
      expect(reply.json.sessionToken.length).toBeGreaterThan(0);
      expect(reply.json.launchUrl).toBe(`https://games.example/starfall?token=${encodeURIComponent(reply.json.sessionToken)}`);
    });
    it("adds &lang=, &mode=DEMO and &lobby=<encoded> in that order", async () => {
      const lobbyUrl = "https://casino.example/lobby?x=1&y=2";
      const reply = await operatorPost(w.url, LAUNCH, launchBody({ language: "de", mode: "DEMO", lobbyUrl }));
      expect(reply.status).toBe(200);
      const token = encodeURIComponent(reply.json.sessionToken);
      expect(reply.json.launchUrl).toBe(`https://games.example/starfall?token=${token}&lang=de&mode=DEMO&lobby=${encodeURIComponent(lobbyUrl)}`);
      expect(new URL(reply.json.launchUrl).searchParams.get("lobby")).toBe(lobbyUrl);
    });
    it("uses &token= when launchBaseUrl already has a query", async () => {
      const reply = await operatorPost(w.url, LAUNCH, launchBody({ gameId: "nebula" }));
      expect(reply.json.launchUrl).toBe(`https://games.example/nebula?skin=dark&token=${encodeURIComponent(reply.json.sessionToken)}`);
    });
    it("each launch makes a new session token", async () => {
      const a = await operatorPost(w.url, LAUNCH, launchBody());
      const b = await operatorPost(w.url, LAUNCH, launchBody());
      expect(a.json.sessionToken).not.toBe(b.json.sessionToken);
    });
    it("404 for an unknown game, and for a REAL launch of a game not visible to the tenant", async () => {
      for (const body of [launchBody({ gameId: "no-such-game" }), launchBody({ gameId: "moonshot", currency: "GBP" })]) {
        const reply = await operatorPost(w.url, LAUNCH, body);
        expect(reply.status, body.gameId as string).toBe(404);
        expect(isJsonError(reply)).toBe(true);
      }
    });
    it("a DEMO launch skips the visibility check", async () => {
      const reply = await operatorPost(w.url, LAUNCH, launchBody({ gameId: "moonshot", currency: "GBP", mode: "DEMO" }));
      expect(reply.status).toBe(200);
    });
    it("400 for unsupported, lowercase or malformed currency, unsupported language, bad lobbyUrl, bad mode, missing fields", async () => {
      const bad: Record<string, unknown>[] = [
        launchBody({ currency: "GBP" }),
        launchBody({ currency: "eur" }),
        launchBody({ currency: "EURO" }),
        launchBody({ language: "fr" }),
        launchBody({ language: "" }),
        launchBody({ lobbyUrl: "/lobby" }),
        launchBody({ lobbyUrl: "ftp://casino.example" }),
        launchBody({ lobbyUrl: "javascript:alert(1)" }),
        launchBody({ lobbyUrl: "casino.example/lobby" }),
        launchBody({ lobbyUrl: "" }),
        launchBody({ mode: "FUN" }),
        launchBody({ mode: "real" }),
        { gameId: "starfall", currency: "EUR", mode: "REAL" },
        { playerRef: "p-1", currency: "EUR", mode: "REAL" },
        { playerRef: "p-1", gameId: "starfall", mode: "REAL" },
        { playerRef: "p-1", gameId: "starfall", currency: "EUR" },
        launchBody({ playerRef: "" }),
        launchBody({ playerRef: 5 }),
      ];
      for (const body of bad) {
        const reply = await operatorPost(w.url, LAUNCH, body);
        expect(reply.status, JSON.stringify(body)).toBe(400);
        expect(isJsonError(reply), JSON.stringify(body)).toBe(true);
      }
    });
    it("a DEMO launch still validates currency and language against the game", async () => {
      expect((await operatorPost(w.url, LAUNCH, launchBody({ mode: "DEMO", currency: "GBP" }))).status).toBe(400);
      expect((await operatorPost(w.url, LAUNCH, launchBody({ mode: "DEMO", language: "fr" }))).status).toBe(400);
    });
    it("403 for a blocklisted player, with a generic message that reveals nothing about the list", async () => {
      const reply = await operatorPost(w.url, LAUNCH, launchBody({ playerRef: "p-excluded" }));
      expect(reply.status).toBe(403);
      expect(isJsonError(reply)).toBe(true);
      expect(reply.json.error).not.toContain("p-excluded");
      expect(reply.json.error.toLowerCase()).not.toMatch(/blocklist|exclu|list/);
    });
  });

  describe("games list", () => {
    it("lists exactly the games visible to the tenant, with every GameSummary field", async () => {
      const reply = await operatorGet(w.url, "/v1/operator/games");
      expect(reply.status).toBe(200);
      expect(Array.isArray(reply.json)).toBe(true);
      const ids = reply.json.map((g: { gameId: string }) => g.gameId).sort();
      expect(ids).toEqual(["nebula", "starfall"]);
      const starfall = reply.json.find((g: { gameId: string }) => g.gameId === "starfall");
      expect(Object.keys(starfall).sort()).toEqual([
        "currencies",
        "gameId",
        "launchBaseUrl",
        "name",
        "provider",
        "replayBaseUrl",
        "supportedLanguages",
      ]);
      expect(starfall).toMatchObject({
        name: "Starfall",
        currencies: ["EUR", "USD"],
        supportedLanguages: ["en", "de"],
        launchBaseUrl: "https://games.example/starfall",
        replayBaseUrl: "https://games.example/replay",
      });
      expect(typeof starfall.provider).toBe("string");
      const nebula = reply.json.find((g: { gameId: string }) => g.gameId === "nebula");
      expect(nebula.replayBaseUrl).toBe("");
    });
    it("currencies and supportedLanguages are shared by all games of a provider; provider names the studio", async () => {
      const reply = await operatorGet(w.url, "/v1/operator/games");
      const [a, b] = ["starfall", "nebula"].map((id) => reply.json.find((g: { gameId: string }) => g.gameId === id));
      expect(b.currencies).toEqual(a.currencies);
      expect(b.supportedLanguages).toEqual(a.supportedLanguages);
      expect(b.provider).toBe(a.provider);
      expect([PROVIDER.id, "Star Studio"]).toContain(a.provider);
    });
    it("another operator sees its own set", async () => {
      const reply = await operatorGet(w.url, "/v1/operator/games", OTHER_OPERATOR);
      expect(reply.json.map((g: { gameId: string }) => g.gameId).sort()).toEqual(["moonshot", "nebula", "starfall"]);
      expect(reply.json.find((g: { gameId: string }) => g.gameId === "moonshot").currencies).toEqual(["GBP"]);
    });
  });

  describe("B.2 kick", () => {
    it("ends every session of the player under the tenant; revokedCount counts them; the next wallet call gets 401", async () => {
      const a = await launchSession(w.url, { playerRef: "p-kick" });
      const b = await launchSession(w.url, { playerRef: "p-kick", gameId: "nebula" });
      const otherOperators = await launchSession(w.url, { playerRef: "p-kick", operator: OTHER_OPERATOR });
      const reply = await operatorPost(w.url, "/v1/operator/players/kick", { playerRef: "p-kick" });
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ revokedCount: 2 });
      for (const token of [a, b]) {
        const tx = await postTransaction(w.url, betRequest(token, { playerRef: "p-kick", gameId: token === b ? "nebula" : "starfall" }));
        expect(tx.status).toBe(401);
        expect(isJsonError(tx)).toBe(true);
        expect((await providerPost(w.url, "/v1/wallet/balance", { sessionToken: token })).status).toBe(401);
        expect((await providerPost(w.url, "/v1/wallet/session/verify", { sessionToken: token })).status).toBe(401);
      }
      expect((await postTransaction(w.url, betRequest(otherOperators, { playerRef: "p-kick" }))).status).toBe(200);
      expect((await operatorPost(w.url, "/v1/operator/players/kick", { playerRef: "p-kick" })).json).toEqual({ revokedCount: 0 });
    });
    it("notifies the provider: signed revoke webhook addressed to the provider with { sessionToken, playerRef, gameId, reason: KICK }", async () => {
      const token = await launchSession(w.url, { playerRef: "p-notify" });
      await operatorPost(w.url, "/v1/operator/players/kick", { playerRef: "p-notify" });
      await eventually(() => w.provider.requests.some((r) => r.url === "/v1/game/session/revoke" && r.body.includes(token)));
      const request = w.provider.requests.find((r) => r.url === "/v1/game/session/revoke" && r.body.includes(token))!;
      expect(request.method).toBe("POST");
      expect(request.headers["x-tenant-id"]).toBe(PROVIDER.id);
      expect(isSignedFor(request, PROVIDER)).toBe(true);
      expect(JSON.parse(request.body)).toEqual({ sessionToken: token, playerRef: "p-notify", gameId: "starfall", reason: "KICK" });
    });
    it("kicking an unknown player is success with revokedCount 0; missing or empty playerRef is 400", async () => {
      expect((await operatorPost(w.url, "/v1/operator/players/kick", { playerRef: "p-never" })).json).toEqual({ revokedCount: 0 });
      for (const body of [{}, { playerRef: "" }, { playerRef: 3 }]) {
        const reply = await operatorPost(w.url, "/v1/operator/players/kick", body);
        expect(reply.status, JSON.stringify(body)).toBe(400);
        expect(isJsonError(reply)).toBe(true);
      }
    });
  });

  describe("B.3 rounds/replay", () => {
    it("answers { replayUrl } = replayBaseUrl?token=<token> whose token the provider can verify offline (≈15 min)", async () => {
      const token = await launchSession(w.url, { playerRef: "p-replay" });
      const bet = betRequest(token, { playerRef: "p-replay", roundId: "replay-round-1", amount: 1 });
      expect((await postTransaction(w.url, bet)).status).toBe(200);
      const reply = await operatorPost(w.url, "/v1/operator/rounds/replay", { roundId: "replay-round-1", gameId: "starfall" });
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.json)).toEqual(["replayUrl"]);
      const url = new URL(reply.json.replayUrl);
      expect(`${url.origin}${url.pathname}`).toBe("https://games.example/replay");
      const replayToken = url.searchParams.get("token")!;
      expect(reply.json.replayUrl).toBe(`https://games.example/replay?token=${encodeURIComponent(replayToken)}`);
      const claims = verifyReplayToken(replayToken, [PROVIDER.secret]) as unknown as Record<string, unknown>;
      expect(claims).toMatchObject({ roundId: "replay-round-1", gameId: "starfall", playerRef: "p-replay" });
      expect(JSON.stringify(claims)).toContain(OPERATOR.id);
      const expiry = Object.values(claims).find((v) => typeof v === "number" && v > 1_000_000_000) as number;
      expect(Math.abs(expiry - (Math.floor(Date.now() / 1000) + 900))).toBeLessThanOrEqual(5);
      const again = await operatorPost(w.url, "/v1/operator/rounds/replay", { roundId: "replay-round-1", gameId: "starfall" });
      expect(again.status).toBe(200);
    });
    it("404 for an unknown round, another operator's round, or the same roundId under another game", async () => {
      const token = await launchSession(w.url, { playerRef: "p-replay2" });
      await postTransaction(w.url, betRequest(token, { playerRef: "p-replay2", roundId: "replay-round-2", amount: 1 }));
      for (const [body, tenant] of [
        [{ roundId: "no-such-round", gameId: "starfall" }, OPERATOR],
        [{ roundId: "replay-round-2", gameId: "starfall" }, OTHER_OPERATOR],
        [{ roundId: "replay-round-2", gameId: "moonshot" }, OTHER_OPERATOR],
      ] as const) {
        const reply = await operatorPost(w.url, "/v1/operator/rounds/replay", body, tenant);
        expect(reply.status, JSON.stringify(body)).toBe(404);
        expect(isJsonError(reply)).toBe(true);
      }
    });
    it("400 when roundId or gameId is missing, or the game's replayBaseUrl is empty", async () => {
      for (const body of [{ gameId: "starfall" }, { roundId: "r" }, { roundId: "", gameId: "starfall" }]) {
        const reply = await operatorPost(w.url, "/v1/operator/rounds/replay", body);
        expect(reply.status, JSON.stringify(body)).toBe(400);
        expect(isJsonError(reply)).toBe(true);
      }
      const token = await launchSession(w.url, { playerRef: "p-nebula", gameId: "nebula" });
      await postTransaction(w.url, betRequest(token, { playerRef: "p-nebula", gameId: "nebula", roundId: "nebula-round", amount: 1 }));
      const reply = await operatorPost(w.url, "/v1/operator/rounds/replay", { roundId: "nebula-round", gameId: "nebula" });
      expect(reply.status).toBe(400);
      expect(isJsonError(reply)).toBe(true);
    });
  });
});

describe("spec B.2: kick with an unreachable provider", () => {
  it("still ends the sessions and answers 200", async () => {
    const dead = await startScriptedPeer((_req, res) => sendJson(res, 200, {}));
    const deadUrl = dead.url;
    await dead.close();
    const w = await startWorld((json) => {
      json.providers[0].webhookUrl = deadUrl;
    });
    try {
      const token = await launchSession(w.url, { playerRef: "p-x" });
      const reply = await operatorPost(w.url, "/v1/operator/players/kick", { playerRef: "p-x" });
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ revokedCount: 1 });
      expect((await postTransaction(w.url, betRequest(token, { playerRef: "p-x" }))).status).toBe(401);
    } finally {
      await w.close();
    }
  });
});
