import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../src/config/parse.js";
import { startServer, type RunningServer } from "../src/server.js";
import { OPERATOR, PROVIDER, signedRequest, testConfigJson, testSecretKey } from "./harness.js";
import { betRequest, launchSession, postTransaction, startTestWallet } from "./wallet-harness.js";

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
    server = await startServer(config, { logger: pino({ level: "info" }, sink), secretKey: testSecretKey() });
  });
  afterAll(() => server.close());

  const requestLines = () => lines.filter((l) => l.msg === "request" || l.msg === "request failed");

  it("logs tenant, route, status, latency and the error code of provider wallet calls and operator calls", async () => {
    const token = await launchSession(server.url, { playerRef: "p-log", mode: "DEMO" });
    expect((await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/balance", { sessionToken: token })).status).toBe(200);
    expect((await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: "no-such-session" })).status).toBe(401);
    expect(
      (
        await signedRequest(
          server.url,
          PROVIDER,
          "POST",
          "/v1/wallet/transaction?x=1",
          { sessionToken: token },
          { headers: { "x-signature": "0".repeat(64) } },
        )
      ).status,
    ).toBe(401);
    expect((await signedRequest(server.url, OPERATOR, "POST", "/v1/wallet/balance", { sessionToken: token })).status).toBe(401);

    const logged = requestLines().map(({ tenant, method, route, status, error, authFailure, latencyMs }) => ({
      tenant,
      method,
      route,
      status,
      error,
      authFailure,
      latency: typeof latencyMs,
    }));
    expect(logged).toEqual([
      {
        tenant: OPERATOR.id,
        method: "POST",
        route: "/v1/operator/games/launch",
        status: 200,
        error: undefined,
        authFailure: undefined,
        latency: "number",
      },
      { tenant: PROVIDER.id, method: "POST", route: "/v1/wallet/balance", status: 200, error: undefined, authFailure: undefined, latency: "number" },
      {
        tenant: PROVIDER.id,
        method: "POST",
        route: "/v1/wallet/session/verify",
        status: 401,
        error: "unauthenticated",
        authFailure: undefined,
        latency: "number",
      },
      // The route is the documented path: no query values in the log.
      {
        tenant: undefined,
        method: "POST",
        route: "/v1/wallet/transaction",
        status: 401,
        error: "invalid_signature",
        authFailure: "bad-signature",
        latency: "number",
      },
      {
        tenant: OPERATOR.id,
        method: "POST",
        route: "/v1/wallet/balance",
        status: 401,
        error: "invalid_signature",
        authFailure: "wrong-role",
        latency: "number",
      },
    ]);
    expect(text).not.toContain(token);
    expect(text).not.toContain(PROVIDER.secret);
    expect(text).not.toContain(OPERATOR.secret);
  });
});

describe("request ids: every response carries X-Request-Id, and the request log line names it", () => {
  const lines: Record<string, unknown>[] = [];
  let server: RunningServer;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().trim().split("\n")) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    server = await startServer(parseConfig({ ...testConfigJson(), logLevel: "info" }), {
      logger: pino({ level: "info" }, sink),
      secretKey: testSecretKey(),
    });
  });
  afterAll(() => server.close());

  it("keeps a sane caller id, replaces anything else with a UUID, on both HTTP paths and for errors too", async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const calls = [
      // The provider wallet API (node:http) and an Express route, a success and errors of both body kinds.
      { tenant: PROVIDER, target: "/v1/wallet/session/verify", body: { sessionToken: "nope" } },
      { tenant: OPERATOR, target: "/v1/operator/players/kick", body: { playerRef: "p-1" } },
      { tenant: OPERATOR, target: "/v1/wallet/balance", body: { sessionToken: "x" } },
    ];
    const kept = "trace-01.A:b~c_d";
    for (const { tenant, target, body } of calls) {
      const own = await signedRequest(server.url, tenant, "POST", target, body, { headers: { "x-request-id": kept } });
      expect(own.headers.get("x-request-id"), target).toBe(kept);
      for (const odd of ["x".repeat(129), "has space", "semi;colon", ""]) {
        const replaced = await signedRequest(server.url, tenant, "POST", target, body, { headers: { "x-request-id": odd } });
        expect(replaced.headers.get("x-request-id"), `${target} ${JSON.stringify(odd)}`).toMatch(uuid);
      }
      const first = await signedRequest(server.url, tenant, "POST", target, body);
      const second = await signedRequest(server.url, tenant, "POST", target, body);
      expect(first.headers.get("x-request-id")).toMatch(uuid);
      expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    }
    for (const unsigned of [await fetch(`${server.url}/healthz`), await fetch(`${server.url}/no/such/route`)]) {
      expect(unsigned.headers.get("x-request-id")).toMatch(uuid);
    }
  });

  it("logs the id the response carried, on both HTTP paths", async () => {
    const wallet = await signedRequest(
      server.url,
      PROVIDER,
      "POST",
      "/v1/wallet/balance",
      { sessionToken: "nope" },
      { headers: { "x-request-id": "find-me-wallet" } },
    );
    const operator = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/games", undefined, {
      headers: { "x-request-id": "find-me-operator" },
    });
    expect([wallet.status, operator.status]).toEqual([401, 200]);
    const line = (id: string) => lines.find((l) => l.requestId === id);
    expect(line("find-me-wallet")).toMatchObject({ route: "/v1/wallet/balance", status: 401, error: "unauthenticated" });
    expect(line("find-me-operator")).toMatchObject({ route: "/v1/operator/games", status: 200 });
  });
});

describe("request log at warn: only failed requests are written", () => {
  it("writes a 500's line and none for answered or refused calls", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().trim().split("\n")) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const wallet = await startTestWallet();
    const server = await startServer(parseConfig({ ...testConfigJson({ wallet: wallet.url }), logLevel: "warn" }), {
      logger: pino({ level: "warn" }, sink),
      secretKey: testSecretKey(),
    });
    try {
      const token = await launchSession(server.url);
      expect((await postTransaction(server.url, betRequest(token, { amount: 10 }))).status).toBe(200);
      expect((await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: "no-such-session" })).status).toBe(401);
      wallet.fault = () => ({ status: 500, body: { error: "down" } });
      expect((await postTransaction(server.url, betRequest(token, { amount: 20 }))).status).toBe(500);
      const requestLines = lines.filter((l) => l.msg === "request" || l.msg === "request failed");
      expect(requestLines.map(({ msg, route, status }) => ({ msg, route, status }))).toEqual([
        { msg: "request failed", route: "/v1/wallet/transaction", status: 500 },
      ]);
    } finally {
      await server.close();
      await wallet.close();
    }
  });
});
