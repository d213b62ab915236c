import { sign } from "@croupier/signing";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, PROVIDER, startTestServer } from "./harness.js";

/** What came back on a raw connection: the status, the headers (lowercase names), the body text. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `head` (request line and headers, no body) on a fresh TCP connection and reads until the server closes it.
 * `bodyAfterMs`: when given, the body is sent that long after the headers, for a request the server must wait for.
 */
function exchange(port: number, head: string, body?: { text: string; afterMs: number }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer and no close within 20 s; got so far: ${Buffer.concat(chunks).toString()}`));
    }, 20_000);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      clearTimeout(giveUp);
      const text = Buffer.concat(chunks).toString("utf8");
      const [top = "", rest = ""] = text.split("\r\n\r\n", 2);
      const [statusLine = "", ...lines] = top.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest });
    });
    socket.write(head);
    if (body) setTimeout(() => socket.end(body.text), body.afterMs);
  });
}

/** A POST head declaring a 64 KiB body (never sent unless the test sends it), with the given extra headers. */
function postHead(path: string, headers: Record<string, string>, length = 64 * 1024): string {
  const lines = Object.entries({
    host: "127.0.0.1",
    "content-type": "application/json",
    "content-length": String(length),
    connection: "close",
    ...headers,
  }).map(([name, value]) => `${name}: ${value}`);
  return `POST ${path} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`;
}

describe("issue 17 item 5: a caller the service does not know is refused before its body is read", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const now = () => Math.floor(Date.now() / 1000);
  /** Valid signing headers for a body the request then never sends (the signature cannot match; it is never checked). */
  const headersOf = (tenant: { id: string; secret: string }, path: string, overrides: Record<string, string> = {}) => ({
    ...sign({ secret: tenant.secret, tenantId: tenant.id, method: "POST", target: path, body: "{}" }),
    ...overrides,
  });

  // The nonce's format is checked first (decisions.md §1), so a request without any signing header fails there.
  const INVALID_NONCE = '{"error":"invalid nonce","code":"invalid_nonce"}';
  const headersWithoutNonce = (tenant: { id: string; secret: string }, path: string) => {
    const { "X-Nonce": _nonce, ...rest } = headersOf(tenant, path);
    return rest;
  };
  // Each case declares 64 KiB and sends none of it: the answer can only come from the headers.
  const cases: { name: string; path: string; headers: () => Record<string, string>; status: number; body: string }[] = [
    { name: "no signing headers, wallet API", path: "/v1/wallet/transaction", headers: () => ({}), status: 400, body: INVALID_NONCE },
    { name: "no signing headers, operator API", path: "/v1/operator/games/launch", headers: () => ({}), status: 400, body: INVALID_NONCE },
    { name: "no signing headers, unknown route", path: "/v1/nowhere", headers: () => ({}), status: 400, body: INVALID_NONCE },
    {
      name: "a nonce but no other signing header",
      path: "/v1/wallet/transaction",
      headers: () => ({ "X-Nonce": "n-1234567890abcdef" }),
      status: 401,
      body: "invalid signature",
    },
    {
      name: "no X-Nonce",
      path: "/v1/operator/games/launch",
      headers: () => headersWithoutNonce(OPERATOR, "/v1/operator/games/launch"),
      status: 400,
      body: INVALID_NONCE,
    },
    {
      name: "an unknown tenant",
      path: "/v1/wallet/balance",
      headers: () => headersOf({ id: "prov-nobody", secret: "x" }, "/v1/wallet/balance"),
      status: 401,
      body: "invalid signature",
    },
    {
      name: "a stale timestamp",
      path: "/v1/wallet/transaction",
      headers: () => headersOf(PROVIDER, "/v1/wallet/transaction", { "X-Timestamp": String(now() - 3600) }),
      status: 401,
      body: "invalid signature",
    },
    {
      name: "a timestamp with a leading zero",
      path: "/v1/operator/games/launch",
      headers: () => headersOf(OPERATOR, "/v1/operator/games/launch", { "X-Timestamp": `0${now()}` }),
      status: 401,
      body: "invalid signature",
    },
    {
      name: "a malformed signature",
      path: "/v1/operator/games/launch",
      headers: () => headersOf(OPERATOR, "/v1/operator/games/launch", { "X-Signature": "zz" }),
      status: 401,
      body: "invalid signature",
    },
    {
      name: "a malformed nonce",
      path: "/v1/wallet/transaction",
      headers: () => headersOf(PROVIDER, "/v1/wallet/transaction", { "X-Nonce": "not a nonce!" }),
      status: 400,
      body: INVALID_NONCE,
    },
    { name: "a back-office call without a session", path: "/backoffice/api/sign-out", headers: () => ({}), status: 401, body: "" },
  ];

  for (const c of cases) {
    it(`${c.name}: answered ${c.status} with the connection closed, though the body never came`, async () => {
      const answer = await exchange(server.port, postHead(c.path, c.headers()));
      expect(answer.status).toBe(c.status);
      expect(answer.headers.connection).toBe("close");
      if (c.body !== "") expect(answer.body).toBe(c.body);
      else expect(JSON.parse(answer.body)).toMatchObject({ code: "unauthenticated" });
    });
  }

  it("a known caller with good headers is waited for: its body is read and its signature checked", async () => {
    const path = "/v1/wallet/session/verify";
    const text = JSON.stringify({ sessionToken: "no-such-token" });
    const headers = sign({ secret: PROVIDER.secret, tenantId: PROVIDER.id, method: "POST", target: path, body: text });
    // The body follows the headers a while later: the answer (a 401 JSON for the unknown session) needs it.
    const answer = await exchange(server.port, postHead(path, { ...headers }, Buffer.byteLength(text)), { text, afterMs: 300 });
    expect(answer.status).toBe(401);
    expect(answer.headers["content-type"]).toContain("application/json");
  });

  it("good headers over a body that was altered still fail the signature check after the body", async () => {
    const path = "/v1/wallet/session/verify";
    const signedFor = JSON.stringify({ sessionToken: "a" });
    const sent = JSON.stringify({ sessionToken: "b" });
    const headers = sign({ secret: PROVIDER.secret, tenantId: PROVIDER.id, method: "POST", target: path, body: signedFor });
    const answer = await exchange(server.port, postHead(path, { ...headers }, Buffer.byteLength(sent)), { text: sent, afterMs: 50 });
    expect(answer.status).toBe(401);
    expect(answer.body).toBe("invalid signature");
  });
});
