import { LIMITS } from "@croupier/contract";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createWebhookHandler,
  MemoryDedupStore,
  toExpressMiddleware,
  toNodeListener,
  WebhookError,
  withCancelDedup,
  withGrantDedup,
  type GrantFreeSpinsRequest,
  type WebhookHandler,
} from "../src/index.js";
import { listen, sendSigned } from "../../sdk-operator/test/signed-fetch.js";

const TENANT = "prov-star";
const SECRET = "current";
const OLD_SECRET = "previous";
const grant: GrantFreeSpinsRequest = { requestRef: "g-1", playerRef: "p-1", gameId: "starfall", spins: 10, betAmountMinor: 20, currency: "EUR" };
const batch = { externalRef: "star-1", playerRef: "p-1", gameId: "starfall" };

/** A provider back office whose counters show how often each callback really ran. */
function makeProvider() {
  const calls = { grant: 0, cancel: 0, revoke: [] as string[] };
  const handler: WebhookHandler = createWebhookHandler({
    tenantId: TENANT,
    secrets: [SECRET, OLD_SECRET],
    onGrant: withGrantDedup(new MemoryDedupStore(), (request) => {
      if (request.gameId === "no-fs") throw new WebhookError(400, "free spins not supported on no-fs");
      calls.grant++;
      return { externalRef: `star-${calls.grant}` };
    }),
    onStatus: (request) => (request.externalRef === "star-1" ? { remainingSpins: 4, completed: false } : ({ remainingSpins: -1 } as never)),
    onCancel: withCancelDedup(new MemoryDedupStore(), () => void calls.cancel++),
    onRevoke: (request) => void calls.revoke.push(request.reason),
    onError: () => {},
  });
  return { handler, calls };
}

const kinds = [
  { name: "node:http", prefix: "", serve: (handler: WebhookHandler) => listen(toNodeListener(handler)) },
  {
    name: "Express 5 under a prefix",
    prefix: "/croupier",
    serve: (handler: WebhookHandler) => {
      const app = express();
      app.use("/croupier", toExpressMiddleware(handler));
      return listen(app);
    },
  },
];

for (const kind of kinds) {
  describe(`provider webhooks over ${kind.name}`, () => {
    const { handler, calls } = makeProvider();
    let baseUrl = "";
    let close: () => Promise<void> = async () => {};
    beforeAll(async () => ({ baseUrl, close } = await kind.serve(handler)));
    afterAll(() => close());
    const post = (path: string, body: unknown, over: Partial<Parameters<typeof sendSigned>[1]> = {}) =>
      sendSigned(baseUrl, { method: "POST", target: kind.prefix + path, body: JSON.stringify(body), secret: SECRET, tenantId: TENANT, ...over });

    it("grants once per requestRef, even when the platform asks again", async () => {
      const first = await post("/v1/game/free-spins/grant", grant);
      const again = await post("/v1/game/free-spins/grant", grant, { secret: OLD_SECRET });
      expect(first).toEqual({ status: 200, type: "application/json", text: '{"externalRef":"star-1"}' });
      expect(again).toEqual(first);
      expect(calls.grant).toBe(1);
    });

    it("answers status, and cancels once per externalRef with an empty 200", async () => {
      expect(await post("/v1/game/free-spins/status", batch)).toMatchObject({ status: 200, text: '{"remainingSpins":4,"completed":false}' });
      expect(await post("/v1/game/free-spins/cancel", batch)).toMatchObject({ status: 200, text: "" });
      expect(await post("/v1/game/free-spins/cancel", batch)).toMatchObject({ status: 200, text: "" });
      expect(calls.cancel).toBe(1);
    });

    it("passes a session revoke to onRevoke, for each reason the contract lists", async () => {
      const revoke = { sessionToken: "st-1", playerRef: "p-1", gameId: "starfall", reason: "KICK" };
      for (const reason of LIMITS.revokeReasons) expect((await post("/v1/game/session/revoke", { ...revoke, reason })).status).toBe(200);
      expect(calls.revoke).toEqual(expect.arrayContaining([...LIMITS.revokeReasons]));
      expect(await post("/v1/game/session/revoke", { ...revoke, reason: "BORED" })).toMatchObject({
        status: 400,
        text: '{"error":"reason must be one of KICK, SELF_EXCLUSION, FRAUD_HOLD, EXPIRED"}',
      });
    });

    it("refuses a tampered body, a wrong secret, a stale timestamp, a wrong tenant and a replayed nonce", async () => {
      const refused = { status: 401, type: "text/plain", text: "invalid signature" };
      expect(await post("/v1/game/free-spins/grant", grant, { sentBody: JSON.stringify({ ...grant, spins: 1000 }) })).toEqual(refused);
      expect(await post("/v1/game/free-spins/grant", grant, { secret: "wrong" })).toEqual(refused);
      expect(await post("/v1/game/free-spins/grant", grant, { timestamp: Math.floor(Date.now() / 1000) + 400 })).toEqual(refused);
      expect(await post("/v1/game/free-spins/grant", grant, { tenantId: "prov-other" })).toEqual(refused);
      const nonce = `replay-${kind.prefix.length}`;
      expect((await post("/v1/game/free-spins/status", batch, { nonce })).status).toBe(200);
      expect(await post("/v1/game/free-spins/status", batch, { nonce })).toEqual({
        status: 401,
        type: "application/json",
        text: '{"error":"replayed request"}',
      });
    });

    it("validates bodies, maps WebhookError, and answers 500 for a broken callback answer", async () => {
      expect(await post("/v1/game/free-spins/grant", { ...grant, spins: 0 })).toMatchObject({
        status: 400,
        text: '{"error":"spins must be an integer >= 1"}',
      });
      expect(await post("/v1/game/free-spins/grant", { ...grant, currency: "Eur" })).toMatchObject({ status: 400 });
      expect(await post("/v1/game/free-spins/cancel", { externalRef: "star-1" })).toMatchObject({
        status: 400,
        text: '{"error":"playerRef must be a non-empty string"}',
      });
      // The contract's identifier length (generated from the TypeSpec), as the service checks it.
      expect(await post("/v1/game/free-spins/grant", { ...grant, playerRef: "p".repeat(256) })).toMatchObject({
        status: 400,
        text: '{"error":"playerRef must be at most 255 characters"}',
      });
      for (const playerRef of ["p\u0000", "p\u0085", "p\u202e", "p\ud800"])
        expect(await post("/v1/game/free-spins/grant", { ...grant, playerRef })).toMatchObject({
          status: 400,
          text: `{"error":"playerRef must not contain control, line separator or bidirectional control characters (U+0000 to U+001F, U+007F to U+009F, U+2028 to U+202E, U+2066 to U+2069) or unpaired surrogates"}`,
        });
      expect(await post("/v1/game/free-spins/grant", { ...grant, requestRef: "g-2", gameId: "no-fs" })).toMatchObject({
        status: 400,
        text: '{"error":"free spins not supported on no-fs"}',
      });
      expect(await post("/v1/game/free-spins/status", { ...batch, externalRef: "star-x" })).toMatchObject({
        status: 500,
        text: '{"error":"internal error"}',
      });
      expect(await post("/v1/game/unknown", {})).toMatchObject({ status: 404 });
    });
  });
}

describe("a provider that offers no free spins", () => {
  it("leaves the free-spin callbacks out: those webhooks answer 501 JSON, session revoke still works", async () => {
    const revoked: string[] = [];
    // Only onRevoke: this compiles because the three free-spin callbacks are optional.
    const handler = createWebhookHandler({ tenantId: TENANT, secrets: [SECRET], onRevoke: (request) => void revoked.push(request.sessionToken) });
    const served = await listen(toNodeListener(handler));
    try {
      const post = (path: string, body: unknown) =>
        sendSigned(served.baseUrl, { method: "POST", target: path, body: JSON.stringify(body), secret: SECRET, tenantId: TENANT });
      const notOffered = { status: 501, type: "application/json", text: '{"error":"free spins are not offered by this provider"}' };
      expect(await post("/v1/game/free-spins/grant", grant)).toEqual(notOffered);
      expect(await post("/v1/game/free-spins/status", batch)).toEqual(notOffered);
      expect(await post("/v1/game/free-spins/cancel", batch)).toEqual(notOffered);
      // A malformed body is still the caller's mistake first (400), whatever the provider offers.
      expect((await post("/v1/game/free-spins/grant", { ...grant, spins: 0 })).status).toBe(400);
      const revoke = await post("/v1/game/session/revoke", { sessionToken: "tok-1", playerRef: "p-1", gameId: "starfall", reason: "KICK" });
      expect(revoke.status).toBe(200);
      expect(revoked).toEqual(["tok-1"]);
    } finally {
      await served.close();
    }
  });
});
