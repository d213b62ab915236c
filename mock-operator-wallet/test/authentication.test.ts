import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWallet, type RunningWallet } from "../src/index.js";
import { signedWalletClient, transactionBody } from "./signed-wallet-client.js";

const identity = { tenantId: "op-acme", secret: "acme-secret" };
let wallet: RunningWallet;
let client: ReturnType<typeof signedWalletClient>;

beforeAll(async () => {
  wallet = await startWallet({ ...identity, previousSecret: "acme-old-secret", players: { "p-1": 700, "p-2": 900 } });
  client = signedWalletClient(wallet.url, identity);
});
afterAll(() => wallet.close());

describe("signed callbacks", () => {
  it("answers the balance for a query signed over path and query string", async () => {
    const reply = await client.balance("p-1");
    expect(reply.status).toBe(200);
    expect(reply.json()).toEqual({ balance: 700 });
  });

  it("refuses a swapped playerRef: the query string is part of the signature", async () => {
    const reply = await client.call("GET", "/v1/wallet/balance?playerRef=p-2", "", { signedTarget: "/v1/wallet/balance?playerRef=p-1" });
    expect(reply.status).toBe(401);
    expect(reply.text).toBe("invalid signature");
  });

  it("answers 401 text/plain to a bad signature, a wrong tenant or a stale timestamp, and moves nothing", async () => {
    const body = transactionBody({ type: "BET", playerRef: "p-1", amount: 100 });
    for (const options of [{ secret: "wrong-secret" }, { tenantId: "op-other" }, { timestamp: Math.floor(Date.now() / 1000) - 3_600 }]) {
      const reply = await client.transaction(body, options);
      expect(reply.status).toBe(401);
      expect(reply.contentType).toMatch(/^text\/plain/);
      expect(reply.text).toBe("invalid signature");
    }
    expect((await client.balance("p-1")).json()).toEqual({ balance: 700 });
    expect(wallet.stats.snapshot().applied.BET).toBe(0);
  });

  it("answers 401 JSON to a replayed nonce, without applying the transaction again", async () => {
    const body = transactionBody({ type: "BET", playerRef: "p-2", amount: 100 });
    const nonce = "nonce-used-twice";
    expect((await client.transaction(body, { nonce })).status).toBe(200);
    const replayed = await client.transaction(transactionBody({ type: "BET", playerRef: "p-2", amount: 100 }), { nonce });
    expect(replayed.status).toBe(401);
    expect(replayed.json()).toEqual({ error: "replayed request" });
    expect((await client.balance("p-2")).json()).toEqual({ balance: 800 });
  });

  it("answers 400 to a malformed nonce", async () => {
    const reply = await client.balance("p-1", { nonce: "spaces are not allowed" });
    expect(reply.status).toBe(400);
    expect(reply.json()).toEqual({ error: "invalid nonce" });
  });

  it("accepts the previous secret during a rotation, and follows setSecrets", async () => {
    expect((await client.balance("p-1", { secret: "acme-old-secret" })).status).toBe(200);
    wallet.setSecrets("acme-newest-secret", "acme-secret");
    expect((await client.balance("p-1", { secret: "acme-newest-secret" })).status).toBe(200);
    expect((await client.balance("p-1", { secret: "acme-secret" })).status).toBe(200);
    expect((await client.balance("p-1", { secret: "acme-old-secret" })).status).toBe(401);
    wallet.setSecrets("acme-secret", "acme-old-secret");
  });
});
