import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, signedRequest, startScriptedPeer, startTestServer, testConfigJson, type ScriptedPeer } from "./harness.js";

const GRANTS = "/v1/operator/free-spins/grants";
const grantBody = (key: string) => ({ playerRef: "p-1", gameId: "starfall", spins: 3, betAmountMinor: 10, currency: "EUR", idempotencyKey: key });

/** A loopback port nobody listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * decisions.md §4: an error shown to one tenant names no other tenant's infrastructure. A failed grant tells the
 * operator the kind of network failure, never the provider's address, port or system error code; the provider's own
 * descriptive error body stays on the grant, at most 500 characters, control characters removed.
 */
describe("errors about a provider, as the operator sees them", () => {
  let port: number;
  let unreachable: Awaited<ReturnType<typeof startTestServer>>;
  let studio: ScriptedPeer;
  let answering: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    port = await closedPort();
    unreachable = await startTestServer(testConfigJson({ webhook: `http://127.0.0.1:${port}` }));
    // Raw text: JSON would escape the control characters the service must remove.
    studio = await startScriptedPeer(
      (_req, res) => void res.writeHead(503, { "content-type": "text/plain" }).end(`studio\u0000 down\r\n\u001b[31m${"x".repeat(1000)}`),
    );
    answering = await startTestServer(testConfigJson({ webhook: studio.url }));
  });
  afterAll(async () => {
    await unreachable?.close();
    await answering?.close();
    await studio?.close();
  });

  it("an unreachable provider is `provider unreachable`: no address, port or error code in the 502 or on the grant", async () => {
    const reply = await signedRequest(unreachable.url, OPERATOR, "POST", GRANTS, grantBody("k-unreachable"));
    expect(reply.status).toBe(502);
    expect(reply.json.error).toMatch(/: provider unreachable$/);
    const [grant] = (await signedRequest(unreachable.url, OPERATOR, "GET", GRANTS)).json;
    expect(grant).toMatchObject({ status: "failed", lastError: "provider unreachable" });
    for (const text of [reply.text, JSON.stringify(grant)]) {
      expect(text).not.toContain("127.0.0.1");
      expect(text).not.toContain(String(port));
      expect(text).not.toMatch(/ECONN|connect /);
    }
  });

  it("a provider's own error body stays on the grant: control characters removed, at most 500 characters", async () => {
    const reply = await signedRequest(answering.url, OPERATOR, "POST", GRANTS, grantBody("k-answered"));
    expect(reply.status).toBe(502);
    const [grant] = (await signedRequest(answering.url, OPERATOR, "GET", GRANTS)).json;
    expect(grant.lastError).toMatch(/^provider answered 503: studio +down +\[31mx+$/);
    expect(grant.lastError).toHaveLength(500);
    expect(grant.lastError).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });
});
