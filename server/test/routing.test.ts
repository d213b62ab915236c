import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, PROVIDER, signedRequest, startTestServer } from "./harness.js";

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
});
