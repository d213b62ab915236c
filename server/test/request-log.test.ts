import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../src/config/parse.js";
import { startServer, type RunningServer } from "../src/server.js";
import { OPERATOR, PROVIDER, signedRequest, testConfigJson } from "./harness.js";

describe("request log: one JSON line per request on both HTTP paths, never a body, secret or token", () => {
  const lines: Record<string, unknown>[] = [];
  let text = "";
  let server: RunningServer;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        for (const line of chunk.toString().trim().split("\n")) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const config = parseConfig({ ...testConfigJson(), logLevel: "info" });
    server = await startServer(config, { logger: pino({ level: "info" }, sink) });
  });
  afterAll(() => server.close());

  const requestLines = () => lines.filter((l) => l.msg === "request" || l.msg === "request failed");

  it("logs tenant, route, status, latency and the error code of provider wallet calls and operator calls", async () => {
    const launch = await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/games/launch", { playerRef: "p-log", gameId: "starfall", currency: "EUR", mode: "DEMO" });
    const token = launch.json.sessionToken as string;
    expect((await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/balance", { sessionToken: token })).status).toBe(200);
    expect((await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: "no-such-session" })).status).toBe(401);
    expect((await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/transaction?x=1", { sessionToken: token }, { headers: { "x-signature": "0".repeat(64) } })).status).toBe(401);
    expect((await signedRequest(server.url, OPERATOR, "POST", "/v1/wallet/balance", { sessionToken: token })).status).toBe(401);

    const logged = requestLines().map(({ tenant, method, route, status, error, authFailure, latencyMs }) => ({
      tenant, method, route, status, error, authFailure, latency: typeof latencyMs,
    }));
    expect(logged).toEqual([
      { tenant: OPERATOR.id, method: "POST", route: "/v1/operator/games/launch", status: 200, error: undefined, authFailure: undefined, latency: "number" },
      { tenant: PROVIDER.id, method: "POST", route: "/v1/wallet/balance", status: 200, error: undefined, authFailure: undefined, latency: "number" },
      { tenant: PROVIDER.id, method: "POST", route: "/v1/wallet/session/verify", status: 401, error: "unauthenticated", authFailure: undefined, latency: "number" },
      // The route is the documented path: no query values in the log.
      { tenant: undefined, method: "POST", route: "/v1/wallet/transaction", status: 401, error: "invalid_signature", authFailure: "bad-signature", latency: "number" },
      { tenant: OPERATOR.id, method: "POST", route: "/v1/wallet/balance", status: 401, error: "invalid_signature", authFailure: "wrong-role", latency: "number" },
    ]);
    expect(text).not.toContain(token);
    expect(text).not.toContain(PROVIDER.secret);
    expect(text).not.toContain(OPERATOR.secret);
  });
});
