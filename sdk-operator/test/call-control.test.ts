import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { verify } from "@croupier/signing";
import { afterEach, describe, expect, it } from "vitest";
import { createOperatorClient, type RetryEvent } from "../src/index.js";

const SECRET = "op-secret";
const TENANT = "op-acme";

/** A real HTTP service stand-in: `answer` decides each reply; every request is recorded with its signing verdict. */
async function startService(answer: (n: number, req: IncomingMessage, res: ServerResponse) => void) {
  const seen: { path: string; nonce: string; signed: boolean; requestId: string | undefined; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req
      .on("data", (c: Buffer) => chunks.push(c))
      .on("end", () => {
        const body = Buffer.concat(chunks).toString();
        const signed = verify({
          method: req.method ?? "",
          target: req.url ?? "",
          headers: req.headers,
          body,
          secrets: [SECRET],
          expectedTenantId: TENANT,
        }).ok;
        seen.push({
          path: req.url ?? "",
          nonce: String(req.headers["x-nonce"]),
          signed,
          requestId: req.headers["x-request-id"] as string | undefined,
          body,
        });
        answer(seen.length, req, res);
      });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const reply = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
const failTwiceThen = (body: unknown) => (n: number, _req: IncomingMessage, res: ServerResponse) =>
  n <= 2 ? reply(res, 500, { error: "try again", code: "retryable_failure" }, { "x-request-id": `req-${n}` }) : reply(res, 200, body);

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe("operator client: opt-in retries", () => {
  it("does not retry unless asked", async () => {
    const service = await startService(failTwiceThen([]));
    close = service.close;
    const client = createOperatorClient({ baseUrl: service.url, tenantId: TENANT, secret: SECRET });
    const { error } = await client.listGames();
    expect(error).toMatchObject({ status: 500, kind: "server", code: "retryable_failure", requestId: "req-1" });
    expect(service.seen).toHaveLength(1);
  });

  it("retries a read and a grant issue, each attempt signed afresh, telling onRetry", async () => {
    const events: RetryEvent[] = [];
    for (const call of ["listGames", "issueGrant"] as const) {
      const service = await startService(failTwiceThen(call === "listGames" ? [] : { id: "g-1" }));
      close = service.close;
      events.length = 0;
      const client = createOperatorClient({
        baseUrl: service.url,
        tenantId: TENANT,
        secret: SECRET,
        retry: { maxAttempts: 4, initialDelayMs: 5, onRetry: (event) => events.push(event) },
      });
      const result =
        call === "listGames"
          ? await client.listGames()
          : await client.issueGrant({ playerRef: "p-1", campaignId: "welcome-10", idempotencyKey: "k-1" } as never);
      expect(result.error, call).toBeUndefined();
      expect(service.seen).toHaveLength(3);
      expect(service.seen.every((s) => s.signed)).toBe(true);
      expect(new Set(service.seen.map((s) => s.nonce)).size).toBe(3);
      // The grant's body, and so its idempotencyKey, is the same on every attempt.
      expect(new Set(service.seen.map((s) => s.body)).size).toBe(1);
      expect(events.map((e) => [e.attempt, e.error.status, e.error.requestId])).toEqual([
        [1, 500, "req-1"],
        [2, 500, "req-2"],
      ]);
      await service.close();
      close = undefined;
    }
  });

  it("never retries a launch or a kick, even with retries on", async () => {
    const service = await startService(failTwiceThen({}));
    close = service.close;
    const client = createOperatorClient({ baseUrl: service.url, tenantId: TENANT, secret: SECRET, retry: { initialDelayMs: 1 } });
    expect((await client.launchGame({ playerRef: "p-1", gameId: "starfall", currency: "EUR", mode: "REAL" })).error?.status).toBe(500);
    expect((await client.kickPlayer("p-1")).error?.status).toBe(500);
    expect(service.seen).toHaveLength(2);
  });
});

describe("operator client: per-call signal, timeout and headers", () => {
  it("sends extra headers on the call, without letting them replace a signing header", async () => {
    const service = await startService((_n, _req, res) => reply(res, 200, []));
    close = service.close;
    const client = createOperatorClient({ baseUrl: service.url, tenantId: TENANT, secret: SECRET });
    await client.listGrants({ playerRef: "p-1" }, { headers: { "X-Request-Id": "mine-1", "X-Signature": "0".repeat(64) } });
    expect(service.seen[0]).toMatchObject({ requestId: "mine-1", signed: true });
  });

  it("aborts with the caller's signal (kind aborted, never retried) and times out per call (kind timeout)", async () => {
    const service = await startService(() => {}); // never answers
    close = service.close;
    const client = createOperatorClient({
      baseUrl: service.url,
      tenantId: TENANT,
      secret: SECRET,
      timeoutMs: 60_000,
      retry: { maxAttempts: 3, initialDelayMs: 1 },
    });
    const controller = new AbortController();
    const aborted = client.getGrant("g-1", { signal: controller.signal });
    await new Promise<void>((resolve) => {
      const wait = () => (service.seen.length > 0 ? resolve() : setTimeout(wait, 5));
      wait();
    });
    controller.abort();
    expect((await aborted).error).toMatchObject({ status: 0, kind: "aborted" });
    expect(service.seen).toHaveLength(1);

    const once = createOperatorClient({ baseUrl: service.url, tenantId: TENANT, secret: SECRET, timeoutMs: 60_000 });
    const started = Date.now();
    expect((await once.listGames({ timeoutMs: 200 })).error).toMatchObject({ status: 0, kind: "timeout", message: "timeout" });
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

describe("CroupierApiError tells kinds apart without parsing messages", () => {
  it("reads status, kind, code (body or X-Error-Code) and requestId", async () => {
    const answers: [number, unknown, Record<string, string>][] = [
      [404, { error: "grant not found", code: "not_found" }, { "x-request-id": "r-404" }],
      [401, "invalid signature", { "content-type": "text/plain", "x-error-code": "invalid_signature", "x-request-id": "r-401" }],
      [429, { error: "rate limit exceeded", code: "rate_limited" }, { "retry-after": "2" }],
      [409, { error: "in flight", code: "conflict" }, {}],
      [403, { error: "current secret required", code: "current_secret_required" }, {}],
      [400, { error: "body.x must be string", code: "bad_request" }, {}],
      [503, { error: "not configured", code: "not_configured" }, {}],
    ];
    const service = await startService((n, _req, res) => {
      const [status, body, headers] = answers[n - 1]!;
      if (typeof body === "string") res.writeHead(status, headers).end(body);
      else reply(res, status, body, headers);
    });
    close = service.close;
    const client = createOperatorClient({ baseUrl: service.url, tenantId: TENANT, secret: SECRET });
    const errors = [];
    for (let i = 0; i < answers.length; i++) errors.push((await client.getGrant("g-1")).error);
    expect(errors.map((e) => [e?.status, e?.kind, e?.code])).toEqual([
      [404, "not_found", "not_found"],
      [401, "authentication", "invalid_signature"],
      [429, "rate_limit", "rate_limited"],
      [409, "conflict", "conflict"],
      [403, "permission", "current_secret_required"],
      [400, "validation", "bad_request"],
      [503, "server", "not_configured"],
    ]);
    expect(errors[0]?.requestId).toBe("r-404");
    expect(errors[1]).toMatchObject({ message: "invalid signature", requestId: "r-401" });
    expect(errors[2]?.retryAfter).toBe(2);
  });

  it("a refused connection is kind network", async () => {
    const service = await startService(() => {});
    await service.close();
    const client = createOperatorClient({ baseUrl: service.url, tenantId: TENANT, secret: SECRET });
    expect((await client.listGames()).error).toMatchObject({ status: 0, kind: "network" });
  });
});
