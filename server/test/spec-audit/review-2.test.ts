import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorGet, operatorPost, startWorld, type World } from "./world.js";

/**
 * Second spec review: a configured launchBaseUrl is the provider's game client URL as registered, so GameSummary
 * must show it unchanged and launch must append the token to it (decisions.md §2: launchBaseUrl + "?token=").
 * A trailing slash is part of that URL (https://x/play/ and https://x/play can be different pages).
 */
describe("review 2: a launchBaseUrl with a trailing slash is used as configured", () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld((json) => {
      json.providers[0].games[0].launchBaseUrl = "https://games.example/starfall/";
      json.providers[0].games[0].replayBaseUrl = "https://games.example/replay/";
    });
  });
  afterAll(() => w.close());

  it("GameSummary shows launchBaseUrl and replayBaseUrl exactly as configured", async () => {
    const reply = await operatorGet(w.url, "/v1/operator/games");
    const starfall = reply.json.find((g: { gameId: string }) => g.gameId === "starfall");
    expect(starfall.launchBaseUrl).toBe("https://games.example/starfall/");
    expect(starfall.replayBaseUrl).toBe("https://games.example/replay/");
  });

  it("launchUrl is launchBaseUrl + ?token=<sessionToken>", async () => {
    const reply = await operatorPost(w.url, "/v1/operator/games/launch", { playerRef: "p-1", gameId: "starfall", currency: "EUR", mode: "REAL" });
    expect(reply.status).toBe(200);
    expect(reply.json.launchUrl).toBe(`https://games.example/starfall/?token=${encodeURIComponent(reply.json.sessionToken)}`);
  });
});
