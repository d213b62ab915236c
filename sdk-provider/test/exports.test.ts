import { mintReplayToken } from "@croupier/signing";
import { describe, expect, it } from "vitest";
import { createProviderClient, ReplayTokenError, verifyReplayToken } from "../src/index.js";
import { json, recordingFetch } from "../../sdk-operator/test/recording-fetch.js";

describe("replay tokens", () => {
  const claims = {
    roundId: "r-1",
    gameId: "starfall",
    playerRef: "p-1",
    operatorId: "op-acme",
    providerId: "prov-star",
    exp: Math.floor(Date.now() / 1000) + 900,
  };

  it("verifies a token minted by the service, with either secret during a rotation", () => {
    const token = mintReplayToken("new", claims);
    expect(verifyReplayToken(token, ["new", "old"])).toEqual(claims);
    expect(() => verifyReplayToken(token, ["old"])).toThrow(ReplayTokenError);
  });
});

describe("raw provider client types", () => {
  it("refuses a wrong path or body at compile time (checked by the root tsc)", async () => {
    const { seen, fetch } = recordingFetch(() => json(200, { balance: 1 }));
    const client = createProviderClient({ baseUrl: "http://svc", tenantId: "prov-star", secret: "s", fetch });
    await client.raw.POST("/v1/wallet/balance", { body: { sessionToken: "st-1" } });
    // @ts-expect-error: no such path
    await client.raw.POST("/v1/wallet/balances", { body: { sessionToken: "st-1" } });
    await client.raw.POST("/v1/wallet/transaction", {
      // @ts-expect-error: amount must be a number
      body: { transactionId: "t", sessionToken: "s", type: "BET", roundId: "r", playerRef: "p", amount: "1", currency: "EUR", gameId: "g" },
    });
    // @ts-expect-error: the bet helper fills type itself
    await client.bet({ transactionId: "t", sessionToken: "s", type: "WIN", roundId: "r", playerRef: "p", amount: 1, currency: "EUR", gameId: "g" });
    expect(seen.length).toBe(4);
  });
});

describe("generateTestHeaders", () => {
  it("signs a request the SDK's own verifier accepts, with the timestamp and nonce given", async () => {
    const { generateTestHeaders, verifySignature } = await import("../src/index.js");
    const body = '{"requestRef":"r-1"}';
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = generateTestHeaders({
      method: "POST",
      target: "/v1/game/free-spins/grant",
      body,
      tenantId: "prov-star",
      secret: "s",
      timestamp,
      nonce: "n-1",
    });
    expect(headers).toMatchObject({ "X-Tenant-ID": "prov-star", "X-Timestamp": String(timestamp), "X-Nonce": "n-1" });
    const verified = await verifySignature(
      { method: "POST", target: "/v1/game/free-spins/grant", headers, body },
      { tenantId: "prov-star", secrets: ["s"] },
    );
    expect(verified).toBeDefined();
  });
});
