import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEB_APP_ROUTES } from "../src/http/backoffice-scope.js";
import { OPERATOR, PROVIDER, sendJson, signedRequest, startScriptedPeer, startTestServer, testConfigJson, type ScriptedPeer } from "./harness.js";
import { launchSession } from "./wallet-harness.js";
import { PASSWORD, signIn } from "./backoffice-harness.js";

const WEB_APP_SOURCE = resolve(import.meta.dirname, "../../backoffice/src");

/** Every `api.GET("/path"` and `api.POST("/path"` the web app's source makes, as "METHOD /path". */
function webAppCalls(dir = WEB_APP_SOURCE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return webAppCalls(path);
    if (!/\.tsx?$/.test(entry.name)) return [];
    return [...readFileSync(path, "utf8").matchAll(/\bapi\.(GET|POST|PUT|PATCH|DELETE)\(\s*"([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
  });
}

describe("a back-office session reaches only the routes the web app uses (issue 30 item 6)", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let wallet: ScriptedPeer;

  beforeAll(async () => {
    wallet = await startScriptedPeer((_req, res) => sendJson(res, 200, { balance: 500, playerRef: "p-1", currency: "EUR" }));
    server = await startTestServer({ ...testConfigJson({ wallet: wallet.url }), allowPrivateCallbackAddresses: true });
    const accounts = server.services.backoffice;
    await accounts.addUser({ username: "alice", operatorId: OPERATOR.id, role: "manager", password: PASSWORD });
    await accounts.addUser({ username: "root", operatorId: null, role: "manager", password: PASSWORD });
    await accounts.addUser({ username: "star", operatorId: null, providerId: PROVIDER.id, role: "manager", password: PASSWORD });
  });
  afterAll(async () => {
    await server?.close();
    await wallet?.close();
  });

  it("lists exactly the calls the web app's source makes", () => {
    expect(new Set(webAppCalls())).toEqual(new Set(WEB_APP_ROUTES));
  });

  it("refuses a manager's session a game launch with 403: no session is opened, no token handed out", async () => {
    const launch = { playerRef: "p-cookie", gameId: "starfall", currency: "EUR", mode: "REAL" };
    for (const [who, headers] of [
      ["alice", {}],
      ["root", { "x-operator-id": OPERATOR.id }],
    ] as const) {
      const person = await signIn(server.url, who);
      const reply = await person.request("POST", "/v1/operator/games/launch", launch, headers);
      expect(reply.status, who).toBe(403);
      expect(reply.json.error).toMatch(/routes the web app uses/);
      expect(reply.text).not.toMatch(/sessionToken/);
    }
    const sessions = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/sessions?playerRef=p-cookie");
    expect(sessions.status).toBe(200);
    expect(sessions.json.items).toEqual([]);
    // The operator's key still launches, and the listing shows it.
    await launchSession(server.url, { playerRef: "p-cookie" });
    expect((await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/sessions?playerRef=p-cookie")).json.items).toHaveLength(1);
  });

  it("refuses every other operator API route the web app does not call", async () => {
    const alice = await signIn(server.url, "alice");
    for (const [method, path, body] of [
      ["POST", "/v1/operator/rounds/replay", { gameId: "starfall", roundId: "r-1" }],
      ["GET", "/v1/operator/free-spins/grants/g-1", undefined],
      ["POST", "/portal/api/revoke-previous-secret", undefined],
      ["GET", "/v1/operator/nowhere", undefined],
    ] as const) {
      const reply = await alice.request(method, path, body);
      expect(reply.status, `${method} ${path}`).toBe(403);
    }
    // The wallet API stays the providers' alone, as before.
    expect((await alice.request("GET", "/v1/wallet/balance?playerRef=p-1")).status).toBe(401);
  });

  it("lets the session reach the handler of every route the web app uses", async () => {
    const alice = await signIn(server.url, "alice");
    const star = await signIn(server.url, "star");
    const root = await signIn(server.url, "root");
    // Sign-in needs no session, and sign-out would end this one: each is exercised by backoffice-auth.test.ts.
    const routes = WEB_APP_ROUTES.filter((r) => !r.endsWith("/sign-in") && !r.endsWith("/sign-out"));
    for (const route of routes) {
      const [method, template] = route.split(" ") as ["GET" | "POST" | "DELETE", string];
      const path = template.replace(/\{[^}]+\}/g, "x-1");
      // The studio routes are a studio account's, the studio accounts' the platform's, the others an operator's.
      const person = path.startsWith("/v1/provider/") ? star : path.startsWith("/backoffice/api/studio-accounts") ? root : alice;
      const reply = await person.request(method, path, method === "POST" ? {} : undefined);
      // A 400 here is the OpenAPI validator or the handler judging the empty body: authentication let it through.
      expect([401, 403], `${route}: ${reply.status} ${reply.text}`).not.toContain(reply.status);
    }
  });
});
