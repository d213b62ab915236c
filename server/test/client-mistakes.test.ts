import { afterAll, beforeAll, expect, it } from "vitest";
import { parseConfig } from "../src/config/parse.js";
import { startServer, type RunningServer } from "../src/server.js";
import { signIn } from "./backoffice-harness.js";
import { OPERATOR, signedRequest, testConfigJson, testSecretKey, toReply, type Reply } from "./harness.js";
import { describeEachStore } from "./each-store.js";
import { betRequest, eventually, launchSession, postTransaction, startTestWallet, type TestWallet } from "./wallet-harness.js";

/**
 * Client mistakes that answered 500 (issue 30, item 7), each on both stores: every one is a 400 with its code, and
 * nothing reaches the wallet. PostgreSQL refuses what SQLite stores without a word (a NUL, an unpaired surrogate, a NaN
 * time), so those showed there first.
 */
describeEachStore("client mistakes are 400s, never 500s", (database) => {
  let wallet: TestWallet;
  let server: RunningServer;
  let token: string;
  beforeAll(async () => {
    wallet = await startTestWallet();
    const json = {
      ...testConfigJson({ wallet: wallet.url }),
      database: database(),
      settlementRetry: { initialDelaySeconds: 0.02, maxDelaySeconds: 0.05, horizonSeconds: 0.3 },
    };
    server = await startServer(parseConfig(json), { validateResponses: true, secretKey: testSecretKey() });
    token = await launchSession(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await wallet?.close();
  });

  const expect400 = (reply: Reply, error: string | RegExp, what: string) => {
    expect(reply.status, `${what}: ${reply.text}`).toBe(400);
    expect(reply.json.code, what).toBe("bad_request");
    expect(reply.json.error, what).toMatch(error);
  };

  it("a page limit that is no integer from 1 to 200, on every list", async () => {
    for (const path of ["/v1/operator/transactions", "/v1/operator/problems", "/v1/operator/audit-log", "/v1/operator/sessions"]) {
      for (const limit of ["-Infinity", "Infinity", "NaN", "0", "201", "-1", "1.5"]) {
        expect400(await signedRequest(server.url, OPERATOR, "GET", `${path}?limit=${limit}`), /^query\.limit must be /, `${path} ${limit}`);
      }
      expect((await signedRequest(server.url, OPERATOR, "GET", `${path}?limit=200`)).status).toBe(200);
    }
  });

  it("a time filter naming no instant: a leap second, an offset past ±23:59, a day past the month's end, hour 24", async () => {
    for (const [name, value] of [
      ["from", "2026-01-01T23:59:60Z"],
      ["from", "2026-01-01T00:00:00+99:99"],
      ["to", "2026-01-01T12:00:00-24:00"],
      ["from", "2026-02-29T00:00:00Z"],
      ["from", "2026-04-31T00:00:00Z"],
      ["to", "2026-01-01T24:00:00Z"],
    ] as const) {
      const reply = await signedRequest(server.url, OPERATOR, "GET", `/v1/operator/transactions?${name}=${encodeURIComponent(value)}`);
      expect400(reply, `query.${name} must be an RFC 3339 date-time with seconds 00 to 59 and an offset within ±23:59`, value);
    }
    const fine = await signedRequest(
      server.url,
      OPERATOR,
      "GET",
      `/v1/operator/transactions?from=${encodeURIComponent("2026-01-01T23:59:59+23:59")}`,
    );
    expect(fine.status).toBe(200);
    const leapDay = await signedRequest(server.url, OPERATOR, "GET", `/v1/operator/transactions?to=${encodeURIComponent("2028-02-29T23:00:00Z")}`);
    expect(leapDay.status).toBe(200);
  });

  it("an unknown route or method names the path as sent", async () => {
    const unknown = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/nope");
    expect([unknown.status, unknown.json]).toEqual([404, { error: "not found: /v1/operator/nope", code: "not_found" }]);
    const method = await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/transactions", {});
    expect([method.status, method.json]).toEqual([404, { error: "POST method not allowed: /v1/operator/transactions", code: "not_found" }]);
  });

  it("a path whose percent-encoding does not decode, said in words", async () => {
    for (const path of [
      "/v1/operator/transactions/prov-star/%",
      "/v1/operator/transactions/prov-star/%E0%A4%A",
      "/v1/operator/problems/%C0/resolve",
    ]) {
      const reply = await signedRequest(
        server.url,
        OPERATOR,
        path.endsWith("resolve") ? "POST" : "GET",
        path,
        path.endsWith("resolve") ? { note: "x" } : undefined,
      );
      expect400(reply, "the request path is malformed: a % must start a percent-encoded UTF-8 sequence", path);
    }
  });

  it("a NUL or an unpaired surrogate in the sign-in user name", async () => {
    for (const username of ["alice\u0000", "alice\ud800"]) {
      const reply = await toReply(
        await fetch(`${server.url}/backoffice/api/sign-in`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ username, password: "whatever it is" }),
        }),
      );
      expect400(reply, /^body\.username must not contain control/, JSON.stringify(username));
    }
  });

  it("unpaired surrogates in the ids of a transaction, a grant, a kick and a test call", async () => {
    const calls = wallet.requests.length;
    for (const [field, value] of [
      ["transactionId", "tx-\ud800"],
      ["transactionId", "\udfff"],
      ["roundId", "r-\udbff"],
      ["playerRef", "p-1\ud800x"],
    ] as const) {
      expect400(await postTransaction(server.url, betRequest(token, { [field]: value })), `body.${field} must not contain control`, field);
    }
    const grant = { playerRef: "p-\ud800", campaignId: "welcome-10", idempotencyKey: "k-1" };
    expect400(
      await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/free-spins/grants", grant),
      /body\.playerRef must not contain/,
      "grant",
    );
    expect400(await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/players/kick", { playerRef: "\udc00" }), /body\.playerRef/, "kick");
    expect400(await signedRequest(server.url, OPERATOR, "POST", "/portal/api/test-call", { playerRef: "p\ud800" }), /body\.playerRef/, "test call");
    expect(wallet.requests.length).toBe(calls);
    // A surrogate pair is a character like any other.
    const emoji = betRequest(token, { transactionId: "tx-😀", roundId: "r-😀" });
    expect((await postTransaction(server.url, emoji)).status).toBe(200);
  });

  it("a NUL, a space or an unpaired surrogate in a callback URL, and a NUL in a resolve note", async () => {
    for (const callbackUrl of ["https://wallet.example/a\u0000", "https://wallet.example/a b", "https://wallet.example/\ud800"]) {
      const reply = await signedRequest(server.url, OPERATOR, "POST", "/portal/api/callback-url", { callbackUrl });
      expect400(reply, "body.callbackUrl must be an absolute http(s) URL without spaces, control characters or unpaired surrogates", callbackUrl);
    }
    wallet.fault = () => ({ status: 502, body: { error: "down" } });
    expect((await postTransaction(server.url, betRequest(token, { type: "WIN", roundId: "r-note", amount: 5 }))).status).toBe(500);
    let id = "";
    await eventually(
      async () => {
        id = (await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/problems")).json.items[0]?.id ?? "";
        return id !== "";
      },
      10_000,
      50,
    );
    wallet.fault = undefined;
    for (const note of ["paid\u0000", "paid \ud800"]) {
      const reply = await signedRequest(server.url, OPERATOR, "POST", `/v1/operator/problems/${id}/resolve`, { note });
      expect400(reply, "body.note must not contain control characters other than tabs and line breaks, or unpaired surrogates", note);
    }
    const resolved = await signedRequest(server.url, OPERATOR, "POST", `/v1/operator/problems/${id}/resolve`, {
      note: "paid by hand:\n\tticket 7 ✓",
    });
    expect(resolved.status, resolved.text).toBe(200);
  });

  it("the back office answers the same mistakes the same way", async () => {
    await server.services.backoffice.addUser({ username: "vic", operatorId: OPERATOR.id, role: "viewer", password: "correct horse battery staple" });
    const vic = await signIn(server.url, "vic");
    expect400(await vic.request("GET", "/v1/operator/transactions?limit=-Infinity"), /^query\.limit/, "limit");
    expect400(await vic.request("GET", `/v1/operator/transactions?from=${encodeURIComponent("2026-01-01T23:59:60Z")}`), /^query\.from/, "from");
  });
});
