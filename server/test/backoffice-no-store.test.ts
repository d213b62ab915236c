import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, signedRequest, startTestServer, testConfigJson } from "./harness.js";
import { addAccount, signIn } from "./backoffice-harness.js";

describe("back-office answers and caches", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    server = await startTestServer(testConfigJson());
    await addAccount(server, "alice", "manager", { operatorId: OPERATOR.id });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers sign-in and every session call with Cache-Control: no-store, refusals too; a signed call is left as it was", async () => {
    const alice = await signIn(server.url, "alice");
    const replies = [
      alice.reply,
      await alice.request("GET", "/backoffice/api/me"),
      await alice.request("GET", "/v1/operator/transactions"),
      await alice.request("GET", "/v1/operator/audit-log"),
      await alice.request("POST", "/v1/operator/players/kick", { playerRef: "p-none" }),
      await alice.request("POST", "/v1/operator/games/launch", {}),
      (await signIn(server.url, "alice", "not the password")).reply,
    ];
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200, 403, 401]);
    // A CSRF token and players' money would otherwise stay in the browser's disk cache after sign-out.
    for (const reply of replies) expect(reply.headers.get("cache-control"), String(reply.status)).toBe("no-store");
    expect((await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/transactions")).headers.get("cache-control")).toBeNull();
  });
});
