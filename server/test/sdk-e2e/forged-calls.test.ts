import { sign } from "@croupier/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, PROVIDER, toReply, type Reply } from "../harness.js";
import { betRequest } from "../wallet-harness.js";
import { startSdkWallet, type SdkWallet } from "./support/sdk-wallet.js";
import { startSdkWebhookReceiver, type SdkWebhookReceiver } from "./support/sdk-webhook-receiver.js";

/** How a forged platform breaks its call; the default is an honest, correctly signed call. */
interface Forgery {
  secret?: string;
  tenantId?: string;
  timestamp?: number;
  nonce?: string;
  /** Sent instead of the signed body. */
  sentBody?: string;
  /** Sent instead of the signed target. */
  sentTarget?: string;
  omitNonce?: boolean;
}

/** Sends one call "from the platform" with raw fetch, signed with @croupier/signing, broken as `forgery` says. */
async function platformCall(
  baseUrl: string,
  tenant: { id: string; secret: string },
  method: "GET" | "POST",
  target: string,
  body: string,
  forgery: Forgery = {},
): Promise<Reply> {
  const headers: Record<string, string> = {
    ...sign({
      secret: forgery.secret ?? tenant.secret,
      tenantId: forgery.tenantId ?? tenant.id,
      method,
      target,
      body,
      ...(forgery.timestamp === undefined ? {} : { timestamp: forgery.timestamp }),
      ...(forgery.nonce === undefined ? {} : { nonce: forgery.nonce }),
    }),
    ...(body ? { "content-type": "application/json" } : {}),
  };
  if (forgery.omitNonce) delete headers["X-Nonce"];
  const sentBody = forgery.sentBody ?? body;
  return toReply(await fetch(baseUrl + (forgery.sentTarget ?? target), { method, headers, ...(method === "POST" ? { body: sentBody } : {}) }));
}

const now = () => Math.floor(Date.now() / 1000);

/** The refusals of decisions.md §1, as the SDK READMEs document them. */
function expectInvalidSignature(reply: Reply): void {
  expect(reply.status).toBe(401);
  expect(reply.headers.get("content-type")).toMatch(/^text\/plain/);
  expect(reply.text).toBe("invalid signature");
}
function expectReplayed(reply: Reply): void {
  expect(reply.status).toBe(401);
  expect(reply.json).toEqual({ error: "replayed request" });
}

/**
 * The SDK receivers, served exactly as integrators serve them (toNodeListener), refuse calls from a forged
 * platform: raw fetch plus the shared signing code, with one thing wrong each time. An honest call passes first,
 * so a refusal is never a handler that refuses everything.
 */
describe("SDK end to end: forged platform calls are refused by the SDK handlers", () => {
  let wallet: SdkWallet;
  let studio: SdkWebhookReceiver;

  beforeAll(async () => {
    wallet = await startSdkWallet({ tenantId: OPERATOR.id, secrets: [OPERATOR.secret], balances: { "p-1": 1_000 } });
    studio = await startSdkWebhookReceiver({ tenantId: PROVIDER.id, secrets: [PROVIDER.secret] });
  });
  afterAll(async () => {
    await wallet?.close();
    await studio?.close();
  });

  describe("wallet callback handler (sdk-operator)", () => {
    const TX = "/v1/wallet/transaction";
    const bet = (transactionId: string, amount: number) => JSON.stringify(betRequest("s-1", { transactionId, roundId: "r-1", amount }));
    const call = (method: "GET" | "POST", target: string, body: string, forgery?: Forgery) =>
      platformCall(wallet.url, OPERATOR, method, target, body, forgery);

    it("accepts an honest call", async () => {
      const reply = await call("POST", TX, bet("honest", 100));
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ status: "OK", balance: 900 });
      expect((await call("GET", "/v1/wallet/balance?playerRef=p-1", "")).json).toEqual({ balance: 900 });
    });

    it("refuses a tampered body (401) and moves no money", async () => {
      expectInvalidSignature(await call("POST", TX, bet("tampered", 1), { sentBody: bet("tampered", 900) }));
      expect(wallet.callsFor("tampered")).toHaveLength(0);
      expect(wallet.balances.get("p-1")).toBe(900);
    });

    it("refuses a swapped query on the balance callback (401): the query is signed too", async () => {
      expectInvalidSignature(await call("GET", "/v1/wallet/balance?playerRef=p-1", "", { sentTarget: "/v1/wallet/balance?playerRef=p-2" }));
    });

    it("refuses a wrong secret and a call addressed to another tenant (401)", async () => {
      expectInvalidSignature(await call("POST", TX, bet("wrong-secret", 1), { secret: "not-the-secret" }));
      expectInvalidSignature(await call("POST", TX, bet("wrong-tenant", 1), { tenantId: "op-beta" }));
      expect(wallet.callsFor("wrong-secret")).toHaveLength(0);
      expect(wallet.callsFor("wrong-tenant")).toHaveLength(0);
    });

    it("refuses a stale and a future timestamp beyond the 300 s tolerance (401)", async () => {
      expectInvalidSignature(await call("POST", TX, bet("stale", 1), { timestamp: now() - 301 }));
      expectInvalidSignature(await call("POST", TX, bet("future", 1), { timestamp: now() + 301 }));
      expect(wallet.callsFor("stale")).toHaveLength(0);
      expect((await call("POST", TX, bet("skewed-but-fine", 1), { timestamp: now() - 200 })).status).toBe(200);
    });

    it("refuses a replayed nonce (401 JSON) and a missing nonce (400)", async () => {
      const nonce = "replay-me-0001";
      expect((await call("POST", TX, bet("replayed", 50), { nonce })).status).toBe(200);
      expectReplayed(await call("POST", TX, bet("replayed", 50), { nonce }));
      expect(wallet.callsFor("replayed")).toHaveLength(1);
      const missing = await call("POST", TX, bet("no-nonce", 1), { omitNonce: true });
      expect(missing.status).toBe(400);
      expect(missing.json).toEqual({ error: "invalid nonce" });
    });
  });

  describe("webhook handler (sdk-provider)", () => {
    const REVOKE = "/v1/game/session/revoke";
    const revoke = (sessionToken: string) => JSON.stringify({ sessionToken, playerRef: "p-1", gameId: "starfall", reason: "KICK" });
    const call = (body: string, forgery?: Forgery) => platformCall(studio.url, PROVIDER, "POST", REVOKE, body, forgery);
    const revoked = (sessionToken: string) => studio.revokes.filter((r) => r.sessionToken === sessionToken).length;

    it("accepts an honest call", async () => {
      expect((await call(revoke("honest"))).status).toBe(200);
      expect(revoked("honest")).toBe(1);
    });

    it("refuses a tampered body, a wrong secret, another tenant and a stale timestamp (401)", async () => {
      expectInvalidSignature(await call(revoke("signed"), { sentBody: revoke("tampered") }));
      expectInvalidSignature(await call(revoke("wrong-secret"), { secret: "not-the-secret" }));
      expectInvalidSignature(await call(revoke("other-tenant"), { tenantId: "prov-moon" }));
      expectInvalidSignature(await call(revoke("stale"), { timestamp: now() - 600 }));
      for (const token of ["signed", "tampered", "wrong-secret", "other-tenant", "stale"]) expect(revoked(token)).toBe(0);
    });

    it("refuses a replayed nonce (401 JSON) and a malformed nonce (400)", async () => {
      const nonce = "webhook-nonce-0001";
      expect((await call(revoke("once"), { nonce })).status).toBe(200);
      expectReplayed(await call(revoke("once"), { nonce }));
      expect(revoked("once")).toBe(1);
      const malformed = await call(revoke("bad-nonce"), { nonce: "has spaces" });
      expect(malformed.status).toBe(400);
      expect(malformed.json).toEqual({ error: "invalid nonce" });
    });
  });
});
