import { IDENTIFIER_RULE } from "@croupier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoted, MAX_ERROR_MESSAGE_CHARS, MAX_QUOTED_CHARS } from "../src/domain/errors.js";
import { OPERATOR, PROVIDER, signedRequest, startTestServer, testConfigJson } from "./harness.js";
import { betRequest, launchSession, postTransaction, startTestWallet, type TestWallet } from "./wallet-harness.js";

const CONTROL = IDENTIFIER_RULE;

/**
 * Identifiers with control characters (NUL, line breaks, escape sequences, DEL, C1 controls), line and paragraph
 * separators or bidirectional controls (which reorder what a person reads) are refused with 400 on both request
 * paths (the provider wallet API and Express), as the TypeSpec's Identifier pattern states; and an error message never
 * echoes more than a bounded slice of what the client sent.
 */
describe("hostile identifiers and echoed input (issue 17, informational findings)", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let wallet: TestWallet;
  let token: string;

  beforeAll(async () => {
    wallet = await startTestWallet();
    server = await startTestServer(testConfigJson({ wallet: wallet.url }));
    token = await launchSession(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await wallet?.close();
  });

  it.each([
    ["transactionId", "tx-\u0000-nul"],
    ["transactionId", "tx\nforged-log-line"],
    ["roundId", "round-\u001b[31m-red"],
    ["roundId", "round-\u007f"],
    ["playerRef", "p-1\r"],
    ["transactionId", "tx-\u0085-next-line"],
    ["roundId", "round-\u009b31m"],
    ["playerRef", "p-\u2028"],
    ["playerRef", "p-\u2029"],
    ["transactionId", "tx-\u202egnp.exe"],
    ["roundId", "round-\u202a"],
    ["playerRef", "p-\u2066x\u2069"],
  ])("a transaction whose %s holds a control character is 400, and the wallet is never called", async (field, value) => {
    const calls = wallet.transactionCalls().length;
    const reply = await postTransaction(server.url, betRequest(token, { [field]: value }));
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ error: `body.${field} ${CONTROL}`, code: "bad_request" });
    expect(wallet.transactionCalls()).toHaveLength(calls);
  });

  it("a session token with a control character is 400 on session verify, not a look-up", async () => {
    const reply = await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: `${token}\u0000` });
    expect(reply.status).toBe(400);
    expect(reply.json.error).toBe(`body.sessionToken ${CONTROL}`);
  });

  it("operator routes refuse control characters in body, path and query identifiers", async () => {
    const launch = await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/games/launch", {
      playerRef: "p\u00001",
      gameId: "starfall",
      currency: "EUR",
      mode: "REAL",
    });
    expect([launch.status, launch.json.error]).toEqual([400, `body.playerRef ${CONTROL}`]);
    const kick = await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/players/kick", { playerRef: "p-1\n" });
    expect([kick.status, kick.json.error]).toEqual([400, `body.playerRef ${CONTROL}`]);
    const grant = await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/free-spins/grants", {
      playerRef: "p-1",
      campaignId: "welcome-10",
      idempotencyKey: "key\u001f",
    });
    expect(grant.status).toBe(400);
    expect(grant.json.error).toContain(`body.idempotencyKey ${CONTROL}`);
    const list = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/transactions?playerRef=p-1%00");
    expect([list.status, list.json.error]).toEqual([400, `query.playerRef ${CONTROL}`]);
    const one = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/transactions/prov-star/tx%0A1");
    expect([one.status, one.json.error]).toEqual([400, `params.transactionId ${CONTROL}`]);
    const bidi = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/transactions/prov-star/tx%E2%80%AE1");
    expect([bidi.status, bidi.json.error]).toEqual([400, `params.transactionId ${CONTROL}`]);
    const c1 = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/sessions?playerRef=p%C2%9B1");
    expect([c1.status, c1.json.error]).toEqual([400, `query.playerRef ${CONTROL}`]);
    const separator = await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/players/kick", { playerRef: "p-1\u2028" });
    expect([separator.status, separator.json.error]).toEqual([400, `body.playerRef ${CONTROL}`]);
    // Other characters outside ASCII stay ids: accents, CJK, emoji, and the zero-width joiner emoji sequences use.
    const unicode = await signedRequest(server.url, OPERATOR, "GET", `/v1/operator/sessions?playerRef=${encodeURIComponent("p-é-中-👩\u200d💻")}`);
    expect(unicode.status).toBe(200);
  });

  it("a launch naming a 10,000-character language quotes at most 64 characters of it", async () => {
    const language = "x".repeat(10_000);
    const reply = await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/games/launch", {
      playerRef: "p-1",
      gameId: "starfall",
      currency: "EUR",
      mode: "REAL",
      language,
    });
    expect(reply.status).toBe(400);
    expect(reply.json.error).toBe(`language "${"x".repeat(MAX_QUOTED_CHARS)}…" is not supported by this game`);
  });

  it("a validator message naming what the client sent is cut to the cap", async () => {
    const reply = await signedRequest(server.url, OPERATOR, "GET", `/v1/operator/${"q".repeat(5000)}`);
    expect(reply.status).toBe(404);
    expect(reply.json.error.startsWith(`not found: /v1/operator/qqq`)).toBe(true);
    expect(reply.json.error.length).toBeLessThanOrEqual(MAX_ERROR_MESSAGE_CHARS);
    expect(reply.json.error.endsWith("…")).toBe(true);
  });

  it("quoted() escapes control characters and cuts by characters, not UTF-16 units", () => {
    expect(quoted("a\u0000b\n")).toBe('"a\\u0000b\\n"');
    expect(quoted("🎰".repeat(100))).toBe(`"${"🎰".repeat(MAX_QUOTED_CHARS)}…"`);
  });
});
