import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OPERATOR, OTHER_OPERATOR, PROVIDER, isSignedFor, sendJson } from "../harness.js";
import { defaultWebhooks, isJsonError, operatorGet, operatorPost, startWorld, type World } from "./world.js";

const GRANTS = "/v1/operator/free-spins/grants";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
let seq = 0;
const key = () => `audit-key-${Date.now()}-${++seq}`;
const grantBody = (o: Record<string, unknown> = {}) => ({
  playerRef: "p-fs",
  gameId: "starfall",
  spins: 10,
  betAmountMinor: 20,
  currency: "EUR",
  idempotencyKey: key(),
  ...o,
});

/** Spec B.4–B.7, grant states, and D (free-spin webhooks as the provider receives them). */
describe("spec B.4–B.7 free-spin grants and D webhooks", () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld((json) => {
      const campaign = { operatorId: OPERATOR.id, gameId: "starfall", spins: 3, betAmountMinor: 0, currency: "EUR", active: true };
      json.campaigns.push(
        { ...campaign, id: "inactive", active: false },
        { ...campaign, id: "over", validFrom: "2000-01-01T00:00:00Z", validUntil: "2001-01-01T00:00:00Z" },
        { ...campaign, id: "future", validFrom: "2098-01-01T00:00:00Z", validUntil: "2099-01-01T00:00:00Z" },
      );
    });
  });
  beforeEach(() => {
    w.webhooks = defaultWebhooks();
  });
  afterAll(() => w.close());
  const grantCalls = () => w.provider.requests.filter((r) => r.url === "/v1/game/free-spins/grant");

  it("issues a grant: 200 GrantResponseBody active with externalRef; the provider got a signed GrantFreeSpinsRequest", async () => {
    const body = grantBody({ expiresAt: "2030-01-01T00:00:00Z" });
    const reply = await operatorPost(w.url, GRANTS, body);
    expect(reply.status).toBe(200);
    const g = reply.json;
    expect(g.id).toMatch(UUID);
    expect(g).toMatchObject({
      operatorId: OPERATOR.id,
      providerId: PROVIDER.id,
      gameId: "starfall",
      playerRef: "p-fs",
      spins: 10,
      betAmountMinor: 20,
      currency: "EUR",
      status: "active",
      idempotencyKey: body.idempotencyKey,
      externalRef: `ext-${g.id}`,
    });
    expect(Date.parse(g.expiresAt)).toBe(Date.parse("2030-01-01T00:00:00Z"));
    expect(typeof g.createdAt).toBe("string");
    expect(typeof g.updatedAt).toBe("string");
    expect(g.lastError ?? "").toBe("");
    const call = grantCalls().find((r) => JSON.parse(r.body).requestRef === g.id)!;
    expect(call).toBeDefined();
    expect(call.method).toBe("POST");
    expect(call.headers["x-tenant-id"]).toBe(PROVIDER.id);
    expect(isSignedFor(call, PROVIDER)).toBe(true);
    expect(JSON.parse(call.body)).toEqual({
      requestRef: g.id,
      playerRef: "p-fs",
      gameId: "starfall",
      spins: 10,
      betAmountMinor: 20,
      currency: "EUR",
    });
  });

  it("betAmountMinor omitted means 0 (provider's default stake)", async () => {
    const body = grantBody();
    delete (body as Record<string, unknown>).betAmountMinor;
    const reply = await operatorPost(w.url, GRANTS, body);
    expect(reply.status).toBe(200);
    expect(reply.json.betAmountMinor).toBe(0);
    const call = grantCalls().find((r) => JSON.parse(r.body).requestRef === reply.json.id)!;
    expect(JSON.parse(call.body).betAmountMinor).toBe(0);
  });

  it("a repeat with the same idempotencyKey returns the original grant unchanged and issues no second batch", async () => {
    const body = grantBody();
    const first = await operatorPost(w.url, GRANTS, body);
    const calls = grantCalls().length;
    const second = await operatorPost(w.url, GRANTS, { ...body, spins: 99 });
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(grantCalls().length).toBe(calls);
  });

  it("idempotencyKey is scoped per operator: another operator's same key makes its own grant", async () => {
    const body = grantBody();
    const mine = await operatorPost(w.url, GRANTS, body);
    const theirs = await operatorPost(w.url, GRANTS, body, OTHER_OPERATOR);
    expect(theirs.status).toBe(200);
    expect(theirs.json.id).not.toBe(mine.json.id);
    expect(theirs.json.operatorId).toBe(OTHER_OPERATOR.id);
  });

  it("400 for missing or invalid fields", async () => {
    const bad: Record<string, unknown>[] = [
      grantBody({ spins: 0 }),
      grantBody({ spins: -1 }),
      grantBody({ spins: 1.5 }),
      grantBody({ spins: "10" }),
      grantBody({ betAmountMinor: -1 }),
      grantBody({ betAmountMinor: 1.5 }),
      grantBody({ currency: "GBP" }),
      grantBody({ currency: "eur" }),
      grantBody({ expiresAt: "next tuesday" }),
      grantBody({ playerRef: "" }),
    ];
    for (const field of ["playerRef", "idempotencyKey", "gameId", "spins", "currency"]) {
      const body: Record<string, unknown> = grantBody();
      delete body[field];
      bad.push(body);
    }
    for (const body of bad) {
      const reply = await operatorPost(w.url, GRANTS, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(isJsonError(reply)).toBe(true);
    }
  });

  it("400 for an inactive campaign or one outside its validity window; 404 for an unknown campaign", async () => {
    for (const campaignId of ["inactive", "over", "future"]) {
      const reply = await operatorPost(w.url, GRANTS, { playerRef: "p-fs", campaignId, idempotencyKey: key() });
      expect(reply.status, campaignId).toBe(400);
      expect(isJsonError(reply)).toBe(true);
    }
    const unknown = await operatorPost(w.url, GRANTS, { playerRef: "p-fs", campaignId: "nope", idempotencyKey: key() });
    expect(unknown.status).toBe(404);
    expect(isJsonError(unknown)).toBe(true);
  });

  it("403 for a game not visible to the tenant; 404 for no such game", async () => {
    const hidden = await operatorPost(w.url, GRANTS, grantBody({ gameId: "moonshot", currency: "GBP" }));
    expect(hidden.status).toBe(403);
    expect(isJsonError(hidden)).toBe(true);
    const none = await operatorPost(w.url, GRANTS, grantBody({ gameId: "no-such-game" }));
    expect(none.status).toBe(404);
    expect(isJsonError(none)).toBe(true);
  });

  it("502 when the provider grant call fails; the grant is failed with lastError; the key is consumed; not retried", async () => {
    w.webhooks["/v1/game/free-spins/grant"] = (_b, res) => sendJson(res, 500, { error: "studio exploded" });
    const body = grantBody({ playerRef: "p-fail" });
    const calls = grantCalls().length;
    const reply = await operatorPost(w.url, GRANTS, body);
    expect(reply.status).toBe(502);
    expect(isJsonError(reply)).toBe(true);
    expect(grantCalls().length - calls).toBe(1);
    const listed = await operatorGet(w.url, `${GRANTS}?playerRef=p-fail`);
    expect(listed.json).toHaveLength(1);
    const failed = listed.json[0];
    expect(failed.status).toBe("failed");
    expect(typeof failed.lastError).toBe("string");
    expect(failed.lastError).toContain("studio exploded");
    expect(failed.externalRef ?? "").toBe("");
    // The key is consumed: even with the provider healthy again, the same key never issues a batch.
    w.webhooks = defaultWebhooks();
    const repeat = await operatorPost(w.url, GRANTS, body);
    expect(grantCalls().length - calls).toBe(1);
    expect(repeat.status === 200 ? repeat.json.status : repeat.status).not.toBe("active");
    // Cancelling a failed grant is 400 (not cancellable).
    const cancel = await operatorPost(w.url, `${GRANTS}/${failed.id}/cancel`, undefined);
    expect(cancel.status).toBe(400);
  });

  it("502 when the provider answers 200 without an externalRef", async () => {
    w.webhooks["/v1/game/free-spins/grant"] = (_b, res) => sendJson(res, 200, {});
    const reply = await operatorPost(w.url, GRANTS, grantBody({ playerRef: "p-noref" }));
    expect(reply.status).toBe(502);
  });

  it("lists grants scoped to the tenant, filtered by playerRef; omitting playerRef lists all", async () => {
    const a = await operatorPost(w.url, GRANTS, grantBody({ playerRef: "p-list-a" }));
    const b = await operatorPost(w.url, GRANTS, grantBody({ playerRef: "p-list-b" }));
    const theirs = await operatorPost(w.url, GRANTS, grantBody({ playerRef: "p-list-a" }), OTHER_OPERATOR);
    const filtered = await operatorGet(w.url, `${GRANTS}?playerRef=p-list-a`);
    expect(filtered.status).toBe(200);
    expect(filtered.json.map((g: { id: string }) => g.id)).toEqual([a.json.id]);
    const all = await operatorGet(w.url, GRANTS);
    const ids = all.json.map((g: { id: string }) => g.id);
    expect(ids).toContain(a.json.id);
    expect(ids).toContain(b.json.id);
    expect(ids).not.toContain(theirs.json.id);
    expect(all.json.every((g: { operatorId: string }) => g.operatorId === OPERATOR.id)).toBe(true);
    const none = await operatorGet(w.url, `${GRANTS}?playerRef=p-nobody`);
    expect(none.json).toEqual([]);
  });

  it("gets one grant; another operator's id behaves as nonexistent (404); a non-UUID id is 400", async () => {
    const g = await operatorPost(w.url, GRANTS, grantBody());
    const got = await operatorGet(w.url, `${GRANTS}/${g.json.id}`);
    expect(got.status).toBe(200);
    expect(got.json).toEqual(g.json);
    const foreign = await operatorGet(w.url, `${GRANTS}/${g.json.id}`, OTHER_OPERATOR);
    expect(foreign.status).toBe(404);
    expect(isJsonError(foreign)).toBe(true);
    const missing = await operatorGet(w.url, `${GRANTS}/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    for (const id of ["not-a-uuid", "123"]) {
      const reply = await operatorGet(w.url, `${GRANTS}/${id}`);
      expect(reply.status, id).toBe(400);
      expect(isJsonError(reply)).toBe(true);
    }
  });

  it("nothing polls the status webhook automatically", () => {
    expect(w.provider.requests.filter((r) => r.url === "/v1/game/free-spins/status")).toEqual([]);
  });

  describe("B.7 cancel", () => {
    it("cancels an active grant: provider gets a signed CancelFreeSpinsRequest; answer is the updated grant", async () => {
      const g = (await operatorPost(w.url, GRANTS, grantBody())).json;
      const reply = await operatorPost(w.url, `${GRANTS}/${g.id}/cancel`, undefined);
      expect(reply.status).toBe(200);
      expect(reply.json).toMatchObject({ id: g.id, status: "cancelled", externalRef: g.externalRef });
      const call = w.provider.requests.find((r) => r.url === "/v1/game/free-spins/cancel" && JSON.parse(r.body).externalRef === g.externalRef)!;
      expect(isSignedFor(call, PROVIDER)).toBe(true);
      expect(call.headers["x-tenant-id"]).toBe(PROVIDER.id);
      expect(JSON.parse(call.body)).toEqual({ externalRef: g.externalRef, playerRef: "p-fs", gameId: "starfall" });
      expect((await operatorGet(w.url, `${GRANTS}/${g.id}`)).json.status).toBe("cancelled");
      const again = await operatorPost(w.url, `${GRANTS}/${g.id}/cancel`, undefined);
      expect(again.status).toBe(400);
      expect(isJsonError(again)).toBe(true);
    });
    it("a provider cancel that fails gives 502 and leaves the grant active; a retry can succeed", async () => {
      const g = (await operatorPost(w.url, GRANTS, grantBody())).json;
      w.webhooks["/v1/game/free-spins/cancel"] = (_b, res) => sendJson(res, 500, { error: "no" });
      const before = w.provider.requests.filter((r) => r.url === "/v1/game/free-spins/cancel").length;
      const reply = await operatorPost(w.url, `${GRANTS}/${g.id}/cancel`, undefined);
      expect(reply.status).toBe(502);
      expect(isJsonError(reply)).toBe(true);
      expect(w.provider.requests.filter((r) => r.url === "/v1/game/free-spins/cancel").length - before).toBe(1);
      expect((await operatorGet(w.url, `${GRANTS}/${g.id}`)).json.status).toBe("active");
      w.webhooks = defaultWebhooks();
      expect((await operatorPost(w.url, `${GRANTS}/${g.id}/cancel`, undefined)).json.status).toBe("cancelled");
    });
    it("a pending grant (provider call still running) is visible as pending and not cancellable (400)", async () => {
      let release: () => void = () => {};
      w.webhooks["/v1/game/free-spins/grant"] = (body, res) =>
        new Promise<void>((resolve) => {
          release = () => {
            sendJson(res, 200, { externalRef: `ext-${body.requestRef}` });
            resolve();
          };
        });
      const issuing = operatorPost(w.url, GRANTS, grantBody({ playerRef: "p-pending" }));
      let pending: any;
      for (let i = 0; i < 50 && !pending; i += 1) {
        pending = (await operatorGet(w.url, `${GRANTS}?playerRef=p-pending`)).json[0];
        if (!pending) await new Promise((r) => setTimeout(r, 20));
      }
      expect(pending?.status).toBe("pending");
      const cancel = await operatorPost(w.url, `${GRANTS}/${pending.id}/cancel`, undefined);
      expect(cancel.status).toBe(400);
      expect(isJsonError(cancel)).toBe(true);
      release();
      const issued = await issuing;
      expect(issued.json).toMatchObject({ id: pending.id, status: "active" });
    });
    it("404 for an unknown or foreign grant, 400 for a non-UUID id", async () => {
      const g = (await operatorPost(w.url, GRANTS, grantBody())).json;
      expect((await operatorPost(w.url, `${GRANTS}/${g.id}/cancel`, undefined, OTHER_OPERATOR)).status).toBe(404);
      expect((await operatorPost(w.url, `${GRANTS}/00000000-0000-4000-8000-000000000000/cancel`, undefined)).status).toBe(404);
      expect((await operatorPost(w.url, `${GRANTS}/xyz/cancel`, undefined)).status).toBe(400);
      expect((await operatorGet(w.url, `${GRANTS}/${g.id}`)).json.status).toBe("active");
    });
  });
});

describe("spec D: webhook base address with a path prefix", () => {
  it("every webhook route is under the one registered base (prefix included in the signed target)", async () => {
    let w: World | undefined;
    try {
      w = await startWorld((json) => {
        json.providers[0].webhookUrl = `${json.providers[0].webhookUrl}/hooks`;
      });
      const reply = await operatorPost(w.url, GRANTS, grantBody());
      expect(reply.status).toBe(200);
      const call = w.provider.requests.find((r) => r.url === "/hooks/v1/game/free-spins/grant")!;
      expect(call).toBeDefined();
      expect(isSignedFor(call, PROVIDER)).toBe(true);
    } finally {
      await w?.close();
    }
  });
});
