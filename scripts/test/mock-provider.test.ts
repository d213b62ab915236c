import { mintReplayToken, sign } from "@croupier/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockProvider, type RunningMockProvider } from "../src/sandbox/mock-provider/mock-provider-server.js";
import type { TenantCredentials } from "../src/sandbox/sandbox-config.js";

const STAR: TenantCredentials = { id: "prov-star", secret: "star-secret" };
const MOON: TenantCredentials = { id: "prov-moon", secret: "moon-secret" };

let studio: RunningMockProvider;
beforeAll(async () => {
  studio = await startMockProvider({ providers: [STAR, MOON] });
});
afterAll(() => studio.close());

/** POSTs a webhook the way the service does: signed over the full target, X-Tenant-ID = the provider. */
async function webhook(path: string, body: unknown, signer: TenantCredentials = STAR, addressee = STAR.id) {
  const url = `${studio.webhookUrlFor(addressee)}${path}`;
  const text = JSON.stringify(body);
  const headers = sign({ secret: signer.secret, tenantId: signer.id, method: "POST", target: new URL(url).pathname, body: text });
  const response = await fetch(url, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: text });
  const answer = await response.text();
  return { status: response.status, text: answer, json: answer.startsWith("{") ? JSON.parse(answer) : undefined };
}

const grantBody = (requestRef: string) => ({ requestRef, playerRef: "p-1", gameId: "starfall", spins: 3, betAmountMinor: 20, currency: "EUR" });
const spin = (externalRef: string) => fetch(`${studio.url}/free-spins/${externalRef}/spin`, { method: "POST" });

describe("the mock studio's signed webhooks", () => {
  it("grants once per requestRef, reports the spins left, and voids them on cancel", async () => {
    const first = await webhook("/v1/game/free-spins/grant", grantBody("grant-a"));
    const repeat = await webhook("/v1/game/free-spins/grant", grantBody("grant-a"));
    const other = await webhook("/v1/game/free-spins/grant", grantBody("grant-b"));
    expect(first.status).toBe(200);
    const externalRef: string = first.json.externalRef;
    expect(repeat.json).toEqual({ externalRef });
    expect(other.json.externalRef).not.toBe(externalRef);
    expect(studio.batches.list("p-1").filter((batch) => batch.requestRef === "grant-a")).toHaveLength(1);

    const batchFields = { externalRef, playerRef: "p-1", gameId: "starfall" };
    expect((await webhook("/v1/game/free-spins/status", batchFields)).json).toEqual({ remainingSpins: 3, completed: false });
    const played = await spin(externalRef);
    expect(await played.json()).toMatchObject({ spinNumber: 1, winAmount: 40, batch: { remainingSpins: 2 } });
    expect((await webhook("/v1/game/free-spins/status", batchFields)).json).toEqual({ remainingSpins: 2, completed: false });

    const cancelled = await webhook("/v1/game/free-spins/cancel", batchFields);
    expect([cancelled.status, cancelled.text]).toEqual([200, ""]);
    expect((await webhook("/v1/game/free-spins/cancel", batchFields)).status).toBe(200);
    expect((await webhook("/v1/game/free-spins/status", batchFields)).json).toEqual({ remainingSpins: 0, completed: true });
    const refused = await spin(externalRef);
    expect([refused.status, await refused.json()]).toEqual([409, { error: "batch cancelled: remaining spins are void" }]);
  });

  it("answers 404 for a batch it does not hold for that player, game or provider", async () => {
    const { json } = await webhook("/v1/game/free-spins/grant", grantBody("grant-c"));
    const unknown = await webhook("/v1/game/free-spins/status", { externalRef: "fs-nope", playerRef: "p-1", gameId: "starfall" });
    const otherPlayer = await webhook("/v1/game/free-spins/cancel", { externalRef: json.externalRef, playerRef: "p-2", gameId: "starfall" });
    const otherProvider = await webhook(
      "/v1/game/free-spins/status",
      { externalRef: json.externalRef, playerRef: "p-1", gameId: "starfall" },
      MOON,
      MOON.id,
    );
    expect([unknown.status, otherPlayer.status, otherProvider.status]).toEqual([404, 404, 404]);
    expect(unknown.json.error).toContain("fs-nope");
  });

  it("refuses a call signed by another provider or with the wrong secret", async () => {
    const wrongTenant = await webhook("/v1/game/free-spins/grant", grantBody("grant-d"), MOON, STAR.id);
    const wrongSecret = await webhook("/v1/game/free-spins/grant", grantBody("grant-d"), { id: STAR.id, secret: "guess" });
    expect([wrongTenant.status, wrongTenant.text, wrongSecret.status, wrongSecret.text]).toEqual([
      401,
      "invalid signature",
      401,
      "invalid signature",
    ]);
    expect(studio.batches.list().some((batch) => batch.requestRef === "grant-d")).toBe(false);
  });

  it("records a session revoke without keeping the session token", async () => {
    const revoked = await webhook(
      "/v1/game/session/revoke",
      { sessionToken: "st_secret-token", playerRef: "p-9", gameId: "moonshot", reason: "KICK" },
      MOON,
      MOON.id,
    );
    expect(revoked.status).toBe(200);
    const listed = await (await fetch(`${studio.url}/revocations`)).text();
    expect(JSON.parse(listed).revocations).toContainEqual(
      expect.objectContaining({ providerId: MOON.id, playerRef: "p-9", gameId: "moonshot", reason: "KICK" }),
    );
    expect(listed).not.toContain("st_secret-token");
  });
});

describe("the mock studio's replay page", () => {
  const claims = {
    roundId: "r-1",
    gameId: "starfall",
    playerRef: "p-1",
    operatorId: "op-acme",
    providerId: STAR.id,
    exp: Math.floor(Date.now() / 1000) + 60,
  };
  const open = async (token: string) => {
    const response = await fetch(`${studio.url}/replay?token=${encodeURIComponent(token)}`);
    return [response.status, await response.json()];
  };

  it("shows a round for a token signed with its provider's secret", async () => {
    expect(await open(mintReplayToken(STAR.secret, claims))).toEqual([
      200,
      { replay: { roundId: "r-1", gameId: "starfall", playerRef: "p-1", providerId: STAR.id } },
    ]);
  });

  it("refuses forged, foreign and expired tokens", async () => {
    expect(await open(mintReplayToken("forged", claims))).toEqual([403, { error: "invalid replay token: bad-signature" }]);
    // Signed by prov-star but claiming prov-moon's round.
    expect(await open(mintReplayToken(STAR.secret, { ...claims, providerId: MOON.id }))).toEqual([
      403,
      { error: "invalid replay token: bad-signature" },
    ]);
    expect(await open(mintReplayToken(STAR.secret, { ...claims, exp: 1 }))).toEqual([403, { error: "invalid replay token: expired" }]);
  });
});
