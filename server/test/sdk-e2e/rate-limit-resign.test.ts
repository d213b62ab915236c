import { createOperatorClient } from "@croupier/sdk-operator";
import { createProviderClient } from "@croupier/sdk-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, PROVIDER } from "../harness.js";
import { startDeployment, type Deployment } from "./support/deployment.js";

/** One signed attempt as it left the client. */
interface Attempt {
  nonce: string;
  timestamp: number;
  signature: string;
  body: string;
}

/** A fetch that records each attempt's signing headers, then sends it on, and the statuses that came back. */
function recordingFetch(attempts: Attempt[], statuses: number[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    attempts.push({
      nonce: request.headers.get("x-nonce") ?? "",
      timestamp: Number(request.headers.get("x-timestamp")),
      signature: request.headers.get("x-signature") ?? "",
      body: await request.clone().text(),
    });
    const response = await fetch(request);
    statuses.push(response.status);
    return response;
  };
}

/**
 * A 429 consumes the request's nonce (the service records it before the rate limit: decisions.md §1), so the same
 * request sent again is a replay (401). Both SDKs sign each attempt afresh: over real HTTP against the real service with
 * a rate limit of one request every four seconds (a slow machine never refills it between two calls), the retry after a 429 carries a new nonce, a later timestamp and a new
 * signature, and succeeds.
 */
describe("SDK end to end: a retry after a 429 is signed again", () => {
  let d: Deployment;

  beforeAll(async () => {
    d = await startDeployment((json) => {
      for (const tenant of [...(json.operators as Record<string, unknown>[]), ...(json.providers as Record<string, unknown>[])]) {
        tenant.rateLimit = { requestsPerSecond: 0.25, burst: 1 };
      }
    });
  });
  afterAll(async () => {
    await d?.close();
  });

  it("the operator SDK's retried read gets a 429, then succeeds with a fresh nonce, timestamp and signature", async () => {
    const attempts: Attempt[] = [];
    const statuses: number[] = [];
    const operator = createOperatorClient({
      baseUrl: d.server.url,
      tenantId: OPERATOR.id,
      secret: OPERATOR.secret,
      fetch: recordingFetch(attempts, statuses),
      retry: { maxAttempts: 4 },
    });
    expect((await operator.listGames()).error).toBeUndefined();
    const second = await operator.listGames();
    expect(second.error).toBeUndefined();
    expect(statuses).toContain(429);
    expect(statuses.at(-1)).toBe(200);
    expectSignedAfresh(attempts, statuses);
  });

  it("the provider SDK's retried transaction gets a 429, then is applied once, signed afresh with the same body", async () => {
    const attempts: Attempt[] = [];
    const statuses: number[] = [];
    // The operator's one request every four seconds may still be spent by the test before: a launch is never retried.
    await new Promise((resolve) => setTimeout(resolve, 4_100));
    const launch = await createOperatorClient({
      baseUrl: d.server.url,
      tenantId: OPERATOR.id,
      secret: OPERATOR.secret,
      retry: { maxAttempts: 4 },
    }).launchGame({ playerRef: "p-carol", gameId: "starfall", currency: "EUR", mode: "REAL" });
    expect(launch.error).toBeUndefined();
    const provider = createProviderClient({
      baseUrl: d.server.url,
      tenantId: PROVIDER.id,
      secret: PROVIDER.secret,
      fetch: recordingFetch(attempts, statuses),
      retry: { maxAttempts: 4, initialDelayMs: 20, maxDelayMs: 100 },
    });
    const common = { sessionToken: launch.data!.sessionToken, playerRef: "p-carol", gameId: "starfall", currency: "EUR" };
    expect((await provider.bet({ ...common, roundId: "rl-1", transactionId: "rl-1-bet", amount: 100 })).error).toBeUndefined();
    const win = await provider.win({ ...common, roundId: "rl-1", transactionId: "rl-1-win", amount: 300, roundComplete: true });
    expect(win.error).toBeUndefined();
    expect(win.data).toEqual({ status: "OK", balance: 5_200 });
    expect(statuses).toContain(429);
    expect(statuses.at(-1)).toBe(200);
    expectSignedAfresh(attempts, statuses);
    const winAttempts = attempts.filter((a) => a.body.includes('"rl-1-win"'));
    expect(new Set(winAttempts.map((a) => a.body)).size).toBe(1);
  });
});

/** Every attempt after a 429 has a nonce never used before, a timestamp no earlier, and its own signature. */
function expectSignedAfresh(attempts: Attempt[], statuses: number[]): void {
  expect(new Set(attempts.map((a) => a.nonce)).size).toBe(attempts.length);
  expect(new Set(attempts.map((a) => a.signature)).size).toBe(attempts.length);
  statuses.forEach((status, i) => {
    if (status !== 429) return;
    const retry = attempts[i + 1]!;
    expect(retry).toBeDefined();
    // The 429's Retry-After is at least 1 s, so the retry is signed at a later whole second.
    expect(retry.timestamp).toBeGreaterThan(attempts[i]!.timestamp);
  });
}
