import { sign } from "@croupier/signing";
import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, startTestServer } from "./harness.js";

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** Sends a signed POST with node:http, so the test controls framing: chunks without a length, or headers as given. */
function post(server: Server, target: string, chunks: string[], headers: Record<string, string> = {}, agent?: Agent): Promise<{ status: number; text: string }> {
  const body = chunks.join("");
  const signed = sign({ secret: OPERATOR.secret, tenantId: OPERATOR.id, method: "POST", target, body });
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${target}`, { method: "POST", ...(agent ? { agent } : {}), headers: { ...signed, "content-type": "application/json", ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (c: string) => (text += c)).on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe("request bodies: the signed bytes as received", () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("reads a chunked body without a Content-Length and verifies the signature over all its bytes", async () => {
    const reply = await post(server, "/v1/operator/players/kick", ['{"player', 'Ref":', '"p-chunked"}']);
    expect(reply).toEqual({ status: 200, text: JSON.stringify({ revokedCount: 0 }) });
  });

  it("refuses a body over 64 KiB with 400, whether it declares its length or streams in chunks", async () => {
    const big = `{"playerRef":"p","pad":"${"x".repeat(64 * 1024)}"}`;
    const declared = await post(server, "/v1/operator/players/kick", [big]);
    expect(declared.status).toBe(400);
    expect(JSON.parse(declared.text)).toEqual({ error: "request body exceeds 65536 bytes" });
    const streamed = await post(server, "/v1/operator/players/kick", [big.slice(0, 40_000), big.slice(40_000)]);
    expect(streamed.status).toBe(400);
    expect(JSON.parse(streamed.text)).toEqual({ error: "request body exceeds 65536 bytes" });
  });

  it("after refusing an oversized streamed body, serves the next request on the same keep-alive connection", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = `{"playerRef":"p","pad":"${"x".repeat(200 * 1024)}"}`;
      expect((await post(server, "/v1/operator/players/kick", [big.slice(0, 40_000), big.slice(40_000)], {}, agent)).status).toBe(400);
      expect(await post(server, "/v1/operator/players/kick", ['{"playerRef":"p-next"}'], {}, agent)).toEqual({ status: 200, text: JSON.stringify({ revokedCount: 0 }) });
    } finally {
      agent.destroy();
    }
  });

  it("accepts a body of exactly 64 KiB as far as size goes", async () => {
    const prefix = '{"playerRef":"p-exact","pad":"';
    const exact = `${prefix}${"x".repeat(64 * 1024 - prefix.length - 2)}"}`;
    expect(Buffer.byteLength(exact)).toBe(64 * 1024);
    expect((await post(server, "/v1/operator/players/kick", [exact])).status).toBe(200);
  });

  it("refuses a compressed body with 400 and says why", async () => {
    const reply = await post(server, "/v1/operator/players/kick", ['{"playerRef":"p"}'], { "content-encoding": "gzip" });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text).error).toMatch(/compressed/);
    expect((await post(server, "/v1/operator/players/kick", ['{"playerRef":"p"}'], { "content-encoding": "identity" })).status).toBe(200);
  });
});
