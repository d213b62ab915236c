import { describe, expect, it } from "vitest";
import { CroupierApiError, createOperatorClient, type GrantResponseBody } from "../src/index.js";
import { json, recordingFetch } from "./recording-fetch.js";

const SECRET = "op-secret";
const grant: GrantResponseBody = {
  id: "3b8f5c2e-7d41-4a9e-9c1f-2a6b0d4e8f17",
  operatorId: "op-acme",
  providerId: "prov-star",
  gameId: "starfall",
  playerRef: "p-1",
  spins: 10,
  betAmountMinor: 20,
  currency: "EUR",
  status: "active",
  idempotencyKey: "k-1",
  createdAt: "2026-01-15T10:00:00Z",
  updatedAt: "2026-01-15T10:00:00Z",
};

describe("operator client signing", () => {
  it("signs method, prefixed path, query and exact body, with a fresh nonce per call", async () => {
    const { seen, fetch } = recordingFetch(() => json(200, [grant]));
    const client = createOperatorClient({ baseUrl: "https://x.example/croupier", tenantId: "op-acme", secret: SECRET, fetch });
    expect((await client.listGrants({ playerRef: "p 1&x" })).data).toEqual({ items: [grant], nextCursor: null });
    await client.kickPlayer("p-1");
    const [list, kick] = seen;
    expect(list!.url.pathname + list!.url.search).toBe("/croupier/v1/operator/free-spins/grants?playerRef=p%201%26x");
    expect(list!.method).toBe("GET");
    expect(list!.body).toBe("");
    expect(list!.signatureValidFor(SECRET, "op-acme")).toBe(true);
    expect(list!.signatureValidFor("other")).toBe(false);
    expect(kick!.url.pathname).toBe("/croupier/v1/operator/players/kick");
    expect(kick!.body).toBe('{"playerRef":"p-1"}');
    expect(kick!.signatureValidFor(SECRET)).toBe(true);
    expect(kick!.headers.get("x-tenant-id")).toBe("op-acme");
    expect(kick!.headers.get("x-nonce")).not.toBe(list!.headers.get("x-nonce"));
    expect(Math.abs(Number(kick!.headers.get("x-timestamp")) - Date.now() / 1000)).toBeLessThan(5);
  });

  it("fills path parameters and signs the raw client too", async () => {
    const { seen, fetch } = recordingFetch(() => json(200, grant));
    const client = createOperatorClient({ baseUrl: "http://127.0.0.1:8080", tenantId: "op-acme", secret: SECRET, fetch });
    await client.cancelGrant(grant.id);
    await client.raw.POST("/v1/operator/rounds/replay", { body: { roundId: "r-1", gameId: "starfall" } });
    expect(seen.map((s) => s.url.pathname)).toEqual([`/v1/operator/free-spins/grants/${grant.id}/cancel`, "/v1/operator/rounds/replay"]);
    expect(seen.every((s) => s.signatureValidFor(SECRET))).toBe(true);
  });

  it("switches to the new secret after rotateSecret", async () => {
    const { seen, fetch } = recordingFetch((s) =>
      s.url.pathname === "/portal/api/rotate-secret"
        ? json(200, { secret: "new-secret", previousSecretValidUntil: "2026-01-22T10:00:00Z" })
        : json(200, []),
    );
    const client = createOperatorClient({ baseUrl: "http://svc", tenantId: "op-acme", secret: SECRET, fetch });
    const rotated = await client.rotateSecret();
    expect(rotated.data?.secret).toBe("new-secret");
    await client.listGames();
    expect(seen[0]!.signatureValidFor(SECRET)).toBe(true);
    expect(seen[1]!.signatureValidFor("new-secret")).toBe(true);
    expect(seen[1]!.signatureValidFor(SECRET)).toBe(false);
  });
});

describe("operator client errors", () => {
  const clientAnswering = (response: () => Response | Promise<Response>, timeoutMs?: number) =>
    createOperatorClient({
      baseUrl: "http://svc",
      tenantId: "op-acme",
      secret: SECRET,
      fetch: recordingFetch(response).fetch,
      ...(timeoutMs ? { timeoutMs } : {}),
    });

  it("returns the JSON error message and status, without throwing", async () => {
    const { data, error, response } = await clientAnswering(() => json(404, { error: "game not found" })).launchGame({
      playerRef: "p",
      gameId: "nope",
      currency: "EUR",
      mode: "REAL",
    });
    expect(data).toBeUndefined();
    expect(error).toBeInstanceOf(CroupierApiError);
    expect([error?.status, error?.message, error?.body]).toEqual([404, "game not found", { error: "game not found" }]);
    expect(response?.status).toBe(404);
  });

  it("returns the plain-text 401 message", async () => {
    const { error } = await clientAnswering(
      () => new Response("invalid signature", { status: 401, headers: { "content-type": "text/plain" } }),
    ).listGames();
    expect([error?.status, error?.message]).toEqual([401, "invalid signature"]);
  });

  it("reads Retry-After on a 429", async () => {
    const { error } = await clientAnswering(() => json(429, { error: "rate limit exceeded" }, { "retry-after": "7" })).listGames();
    expect([error?.status, error?.retryAfter, error?.message]).toEqual([429, 7, "rate limit exceeded"]);
  });

  it("reports a network error as status 0", async () => {
    const { error } = await clientAnswering(() => Promise.reject(new TypeError("fetch failed"))).listGames();
    expect(error?.status).toBe(0);
    expect(error?.message).toMatch(/network error: fetch failed/);
  });

  it("reports a timeout as status 0 'timeout', even from a fetch that ignores the signal", async () => {
    const started = Date.now();
    const { error } = await clientAnswering(() => new Promise<Response>(() => {}), 50).listGames();
    expect([error?.status, error?.message]).toEqual([0, "timeout"]);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("reports a real socket that never answers as a timeout", async () => {
    const { createServer } = await import("node:http");
    const server = createServer(() => {}).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as { port: number };
    try {
      const client = createOperatorClient({ baseUrl: `http://127.0.0.1:${port}`, tenantId: "op-acme", secret: SECRET, timeoutMs: 100 });
      const { error } = await client.listGames();
      expect([error?.status, error?.message]).toEqual([0, "timeout"]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
