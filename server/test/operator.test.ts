import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  OPERATOR,
  OTHER_OPERATOR,
  PROVIDER,
  signedRequest,
  startScriptedPeer,
  sendJson,
  startTestServer,
  testConfigJson,
  type ScriptedPeer,
} from "./harness.js";
import { verify } from "@croupier/signing";

describe("operator API: games, launch, kick (spec B.1, B.2)", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let provider: ScriptedPeer;
  beforeAll(async () => {
    provider = await startScriptedPeer((_req, res) => sendJson(res, 200, {}));
    server = await startTestServer(testConfigJson({ webhook: provider.url }));
  });
  afterAll(async () => {
    await server.close();
    await provider.close();
  });
  const launch = (body: Record<string, unknown>, tenant = OPERATOR) => signedRequest(server.url, tenant, "POST", "/v1/operator/games/launch", body);
  const base = { playerRef: "p-1", gameId: "starfall", currency: "EUR", mode: "REAL" };

  it("lists only the games of the operator's visible providers, with the provider's currencies and languages", async () => {
    const mine = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/games");
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual([
      {
        gameId: "starfall",
        name: "Starfall",
        provider: "Star Studio",
        currencies: ["EUR", "USD"],
        supportedLanguages: ["en", "de"],
        launchBaseUrl: "https://games.example/starfall",
        replayBaseUrl: "https://games.example/replay",
      },
      {
        gameId: "nebula",
        name: "Nebula",
        provider: "Star Studio",
        currencies: ["EUR", "USD"],
        supportedLanguages: ["en", "de"],
        launchBaseUrl: "https://games.example/nebula?skin=dark",
        replayBaseUrl: "",
      },
    ]);
    const theirs = await signedRequest(server.url, OTHER_OPERATOR, "GET", "/v1/operator/games");
    expect(theirs.json.map((g: { gameId: string }) => g.gameId).sort()).toEqual(["moonshot", "nebula", "starfall"]);
  });

  it("launches a REAL game: unguessable token embedded in the launch URL, language and lobby appended", async () => {
    const reply = await launch({ ...base, language: "de", lobbyUrl: "https://casino.example/lobby?x=1&y=2" });
    expect(reply.status).toBe(200);
    const { launchUrl, sessionToken } = reply.json;
    expect(sessionToken).toMatch(/^st_[A-Za-z0-9_-]{43}$/);
    expect(launchUrl).toBe(
      `https://games.example/starfall?token=${sessionToken}&lang=de&lobby=${encodeURIComponent("https://casino.example/lobby?x=1&y=2")}`,
    );
    const other = await launch(base);
    expect(other.json.sessionToken).not.toBe(sessionToken);
  });

  it("takes a lobbyUrl whose scheme is in capitals: URL schemes are case-insensitive", async () => {
    for (const lobbyUrl of ["HTTPS://Casino.example/Lobby", "Http://casino.example/"]) {
      const reply = await launch({ ...base, lobbyUrl });
      expect(reply.status, lobbyUrl).toBe(200);
      expect(reply.json.launchUrl).toBe(`https://games.example/starfall?token=${reply.json.sessionToken}&lobby=${encodeURIComponent(lobbyUrl)}`);
    }
  });

  it("appends with & when the base URL already has a query, and marks DEMO", async () => {
    const reply = await launch({ ...base, gameId: "nebula", mode: "DEMO" });
    expect(reply.status).toBe(200);
    expect(reply.json.launchUrl).toBe(`https://games.example/nebula?skin=dark&token=${reply.json.sessionToken}&mode=DEMO`);
  });

  it("404 for a missing game, and for a REAL launch of a game the operator may not see; DEMO skips visibility", async () => {
    expect((await launch({ ...base, gameId: "no-such-game" })).status).toBe(404);
    const invisible = await launch({ ...base, gameId: "moonshot", currency: "GBP" });
    expect(invisible.status).toBe(404);
    expect(invisible.json).toEqual({ error: "game not found", code: "not_found" });
    expect((await launch({ ...base, gameId: "no-such-game", mode: "DEMO" })).status).toBe(404);
    expect((await launch({ ...base, gameId: "moonshot", currency: "GBP", mode: "DEMO" })).status).toBe(200);
  });

  it("400 for an unsupported or malformed currency, an unsupported language, a bad lobbyUrl, or a missing field", async () => {
    for (const body of [
      { ...base, currency: "GBP" },
      { ...base, currency: "eur" },
      { ...base, currency: "EURO" },
      { ...base, language: "fr" },
      { ...base, lobbyUrl: "/lobby" },
      { ...base, lobbyUrl: "ftp://casino.example/" },
      { ...base, lobbyUrl: "javascript:alert(1)" },
      { ...base, mode: "FUN" },
      { gameId: "starfall", currency: "EUR", mode: "REAL" },
      { ...base, playerRef: 42 },
    ]) {
      const reply = await launch(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(typeof reply.json.error).toBe("string");
    }
  });

  it("403 with a generic message for a blocklisted player", async () => {
    const reply = await launch({ ...base, playerRef: "p-excluded" });
    expect(reply.status).toBe(403);
    expect(reply.json.error).not.toMatch(/excluded|blocklist/i);
  });

  it("kick ends every session of the player under this operator only, and tells the provider off the request path", async () => {
    const a = (await launch({ ...base, playerRef: "p-kick" })).json.sessionToken;
    const b = (await launch({ ...base, playerRef: "p-kick", gameId: "nebula" })).json.sessionToken;
    const theirs = (await launch({ ...base, playerRef: "p-kick" }, OTHER_OPERATOR)).json.sessionToken;
    const before = provider.requests.length;
    const kick = await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/players/kick", { playerRef: "p-kick" });
    expect(kick.status).toBe(200);
    expect(kick.json).toEqual({ revokedCount: 2 });
    expect((await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/players/kick", { playerRef: "p-kick" })).json).toEqual({
      revokedCount: 0,
    });
    await waitFor(() => provider.requests.length >= before + 2);
    const revokes = provider.requests.slice(before);
    expect(revokes.map((r) => JSON.parse(r.body).sessionToken).sort()).toEqual([a, b].sort());
    for (const r of revokes) {
      expect(r.url).toBe("/v1/game/session/revoke");
      expect(JSON.parse(r.body)).toMatchObject({ playerRef: "p-kick", reason: "KICK" });
      expect(
        verify({ method: "POST", target: r.url, headers: r.headers, body: r.body, secrets: [PROVIDER.secret], expectedTenantId: PROVIDER.id }).ok,
      ).toBe(true);
    }
    const stillThere = await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: theirs });
    expect(stillThere.status).toBe(200);
    for (const token of [a, b]) {
      expect((await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: token })).status).toBe(401);
    }
  });

  it("kick answers 400 without playerRef and succeeds even when the provider is unreachable", async () => {
    expect((await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/players/kick", {})).status).toBe(400);
    await launch({ ...base, playerRef: "p-gone" });
    await provider.close();
    const kick = await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/players/kick", { playerRef: "p-gone" });
    expect(kick.json).toEqual({ revokedCount: 1 });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}
