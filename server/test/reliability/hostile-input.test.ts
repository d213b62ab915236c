/**
 * Hostile input: property-based requests over every service route, on SQLite and on PostgreSQL (which refuses what
 * SQLite stores without a word: a NUL, an unpaired surrogate). The reconciliation and back-office routes have their
 * own file (hostile-operations.test.ts). Whatever arrives (malformed JSON, wrong types,
 * huge or deep bodies, unsafe amounts, lowercase currencies, metadata of every JSON type and size, unicode ids,
 * odd signing headers, timestamps at the tolerance edges), the answer is a documented 4xx with the documented body,
 * never a 5xx, never a hang, and a refused request never reaches the operator's wallet or the provider.
 */
import { LIMITS } from "@croupier/contract";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { OPERATOR, PROVIDER, sendJson, startScriptedPeer, startTestServer, testConfigJson, type ScriptedPeer } from "../harness.js";
import { describeEachStore } from "../each-store.js";
import { launchSession } from "../wallet-harness.js";
import { reportFigure, RUN_SEED, scaled } from "./support/budget.js";
import { expectDocumentedRefusal } from "./support/documented-errors.js";
import { signedRaw, strictEncode, type RawReply } from "./support/raw-client.js";

const RUNS = scaled(60, 1_000);
const UNKNOWN_GRANT = "00000000-0000-4000-8000-000000000000";
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** What every identifier allows (spec: Identifier): no control, line separator or bidirectional control character, no unpaired surrogate. */
const IDENTIFIER = new RegExp(LIMITS.identifierPattern, "u");

type Tenant = { id: string; secret: string };
/** Every POST route, who may call it, and the refusals the spec documents for it (a body over the 64 KiB cap is a 400). */
const POST_ROUTES: { path: string; tenant: Tenant; refusals: number[] }[] = [
  { path: "/v1/operator/games/launch", tenant: OPERATOR, refusals: [400, 403, 404] },
  { path: "/v1/operator/players/kick", tenant: OPERATOR, refusals: [400] },
  { path: "/v1/operator/rounds/replay", tenant: OPERATOR, refusals: [400, 404] },
  { path: "/v1/operator/free-spins/grants", tenant: OPERATOR, refusals: [400, 403, 404] },
  { path: `/v1/operator/free-spins/grants/${UNKNOWN_GRANT}/cancel`, tenant: OPERATOR, refusals: [400, 404] },
  { path: "/portal/api/callback-url", tenant: OPERATOR, refusals: [400] },
  { path: "/v1/wallet/session/verify", tenant: PROVIDER, refusals: [400, 401, 403] },
  { path: "/v1/wallet/balance", tenant: PROVIDER, refusals: [400, 401, 403] },
  { path: "/v1/wallet/transaction", tenant: PROVIDER, refusals: [400, 401, 403, 409] },
];

describeEachStore("hostile input", (database, store) => {
  let wallet: ScriptedPeer;
  let studio: ScriptedPeer;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let sessionToken = "";
  const figures: string[] = [];
  const walletCalls = () => wallet.requests.length;
  const studioCalls = () => studio.requests.filter((r) => !r.url.endsWith("/session/revoke")).length;

  beforeAll(async () => {
    wallet = await startScriptedPeer((req, res) => {
      if (req.url.startsWith("/v1/wallet/balance")) sendJson(res, 200, { balance: 5_000 });
      else sendJson(res, 200, { status: "OK", balance: 5_000 });
    });
    studio = await startScriptedPeer((req, res) => sendJson(res, 200, req.url.endsWith("/grant") ? { externalRef: "ext-1" } : {}));
    server = await startTestServer({ ...testConfigJson({ wallet: wallet.url, webhook: studio.url }), database: database() });
    sessionToken = await launchSession(server.url, { playerRef: "hostile-p" });
  });
  afterAll(async () => {
    reportFigure(`hostile input (${store})`, figures.join("; "));
    await server?.close();
    await wallet?.close();
    await studio?.close();
  });

  /** A valid BET of the hostile player's session, as JSON text fields. */
  const validBet = () => ({
    transactionId: `tx-${Math.random().toString(36).slice(2)}`,
    sessionToken,
    type: "BET",
    roundId: "r-hostile",
    playerRef: "hostile-p",
    amount: 10,
    currency: "EUR",
    gameId: "starfall",
  });

  /** Runs a property and records its figure; every run must leave the wallet and the studio untouched. */
  async function property<T>(
    name: string,
    arbitrary: fc.Arbitrary<T>,
    send: (value: T) => Promise<RawReply>,
    check: (reply: RawReply, value: T) => void,
    runs = RUNS,
  ): Promise<void> {
    const before = { wallet: walletCalls(), studio: studioCalls() };
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(arbitrary, async (value) => {
        const reply = await send(value);
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        check(reply, value);
      }),
      { numRuns: runs, seed: RUN_SEED, endOnFailure: true },
    );
    expect(walletCalls() - before.wallet, `${name}: refused requests reached the wallet`).toBe(0);
    expect(studioCalls() - before.studio, `${name}: refused requests reached the provider`).toBe(0);
    figures.push(`${name}: ${runs} runs, ${[...statuses].map(([s, n]) => `${n}x${s}`).join(" ")}, 0 5xx, 0 wallet calls`);
  }

  const anyRoute = fc.constantFrom(...POST_ROUTES);

  it("any JSON value as the body of any POST route", async () => {
    await property(
      "any JSON body",
      fc.tuple(anyRoute, fc.jsonValue()),
      ([route, value]) => signedRaw(server.url, route.tenant, "POST", route.path, JSON.stringify(value) ?? "null"),
      (reply, [route]) => expectDocumentedRefusal(reply, route.path.endsWith("/kick") ? [...route.refusals, 200] : route.refusals, route.path),
    );
  });

  it("malformed JSON text", async () => {
    const malformed = fc.oneof(
      fc.string({ minLength: 1 }).filter((s) => {
        try {
          JSON.parse(s);
          return false;
        } catch {
          return true;
        }
      }),
      fc.constantFrom("{", '{"a":', "[1,2", "{'a':1}", '{"amount": 01}', "NaN", '{"a":1}}', "\u0000", '{"a":"\\u12"}', "\uFEFF{}"),
    );
    await property(
      "malformed JSON",
      fc.tuple(anyRoute, malformed),
      ([route, text]) => signedRaw(server.url, route.tenant, "POST", route.path, text),
      (reply, [route]) => {
        expectDocumentedRefusal(reply, [400], route.path);
        expect(reply.json.error).toMatch(/JSON/);
      },
    );
  });

  it("transaction fields of the wrong type, out of range, or breaking a cross-field rule", async () => {
    const notAString = fc.oneof(
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 2 }),
      fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
    );
    const unsafeAmount = fc.oneof(
      fc.bigInt({ min: BigInt(MAX_SAFE) + 2n, max: 10n ** 30n }).map((n) => ({ raw: n.toString() })),
      fc.integer({ min: -1_000_000, max: -1 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
      fc.constantFrom("10", "1e3", null, true, [10], { value: 10 }, { raw: "1e400" }, { raw: "-0.5" }, { raw: "9007199254740993" }),
    );
    const badCurrency = fc.oneof(
      fc.constantFrom("eur", "Eur", "EURO", "EU", "", "€", "E U"),
      fc.string({ maxLength: 5 }).filter((s) => !/^[A-Z]{3}$/.test(s)),
    );
    const nonObjectMetadata = fc.oneof(
      fc.array(fc.jsonValue(), { maxLength: 3 }),
      fc.string(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    );
    const mutation = fc.oneof(
      fc.record({ field: fc.constantFrom("transactionId", "sessionToken", "roundId", "playerRef", "gameId", "currency", "type"), value: notAString }),
      fc.record({ field: fc.constant("amount"), value: unsafeAmount }),
      fc.record({ field: fc.constant("currency"), value: badCurrency }),
      fc.record({ field: fc.constant("type"), value: fc.constantFrom("ADJUSTMENT", "bet", "REFUND", "") }),
      fc.record({ field: fc.constant("metadata"), value: nonObjectMetadata }),
      fc.record({ field: fc.constant("roundComplete"), value: fc.oneof(fc.constantFrom("true", 1, 0, null), fc.string()) }),
      fc.record({ field: fc.constantFrom("direction", "originalTransactionId"), value: fc.constantFrom("DEBIT", "CREDIT", "tx-1") }),
      fc.record({
        field: fc.constantFrom("transactionId", "sessionToken", "roundId", "playerRef", "gameId"),
        value: fc.constantFrom("", "x".repeat(256)),
      }),
      // Valid-looking values that contradict the session: unicode ids, another currency, another game.
      fc.record({
        field: fc.constantFrom("playerRef", "gameId"),
        value: fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }).filter((s) => s !== "hostile-p" && s !== "starfall"),
      }),
      fc.record({ field: fc.constant("currency"), value: fc.constantFrom("USD", "GBP") }),
      fc.record({
        field: fc.constantFrom("transactionId", "sessionToken", "type", "roundId", "playerRef", "amount", "currency", "gameId"),
        value: fc.constant(undefined),
      }),
    );
    await property(
      "transaction mutations",
      mutation,
      ({ field, value }) => {
        const body: Record<string, unknown> = validBet();
        const rawAmount =
          field === "amount" && value !== null && typeof value === "object" && "raw" in value ? (value as { raw: string }).raw : undefined;
        if (value === undefined) delete body[field];
        else body[field] = rawAmount === undefined ? value : "__RAW__";
        const text = JSON.stringify(body).replace('"__RAW__"', rawAmount ?? "");
        return signedRaw(server.url, PROVIDER, "POST", "/v1/wallet/transaction", text);
      },
      (reply, m) => expectDocumentedRefusal(reply, [400], `${m.field}=${JSON.stringify(m.value)}`),
    );
  });

  it("metadata: 8 KiB serialized is relayed verbatim, 8 KiB + 1 byte (also in multi-byte characters) is refused", async () => {
    // The rule (server/src/domain/money/transaction-request.ts): Buffer.byteLength(JSON.stringify(metadata)) <= 8192.
    const sized = (bytes: number, filler = "a") => {
      const overhead = Buffer.byteLength(JSON.stringify({ note: "" }));
      const unit = Buffer.byteLength(filler);
      const units = Math.floor((bytes - overhead) / unit);
      const metadata = { note: filler.repeat(units) + "a".repeat(bytes - overhead - units * unit) };
      expect(Buffer.byteLength(JSON.stringify(metadata))).toBe(bytes);
      return metadata;
    };
    const send = (metadata: unknown) =>
      signedRaw(server.url, PROVIDER, "POST", "/v1/wallet/transaction", JSON.stringify({ ...validBet(), metadata }));
    const before = walletCalls();
    for (const metadata of [sized(8192), sized(8192, "é"), sized(8192, "😀"), { deep: JSON.parse("[".repeat(1000) + "]".repeat(1000)) as unknown }]) {
      const reply = await send(metadata);
      expect(reply.status, reply.text).toBe(200);
      const relayed = JSON.parse(wallet.requests.at(-1)?.body ?? "{}") as { metadata?: unknown };
      expect(relayed.metadata).toEqual(metadata);
    }
    expect(walletCalls() - before).toBe(4);
    for (const metadata of [sized(8193), sized(8193, "é"), sized(8193, "😀"), [], "x", 1, true, null]) {
      expectDocumentedRefusal(await send(metadata), [400], `metadata ${JSON.stringify(metadata).slice(0, 40)}`);
    }
    expect(walletCalls() - before).toBe(4);
    figures.push("metadata: 8192 B (ASCII, 2-byte, 4-byte, 1000-deep) relayed verbatim, 8193 B and non-objects refused 400 with no wallet call");
  });

  it("huge and deeply nested bodies", async () => {
    const huge = JSON.stringify({ ...validBet(), metadata: { note: "a".repeat(70 * 1024) } });
    const cases: [string, string][] = [
      ["64 KiB + 1 body", `{"a":"${"a".repeat(64 * 1024 - 7)}"}`],
      ["70 KiB transaction", huge],
      ["20 000-deep array", "[".repeat(20_000) + "]".repeat(20_000)],
      ["10 000-deep object", '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000)],
      ["30 000-deep unterminated", "[".repeat(30_000)],
    ];
    const before = walletCalls();
    for (const route of POST_ROUTES) {
      for (const [name, text] of cases)
        expectDocumentedRefusal(await signedRaw(server.url, route.tenant, "POST", route.path, text), route.refusals, `${name} on ${route.path}`);
    }
    expect(walletCalls() - before).toBe(0);
    figures.push(`huge/deep bodies: ${cases.length * POST_ROUTES.length} requests, all 400`);
  });

  it("launch and grant fields out of range", async () => {
    const launchMutation = fc.oneof(
      fc.record({ currency: fc.constantFrom("eur", "GBP", "XXX", "") }),
      fc.record({ mode: fc.constantFrom("real", "demo", "FUN", 1) }),
      fc.record({ language: fc.constantFrom("fr", "EN-us", "", "x".repeat(300)) }),
      fc.record({ lobbyUrl: fc.constantFrom("javascript:alert(1)", "/lobby", "ftp://x.example", "lobby.example", "http//x", "") }),
      fc.record({ gameId: fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).filter((s) => s !== "starfall" && s !== "nebula") }),
      fc.record({ playerRef: fc.constantFrom("", "p-excluded", 42) }),
    );
    await property(
      "launch mutations",
      launchMutation,
      (m) =>
        signedRaw(
          server.url,
          OPERATOR,
          "POST",
          "/v1/operator/games/launch",
          JSON.stringify({ playerRef: "hostile-l", gameId: "starfall", currency: "EUR", mode: "REAL", ...m }),
        ),
      (reply, m) => expectDocumentedRefusal(reply, [400, 403, 404], JSON.stringify(m)),
    );

    const grantMutation = fc.oneof(
      fc.record({
        spins: fc.oneof(
          fc.integer({ max: 0 }),
          fc.double({ noNaN: true }).filter((d) => !Number.isInteger(d)),
          fc.constantFrom("5", null),
        ),
      }),
      fc.record({ betAmountMinor: fc.oneof(fc.integer({ max: -1 }), fc.constantFrom(MAX_SAFE + 2, 0.5, "20")) }),
      fc.record({ currency: fc.constantFrom("eur", "GBP", "") }),
      fc.record({ idempotencyKey: fc.constantFrom("", "k".repeat(256), 7) }),
      fc.record({ gameId: fc.constantFrom("moonshot-nope", "", "nebula\u0000") }),
      fc.record({ campaignId: fc.constantFrom("no-such-campaign", "", 3) }),
    );
    await property(
      "grant mutations",
      grantMutation,
      (m) =>
        signedRaw(
          server.url,
          OPERATOR,
          "POST",
          "/v1/operator/free-spins/grants",
          JSON.stringify({ playerRef: "hostile-g", gameId: "starfall", spins: 5, currency: "EUR", idempotencyKey: `k-${Math.random()}`, ...m }),
        ),
      (reply, m) => expectDocumentedRefusal(reply, [400, 403, 404], JSON.stringify(m)),
    );
  });

  it("unicode and odd ids in paths and queries", async () => {
    const id = fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 });
    await property(
      "grant ids",
      fc.tuple(fc.oneof(id, fc.uuid()), fc.boolean()),
      ([value, cancel]) => {
        const target = `/v1/operator/free-spins/grants/${strictEncode(value)}${cancel ? "/cancel" : ""}`;
        return signedRaw(server.url, OPERATOR, cancel ? "POST" : "GET", target);
      },
      (reply, [value]) => expectDocumentedRefusal(reply, [400, 404], `grant id ${JSON.stringify(value)}`),
    );
    await property(
      "grant list playerRef",
      id,
      (value) => signedRaw(server.url, OPERATOR, "GET", `/v1/operator/free-spins/grants?playerRef=${strictEncode(value)}`),
      (reply, value) => {
        // An identifier the pattern refuses is refused by the schema (spec: Identifier); any other is looked up.
        if (!IDENTIFIER.test(value)) return expectDocumentedRefusal(reply, [400], JSON.stringify(value));
        expect(reply.status, `${JSON.stringify(value)} ${reply.text}`).toBe(200);
        expect(reply.json).toEqual([]);
      },
    );
  });

  it("a unicode or odd player reference reaches the wallet only URL-encoded, never as a header or raw query; CR/LF never gets in", async () => {
    const crlf = await signedRaw(
      server.url,
      OPERATOR,
      "POST",
      "/v1/operator/games/launch",
      JSON.stringify({ playerRef: "p\r\nX-Injected: 1", gameId: "starfall", currency: "EUR", mode: "REAL" }),
    );
    expect(crlf.status, crlf.text).toBe(400);
    const before = walletCalls();
    for (const playerRef of ["p-ü-😀", "p&playerRef=other", "p%0d%0aX: 1", "p/../../admin?x=1#y", "p X-Injected: 1"]) {
      const launch = await signedRaw(
        server.url,
        OPERATOR,
        "POST",
        "/v1/operator/games/launch",
        JSON.stringify({ playerRef, gameId: "starfall", currency: "EUR", mode: "REAL" }),
      );
      expect(launch.status, launch.text).toBe(200);
      const verify = await signedRaw(
        server.url,
        PROVIDER,
        "POST",
        "/v1/wallet/session/verify",
        JSON.stringify({ sessionToken: launch.json.sessionToken }),
      );
      expect(verify.json.playerRef).toBe(playerRef);
      const balance = await signedRaw(server.url, PROVIDER, "POST", "/v1/wallet/balance", JSON.stringify({ sessionToken: launch.json.sessionToken }));
      expect(balance.status, balance.text).toBe(200);
      const call = wallet.requests.at(-1);
      expect(call?.url).toBe(`/v1/wallet/balance?playerRef=${encodeURIComponent(playerRef)}`);
      expect(call?.headers["x-injected"]).toBeUndefined();
    }
    expect(walletCalls() - before).toBe(5);
    figures.push("unicode/odd playerRefs: 5 forwarded URL-encoded, 0 injected headers; CR/LF refused with 400");
  });

  it("odd signing headers: nonces, timestamps, tenants, signatures, repeated and injected headers", async () => {
    const games = (bend: Parameters<typeof signedRaw>[5]) => signedRaw(server.url, OPERATOR, "GET", "/v1/operator/games", "", bend);
    const headerSafe = (s: string) => /^[\x21-\x7e\x80-\xff]*$/.test(s);
    await property(
      "nonces",
      fc
        .oneof(
          fc.string({ maxLength: 200 }),
          fc.string({ unit: "binary", maxLength: 20 }).map((s) => Buffer.from(s, "utf8").toString("latin1")),
        )
        .filter(headerSafe),
      (nonce) => games({ nonce }),
      (reply, nonce) => {
        if (/^[A-Za-z0-9\-_.~]{1,128}$/.test(nonce)) expect([200, 401], reply.text).toContain(reply.status);
        else {
          expectDocumentedRefusal(reply, [400], `nonce ${JSON.stringify(nonce)}`);
          expect(reply.json).toEqual({ error: "invalid nonce", code: "invalid_nonce" });
        }
      },
    );
    await property(
      "timestamps",
      fc.oneof(fc.string({ maxLength: 14 }).filter(headerSafe), fc.constantFrom("1e9", "+1", "-1", "0x10", "1.5", "99999999999999999999", " ")),
      (timestamp) => games({ timestamp }),
      (reply, ts) => expectDocumentedRefusal(reply, [401], `timestamp ${JSON.stringify(ts)}`),
    );
    const now = Math.floor(Date.now() / 1000);
    const skew = server.config.limits.clockSkewSeconds;
    // 10 s of margin either side of the edge: the machine may be slow, the check must still be exact.
    for (const ts of [now - skew + 10, now + skew - 10]) expect((await games({ timestamp: ts })).status, `timestamp ${ts - now}`).toBe(200);
    for (const ts of [now - skew - 10, now + skew + 10]) expectDocumentedRefusal(await games({ timestamp: ts }), [401], `timestamp ${ts - now}`);
    const cases: [string, Parameters<typeof signedRaw>[5], number][] = [
      ["unknown tenant", { headers: { "X-Tenant-ID": "op-nobody" } }, 401],
      ["tenant list", { headers: { "X-Tenant-ID": `${OPERATOR.id}, ${PROVIDER.id}` } }, 401],
      ["repeated tenant", { headers: { "X-Tenant-ID": [OPERATOR.id, PROVIDER.id] } }, 401],
      ["repeated nonce header", { headers: { "X-Nonce": ["n-1", "n-2"] } }, 400],
      ["repeated signature", { headers: { "X-Signature": ["0".repeat(64), "1".repeat(64)] } }, 401],
      ["short signature", { headers: { "X-Signature": "abc" } }, 401],
      ["signature with injected header text", { headers: { "X-Signature": `${"a".repeat(64)} X-Tenant-ID: ${PROVIDER.id}` } }, 401],
      ["no signature", { omit: ["X-Signature"] }, 401],
      ["no tenant", { omit: ["X-Tenant-ID"] }, 401],
      ["no timestamp", { omit: ["X-Timestamp"] }, 401],
      ["no nonce", { omit: ["X-Nonce"] }, 400],
      ["129-character nonce", { nonce: "n".repeat(129) }, 400],
    ];
    for (const [name, bend, status] of cases) expectDocumentedRefusal(await games(bend), [status], name);
    expect((await games({ nonce: "n".repeat(128) })).status).toBe(200);
    const replayed = await games({ nonce: "n".repeat(128) });
    expectDocumentedRefusal(replayed, [401], "replayed nonce");
    expect(replayed.json).toEqual({ error: "replayed request", code: "replayed_request" });
    figures.push(`signing headers: ${cases.length + 5} fixed cases incl. tolerance edges +-${skew - 10}s accepted, +-${skew + 10}s refused`);
  });
});
