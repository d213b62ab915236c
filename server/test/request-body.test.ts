import { sign } from "@croupier/signing";
import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, PROVIDER, startTestServer } from "./harness.js";
import { launchSession } from "./wallet-harness.js";

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** Sends a signed POST with node:http, so the test controls framing: chunks without a length, or headers as given. */
function post(
  server: Server,
  tenant: { id: string; secret: string },
  target: string,
  chunks: string[],
  headers: Record<string, string> = {},
  agent?: Agent,
): Promise<{ status: number; text: string }> {
  const body = chunks.join("");
  const signed = sign({ secret: tenant.secret, tenantId: tenant.id, method: "POST", target, body });
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${target}`,
      { method: "POST", ...(agent ? { agent } : {}), headers: { ...signed, "content-type": "application/json", ...headers } },
      (res) => {
        let text = "";
        res
          .setEncoding("utf8")
          .on("data", (c: string) => (text += c))
          .on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

let server: Server;
let sessionToken: string;
beforeAll(async () => {
  server = await startTestServer();
  sessionToken = await launchSession(server.url, { playerRef: "p-body", mode: "DEMO" });
});
afterAll(() => server.close());

/**
 * The same rules on both HTTP paths: an operator route (through Express) and a provider wallet route (served on
 * node:http directly). `field` is the route's one required field and `value()` a value it accepts.
 */
describe.each([
  { route: "/v1/operator/players/kick", tenant: OPERATOR, field: "playerRef", value: () => "p-1", accepted: '{"revokedCount":0}' },
  { route: "/v1/wallet/balance", tenant: PROVIDER, field: "sessionToken", value: () => sessionToken, accepted: '{"balance":100000}' },
])("request bodies on $route: the signed bytes as received", ({ route, tenant, field, value, accepted }) => {
  const body = (pad = "") => `{"${field}":"${value()}"${pad ? `,"pad":"${pad}"` : ""}}`;

  it("reads a chunked body without a Content-Length and verifies the signature over all its bytes", async () => {
    const text = body();
    const reply = await post(server, tenant, route, [text.slice(0, 5), text.slice(5, 12), text.slice(12)]);
    expect(reply).toEqual({ status: 200, text: accepted });
  });

  it("refuses a body over 64 KiB with 400, whether it declares its length or streams in chunks", async () => {
    const big = body("x".repeat(64 * 1024));
    const declared = await post(server, tenant, route, [big]);
    expect(declared.status).toBe(400);
    expect(JSON.parse(declared.text)).toEqual({ error: "request body exceeds 65536 bytes", code: "bad_request" });
    const streamed = await post(server, tenant, route, [big.slice(0, 40_000), big.slice(40_000)]);
    expect(streamed.status).toBe(400);
    expect(JSON.parse(streamed.text)).toEqual({ error: "request body exceeds 65536 bytes", code: "bad_request" });
  });

  it("after refusing an oversized streamed body, serves the next request on the same keep-alive connection", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = body("x".repeat(200 * 1024));
      expect((await post(server, tenant, route, [big.slice(0, 40_000), big.slice(40_000)], {}, agent)).status).toBe(400);
      expect(await post(server, tenant, route, [body()], {}, agent)).toEqual({ status: 200, text: accepted });
    } finally {
      agent.destroy();
    }
  });

  it("accepts a body of exactly 64 KiB as far as size goes", async () => {
    const exact = body("x".repeat(64 * 1024 - body().length - ',"pad":""'.length));
    expect(Buffer.byteLength(exact)).toBe(64 * 1024);
    expect((await post(server, tenant, route, [exact])).status).toBe(200);
  });

  it("refuses a compressed body with 400 and says why", async () => {
    const reply = await post(server, tenant, route, [body()], { "content-encoding": "gzip" });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text).error).toMatch(/compressed/);
    expect((await post(server, tenant, route, [body()], { "content-encoding": "identity" })).status).toBe(200);
  });

  it("parses the body as JSON whatever the Content-Type says, and refuses malformed JSON with a JSON 400", async () => {
    expect(await post(server, tenant, route, [body()], { "content-type": "text/plain" })).toEqual({ status: 200, text: accepted });
    const malformed = await post(server, tenant, route, [body().slice(0, -1)]);
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.text)).toEqual({ error: "request body is not valid JSON", code: "bad_request" });
  });
});
