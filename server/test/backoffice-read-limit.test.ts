import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachStore } from "./each-store.js";
import { signIn } from "./backoffice-harness.js";
import { OPERATOR, signedRequest, startTestServer, testConfigJson } from "./harness.js";
import { PASSWORD } from "./backoffice-harness.js";

/**
 * Each back-office session has its own bucket for reads (issue 30 item 1): a viewer reloading the overview or the
 * transaction filters in a loop is told to wait (429, the standard error shape, Retry-After) instead of keeping the
 * database busy, while another person's session and the operator's signed calls go on.
 */
describeEachStore("a back-office session's read limit", (database) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    server = await startTestServer({
      ...testConfigJson(),
      database: database(),
      backoffice: { readRateLimit: { requestsPerSecond: 0.5, burst: 4 } },
    });
    for (const username of ["looping-viewer", "other-viewer"]) {
      await server.services.backoffice.addUser({ username, operatorId: OPERATOR.id, role: "viewer", password: PASSWORD });
    }
  });
  afterAll(() => server?.close());

  it("answers 429 with Retry-After once a session spent its reads, for that session only", async () => {
    const viewer = await signIn(server.url, "looping-viewer");
    const reads = ["/v1/operator/overview", "/v1/operator/transactions?state=FAILED", "/v1/operator/overview", "/v1/operator/sessions"];
    for (const path of reads) expect((await viewer.request("GET", path)).status, path).toBe(200);
    const refused = await viewer.request("GET", "/v1/operator/transactions?playerRef=p-1");
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ error: "too many back-office reads from this session: wait and retry", code: "rate_limited" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // The bucket refills at its rate: 2 s buys one more read.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await viewer.request("GET", "/v1/operator/overview")).status).toBe(200);
    expect((await viewer.request("GET", "/v1/operator/overview")).status).toBe(429);

    // Another person's session of the same operator has its own bucket, and the operator's signed API is untouched.
    const other = await signIn(server.url, "other-viewer");
    expect((await other.request("GET", "/v1/operator/overview")).status).toBe(200);
    expect((await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/overview")).status).toBe(200);
  });
});
