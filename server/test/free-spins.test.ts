import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  OPERATOR,
  OTHER_OPERATOR,
  PROVIDER,
  isSignedFor,
  sendJson,
  signedRequest,
  startScriptedPeer,
  startTestServer,
  testConfigJson,
  WELCOME_CAMPAIGN,
  type ScriptedPeer,
} from "./harness.js";

const GRANTS = "/v1/operator/free-spins/grants";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** How the scripted provider answers each free-spin webhook; tests replace parts of it. */
interface ProviderScript {
  grant(body: any, res: ServerResponse): void | Promise<void>;
  cancel(body: any, res: ServerResponse): void | Promise<void>;
}

const defaultScript = (): ProviderScript => ({
  grant: (body, res) => sendJson(res, 200, { externalRef: `ext-${body.requestRef}` }),
  cancel: (_body, res) => sendJson(res, 200, {}),
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("free-spin grants (spec B.4–B.7, D)", () => {
  let provider: ScriptedPeer;
  let script: ProviderScript;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let keySeq = 0;
  const key = () => `key-${++keySeq}`;

  beforeAll(async () => {
    provider = await startScriptedPeer(async (req, res) => {
      if (req.url === "/v1/game/free-spins/grant") return script.grant(req.json, res);
      if (req.url === "/v1/game/free-spins/cancel") return script.cancel(req.json, res);
      sendJson(res, 404, { error: "no such webhook" });
    });
    const campaign = { operatorId: OPERATOR.id, gameId: "starfall", spins: 5, betAmountMinor: 10, currency: "USD", active: true };
    server = await startTestServer(
      testConfigJson({
        webhook: provider.url,
        campaigns: [
          WELCOME_CAMPAIGN,
          { ...campaign, id: "paused", active: false },
          { ...campaign, id: "ended", validFrom: "2020-01-01T00:00:00Z", validUntil: "2021-01-01T00:00:00Z" },
          { ...campaign, id: "future", validFrom: "2098-01-01T00:00:00Z" },
          { ...campaign, id: "moon-campaign", gameId: "moonshot", currency: "GBP" },
          { ...campaign, id: "open-to-all", operatorId: undefined },
        ],
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });
  beforeEach(() => {
    script = defaultScript();
    provider.requests.length = 0;
  });

  const issue = (body: Record<string, unknown>, tenant = OPERATOR) => signedRequest(server.url, tenant, "POST", GRANTS, body);
  const get = (id: string, tenant = OPERATOR) => signedRequest(server.url, tenant, "GET", `${GRANTS}/${id}`);
  const cancel = (id: string, tenant = OPERATOR) => signedRequest(server.url, tenant, "POST", `${GRANTS}/${id}/cancel`);
  const list = (query = "", tenant = OPERATOR) => signedRequest(server.url, tenant, "GET", `${GRANTS}${query}`);
  const direct = (extra: Record<string, unknown> = {}) => ({
    playerRef: "p-1",
    gameId: "starfall",
    spins: 3,
    currency: "EUR",
    idempotencyKey: key(),
    ...extra,
  });
  const grantCalls = () => provider.requests.filter((r) => r.url === "/v1/game/free-spins/grant");
  const cancelCalls = () => provider.requests.filter((r) => r.url === "/v1/game/free-spins/cancel");

  it("issues a direct grant: pending is written, the signed grant webhook is called once, the grant becomes active", async () => {
    const request = direct({ betAmountMinor: 25, expiresAt: "2030-01-01T00:00:00Z" });
    const reply = await issue(request);
    expect(reply.status).toBe(200);
    const grant = reply.json;
    expect(grant.id).toMatch(UUID);
    expect(grant).toEqual({
      id: grant.id,
      operatorId: OPERATOR.id,
      providerId: PROVIDER.id,
      gameId: "starfall",
      playerRef: "p-1",
      spins: 3,
      betAmountMinor: 25,
      currency: "EUR",
      externalRef: `ext-${grant.id}`,
      status: "active",
      idempotencyKey: request.idempotencyKey,
      expiresAt: "2030-01-01T00:00:00Z",
      createdAt: grant.createdAt,
      updatedAt: grant.updatedAt,
    });
    expect(Number.isNaN(Date.parse(grant.createdAt))).toBe(false);
    expect(Date.parse(grant.updatedAt)).toBeGreaterThanOrEqual(Date.parse(grant.createdAt));

    const calls = grantCalls();
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.method).toBe("POST");
    expect(call.headers["x-tenant-id"]).toBe(PROVIDER.id);
    expect(isSignedFor(call, PROVIDER)).toBe(true);
    expect(isSignedFor(call, { id: PROVIDER.id, secret: "someone-else" })).toBe(false);
    expect(JSON.parse(call.body)).toEqual({
      requestRef: grant.id,
      playerRef: "p-1",
      gameId: "starfall",
      spins: 3,
      betAmountMinor: 25,
      currency: "EUR",
    });

    expect((await get(grant.id)).json).toEqual(grant);
  });

  it("omitted betAmountMinor is sent and stored as 0 (the provider's default stake)", async () => {
    const reply = await issue(direct());
    expect(reply.status).toBe(200);
    expect(reply.json.betAmountMinor).toBe(0);
    expect(reply.json).not.toHaveProperty("campaignId");
    expect(reply.json).not.toHaveProperty("expiresAt");
    expect(JSON.parse(grantCalls()[0]!.body).betAmountMinor).toBe(0);
  });

  it("400 for missing game, spins or currency, spins not positive, unsupported or malformed currency, bad expiresAt; no provider call", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [direct({ gameId: undefined }), /gameId/],
      [direct({ spins: undefined }), /spins/],
      [direct({ currency: undefined }), /currency/],
      // Neither form: no campaignId, and the direct form's first missing field.
      [
        direct({ gameId: undefined, spins: undefined, currency: undefined }),
        /^body\.campaignId must have required property 'campaignId'; body\.gameId must have required property 'gameId'$/,
      ],
      [direct({ spins: 0 }), /spins/],
      [direct({ spins: -2 }), /spins/],
      [direct({ spins: 1.5 }), /spins/],
      [direct({ currency: "GBP" }), /currency GBP is not supported/],
      [direct({ currency: "eur" }), /currency/],
      [direct({ betAmountMinor: -1 }), /betAmountMinor/],
      [direct({ expiresAt: "next tuesday" }), /expiresAt/],
      [direct({ idempotencyKey: "" }), /idempotencyKey/],
      [{ gameId: "starfall", spins: 1, currency: "EUR", idempotencyKey: key() }, /playerRef/],
    ];
    for (const [body, message] of cases) {
      const reply = await issue(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.json.error, JSON.stringify(body)).toMatch(message);
    }
    expect(grantCalls()).toHaveLength(0);
  });

  it("404 for a game that does not exist, 403 for one the operator may not see", async () => {
    const unknown = await issue(direct({ gameId: "no-such-game" }));
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: "game not found", code: "not_found" });
    const invisible = await issue(direct({ gameId: "moonshot", currency: "GBP" }));
    expect(invisible.status).toBe(403);
    expect(invisible.json.error).toMatch(/not visible/);
    // The same game is fine for an operator that sees its provider.
    expect((await issue(direct({ gameId: "moonshot", currency: "GBP" }), OTHER_OPERATOR)).json.status).toBe("active");
    expect(grantCalls()).toHaveLength(1);
  });

  it("a campaign grant takes game, spins, stake and currency from the campaign and ignores the request's", async () => {
    const reply = await issue({
      playerRef: "p-2",
      campaignId: "welcome-10",
      idempotencyKey: key(),
      gameId: "nebula",
      spins: 99,
      betAmountMinor: 7,
      currency: "USD",
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({
      campaignId: "welcome-10",
      gameId: "starfall",
      spins: 10,
      betAmountMinor: 20,
      currency: "EUR",
      status: "active",
    });
    expect(JSON.parse(grantCalls()[0]!.body)).toEqual({
      requestRef: reply.json.id,
      playerRef: "p-2",
      gameId: "starfall",
      spins: 10,
      betAmountMinor: 20,
      currency: "EUR",
    });
    // A campaign without an operator is open to every operator that sees its game.
    expect((await issue({ playerRef: "p-2", campaignId: "open-to-all", idempotencyKey: key() }, OTHER_OPERATOR)).json).toMatchObject({
      campaignId: "open-to-all",
      spins: 5,
    });
  });

  it("ignores those fields whatever they hold: values a direct grant would be refused for, or of any type", async () => {
    for (const ignored of [
      { spins: 0, currency: "eur", gameId: "", betAmountMinor: -1 },
      { spins: "ten", currency: 978, gameId: null, betAmountMinor: 1.5 },
      { spins: { n: 1 }, gameId: ["starfall"], betAmountMinor: 2 ** 60 },
    ]) {
      const reply = await issue({ playerRef: "p-2", campaignId: "welcome-10", idempotencyKey: key(), ...ignored });
      expect(reply.status, JSON.stringify(ignored)).toBe(200);
      expect(reply.json).toMatchObject({ gameId: "starfall", spins: 10, betAmountMinor: 20, currency: "EUR", status: "active" });
    }
    // The fields both forms share are still checked.
    for (const bad of [{ playerRef: "" }, { idempotencyKey: 7 }, { expiresAt: "soon" }, { campaignId: "" }]) {
      const reply = await issue({ playerRef: "p-2", campaignId: "welcome-10", idempotencyKey: key(), ...bad });
      expect(reply.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it("campaign errors: 404 unknown or another operator's, 400 inactive or outside its window, 403 invisible game", async () => {
    const cases: [string, typeof OPERATOR, number, RegExp][] = [
      ["no-such-campaign", OPERATOR, 404, /campaign not found/],
      ["welcome-10", OTHER_OPERATOR, 404, /campaign not found/],
      ["paused", OPERATOR, 400, /not active/],
      ["ended", OPERATOR, 400, /ended/],
      ["future", OPERATOR, 400, /not valid yet/],
      ["moon-campaign", OPERATOR, 403, /not visible/],
    ];
    for (const [campaignId, tenant, status, message] of cases) {
      const reply = await issue({ playerRef: "p-3", campaignId, idempotencyKey: key() }, tenant);
      expect(reply.status, campaignId).toBe(status);
      expect(reply.json.error, campaignId).toMatch(message);
    }
    expect(grantCalls()).toHaveLength(0);
  });

  it("a repeat with the same idempotency key returns the original grant unchanged, whatever its body, with no second provider call", async () => {
    const first = await issue(direct({ idempotencyKey: "repeat-me" }));
    expect(first.status).toBe(200);
    const repeat = await issue({ playerRef: "p-other", gameId: "nebula", spins: 50, currency: "USD", idempotencyKey: "repeat-me" });
    expect(repeat.status).toBe(200);
    expect(repeat.json).toEqual(first.json);
    const campaignRepeat = await issue({ playerRef: "p-1", campaignId: "paused", idempotencyKey: "repeat-me" });
    expect(campaignRepeat.json).toEqual(first.json);
    expect(grantCalls()).toHaveLength(1);
    // The key is scoped to the operator: another operator's identical key is a new grant.
    const other = await issue(direct({ idempotencyKey: "repeat-me" }), OTHER_OPERATOR);
    expect(other.json.id).not.toBe(first.json.id);
    expect(grantCalls()).toHaveLength(2);
  });

  it("20 concurrent repeats make exactly one provider call and all answer the same active grant", async () => {
    script.grant = async (body, res) => {
      await sleep(150);
      sendJson(res, 200, { externalRef: `ext-${body.requestRef}` });
    };
    const body = direct({ idempotencyKey: "concurrent" });
    const replies = await Promise.all(Array.from({ length: 20 }, () => issue(body)));
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    const ids = new Set(replies.map((r) => r.json.id));
    expect(ids.size).toBe(1);
    expect(replies.every((r) => r.json.status === "active")).toBe(true);
    expect(grantCalls()).toHaveLength(1);
  });

  it("concurrent repeats of a failing grant make one provider call: the first answers 502, the others the failed grant", async () => {
    script.grant = async (_body, res) => {
      await sleep(100);
      sendJson(res, 503, { error: "busy" });
    };
    const body = direct({ idempotencyKey: "concurrent-failure" });
    const replies = await Promise.all(Array.from({ length: 10 }, () => issue(body)));
    expect(replies.filter((r) => r.status === 502)).toHaveLength(1);
    const others = replies.filter((r) => r.status === 200);
    expect(others).toHaveLength(9);
    expect(new Set(others.map((r) => r.json.id)).size).toBe(1);
    expect(others.every((r) => r.json.status === "failed" && /503/.test(r.json.lastError))).toBe(true);
    expect(grantCalls()).toHaveLength(1);
  });

  it("a provider failure marks the grant failed with lastError and answers 502; the key stays consumed", async () => {
    script.grant = (_body, res) => sendJson(res, 500, { error: "player unknown to the studio" });
    const body = direct({ idempotencyKey: "will-fail" });
    const reply = await issue(body);
    expect(reply.status).toBe(502);
    expect(reply.json.error).toMatch(/provider grant call failed/);
    expect(reply.json.error).toMatch(/player unknown to the studio/);

    const [failed] = (await list("?playerRef=p-1")).json.filter((g: any) => g.idempotencyKey === "will-fail");
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toMatch(/500/);
    expect(failed.lastError).toMatch(/player unknown to the studio/);
    expect(failed).not.toHaveProperty("externalRef");
    expect(reply.json.error).toContain(failed.id);

    // The provider would now accept, but the key is consumed: the failed grant comes back, no second call.
    script = defaultScript();
    const repeat = await issue(body);
    expect(repeat.status).toBe(200);
    expect(repeat.json).toEqual(failed);
    expect(grantCalls()).toHaveLength(1);
  });

  it("a 200 without a usable externalRef is a failure too", async () => {
    const answers: [string, RegExp][] = [
      ["{}", /without a non-empty externalRef/],
      ['{"externalRef":""}', /externalRef/],
      ["not json", /not json/],
      ['{"externalRef":42}', /42/],
    ];
    for (const [text, lastError] of answers) {
      script.grant = (_body, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(text);
      };
      const reply = await issue(direct());
      expect(reply.status, text).toBe(502);
      const grant = (await list()).json.at(-1);
      expect(grant.status).toBe("failed");
      expect(grant.lastError).toMatch(lastError);
    }
  });

  it("an unreachable provider fails the grant with the network error", async () => {
    script.grant = (_body, res) => {
      res.socket?.destroy();
    };
    const reply = await issue(direct());
    expect(reply.status).toBe(502);
    const grant = (await list()).json.at(-1);
    expect(grant).toMatchObject({ status: "failed" });
    expect(grant.lastError).toBe("provider unreachable");
  });

  it("cancel: active → cancelled through the signed cancel webhook; a second cancel is 400", async () => {
    const grant = (await issue(direct())).json;
    script.cancel = async (_body, res) => {
      await sleep(5); // so updatedAt moves on
      sendJson(res, 200, {});
    };
    const reply = await cancel(grant.id);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ ...grant, status: "cancelled", updatedAt: reply.json.updatedAt });
    expect(Date.parse(reply.json.updatedAt)).toBeGreaterThan(Date.parse(grant.updatedAt));
    const calls = cancelCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers["x-tenant-id"]).toBe(PROVIDER.id);
    expect(isSignedFor(calls[0]!, PROVIDER)).toBe(true);
    expect(JSON.parse(calls[0]!.body)).toEqual({ externalRef: grant.externalRef, playerRef: grant.playerRef, gameId: grant.gameId });

    const again = await cancel(grant.id);
    expect(again.status).toBe(400);
    expect(again.json.error).toMatch(/grant is not cancellable/);
    expect(cancelCalls()).toHaveLength(1);
  });

  it("a failed provider cancel answers 502 and leaves the grant active; a retry can then succeed", async () => {
    const grant = (await issue(direct())).json;
    script.cancel = (_body, res) => sendJson(res, 503, { error: "studio maintenance" });
    const failed = await cancel(grant.id);
    expect(failed.status).toBe(502);
    expect(failed.json.error).toMatch(/studio maintenance/);
    expect((await get(grant.id)).json).toEqual(grant);

    script = defaultScript();
    expect((await cancel(grant.id)).json.status).toBe("cancelled");
    expect(cancelCalls()).toHaveLength(2);
  });

  it("concurrent cancels of one grant make one provider call", async () => {
    const grant = (await issue(direct())).json;
    script.cancel = async (_body, res) => {
      await sleep(100);
      sendJson(res, 200, {});
    };
    const replies = await Promise.all(Array.from({ length: 10 }, () => cancel(grant.id)));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(replies.every((r) => r.json.status === "cancelled")).toBe(true);
    expect(cancelCalls()).toHaveLength(1);
  });

  it("pending and failed grants are not cancellable", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    script.grant = async (body, res) => {
      await held;
      sendJson(res, 200, { externalRef: `ext-${body.requestRef}` });
    };
    const issuing = issue(direct({ idempotencyKey: "slow" }));
    while (grantCalls().length === 0) await sleep(5);
    const pending = (await list()).json.find((g: any) => g.idempotencyKey === "slow");
    expect(pending.status).toBe("pending");
    expect(pending).not.toHaveProperty("externalRef");
    expect(pending).not.toHaveProperty("lastError");
    const refused = await cancel(pending.id);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatch(/not cancellable/);
    release();
    expect((await issuing).json.status).toBe("active");

    script.grant = (_body, res) => sendJson(res, 500, {});
    const failedId = (await list()).json.at(-1).id;
    await issue(direct());
    const failed = (await list()).json.at(-1);
    expect(failed.id).not.toBe(failedId);
    expect(failed.status).toBe("failed");
    expect((await cancel(failed.id)).status).toBe(400);
    expect(cancelCalls()).toHaveLength(0);
  });

  it("get, list and cancel are scoped to the operator; another operator's grant is as good as missing", async () => {
    const mine = (await issue(direct({ playerRef: "p-iso" }))).json;
    const theirs = (await issue(direct({ playerRef: "p-iso" }), OTHER_OPERATOR)).json;
    for (const [tenant, id] of [
      [OTHER_OPERATOR, mine.id],
      [OPERATOR, theirs.id],
    ] as const) {
      const read = await get(id, tenant);
      expect(read.status).toBe(404);
      expect(read.json).toEqual({ error: "grant not found", code: "not_found" });
      expect((await cancel(id, tenant)).status).toBe(404);
    }
    expect((await get(crypto.randomUUID())).status).toBe(404);
    expect((await list("?playerRef=p-iso")).json.map((g: any) => g.id)).toEqual([mine.id]);
    expect((await list("?playerRef=p-iso", OTHER_OPERATOR)).json.map((g: any) => g.id)).toEqual([theirs.id]);
    expect((await list("", OTHER_OPERATOR)).json.every((g: any) => g.operatorId === OTHER_OPERATOR.id)).toBe(true);
    expect((await get(mine.id)).json.status).toBe("active");
    expect(cancelCalls()).toHaveLength(0);
  });

  it("lists in the order issued, optionally filtered by player", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await issue(direct({ playerRef: "p-order" }))).json.id);
    await issue(direct({ playerRef: "p-someone-else" }));
    expect((await list("?playerRef=p-order")).json.map((g: any) => g.id)).toEqual(ids);
    const all = (await list()).json;
    expect(all.at(-1).playerRef).toBe("p-someone-else");
    expect(all.length).toBeGreaterThan(4);
    expect((await list("?playerRef=nobody")).json).toEqual([]);
    // Pages of two in issue order, the next page's cursor in X-Next-Cursor: a grant issued between two pages joins the end.
    const first = await list("?playerRef=p-order&limit=2");
    expect(first.json.map((g: any) => g.id)).toEqual(ids.slice(0, 2));
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const late = (await issue(direct({ playerRef: "p-order" }))).json.id;
    const second = await list(`?playerRef=p-order&limit=2&cursor=${cursor}`);
    expect(second.json.map((g: any) => g.id)).toEqual([ids[2], late]);
    expect(second.headers.get("x-next-cursor")).toBeNull();
    expect((await list("?playerRef=p-order")).headers.get("x-next-cursor")).toBeNull();
    // Newest first, as the back office reads them, paged the other way.
    const newest = await list("?playerRef=p-order&order=newest&limit=3");
    expect(newest.json.map((g: any) => g.id)).toEqual([late, ids[2], ids[1]]);
    const oldest = await list(`?playerRef=p-order&order=newest&cursor=${newest.headers.get("x-next-cursor")}`);
    expect(oldest.json.map((g: any) => g.id)).toEqual([ids[0]]);
    expect((await list("?order=oldest")).status).toBe(400);
    expect((await list("?limit=201")).status).toBe(400);
    expect((await list("?cursor=nonsense!")).status).toBe(400);
    // A repeated filter arrives as an array: the contract's string refuses it before the handler reads it.
    expect((await list("?playerRef=p-order&playerRef=p-someone-else")).status).toBe(400);
  });

  it("400 with a clear message for a grant id that is not a UUID", async () => {
    for (const reply of [await get("not-a-uuid"), await cancel("12345")]) {
      expect(reply.status).toBe(400);
      expect(reply.json.error).toMatch(/id/);
      expect(reply.json.error).toMatch(/uuid/i);
    }
  });
});

describe("free-spin grants to a provider without a webhook URL", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(testConfigJson());
  });
  afterAll(() => server?.close());

  it("fail with lastError saying so, and 502", async () => {
    const reply = await signedRequest(server.url, OPERATOR, "POST", GRANTS, {
      playerRef: "p-1",
      gameId: "starfall",
      spins: 1,
      currency: "EUR",
      idempotencyKey: "k",
    });
    expect(reply.status).toBe(502);
    const [grant] = (await signedRequest(server.url, OPERATOR, "GET", GRANTS)).json;
    expect(grant).toMatchObject({ status: "failed", lastError: "provider has no webhook URL configured" });
  });
});
