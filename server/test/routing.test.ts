import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, PROVIDER, signedRequest, startTestServer } from "./harness.js";
import { launchSession } from "./wallet-harness.js";

describe("routes match in the letter case the contract writes them", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("another letter case is no route, so it is never a way around the role: a provider cannot rotate a secret through /PORTAL/API/ROTATE-SECRET", async () => {
    for (const [tenant, method, target, body] of [
      [PROVIDER, "POST", "/PORTAL/API/ROTATE-SECRET", undefined],
      [PROVIDER, "POST", "/Portal/api/callback-url", { callbackUrl: "https://example.com" }],
      [PROVIDER, "GET", "/V1/OPERATOR/GAMES", undefined],
      [PROVIDER, "POST", "/V1/OPERATOR/PLAYERS/KICK", { playerRef: "p-1" }],
      [OPERATOR, "POST", "/V1/WALLET/SESSION/VERIFY", { sessionToken: "x" }],
      [PROVIDER, "POST", "/v1/wallet/Balance", { sessionToken: "x" }],
    ] as const) {
      const reply = await signedRequest(server.url, tenant, method, target, body);
      expect({ target, status: reply.status }).toEqual({ target, status: 404 });
      expect(typeof reply.json.error).toBe("string");
    }
  });

  it("the provider wallet API (served without Express) matches as the Express routes do: a trailing slash or a query is the same route, another method is none", async () => {
    const body = { sessionToken: await launchSession(server.url, { playerRef: "p-route", mode: "DEMO" }) };
    for (const target of ["/v1/wallet/balance", "/v1/wallet/balance/", "/v1/wallet/balance?trace=1"]) {
      const reply = await signedRequest(server.url, PROVIDER, "POST", target, body);
      expect({ target, status: reply.status, json: reply.json }).toEqual({ target, status: 200, json: { balance: 100_000 } });
    }
    expect((await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/games/")).status).toBe(200);
    const get = await signedRequest(server.url, PROVIDER, "GET", "/v1/wallet/balance");
    expect(get.status).toBe(404);
    expect(typeof get.json.error).toBe("string");
  });
});
