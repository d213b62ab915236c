import { afterAll, beforeAll, expect, it } from "vitest";
import { AesGcmSecretBox } from "../../server/src/domain/secret-box.js";
import { DeliveryLogSweeper } from "../../server/src/domain/jobs/delivery-log-sweeper.js";
import { MIGRATIONS } from "../../server/src/store/migrations.js";
import { pendingMigrations } from "../../server/src/store/schema-version.js";
import { describeEachStore } from "../../server/test/each-store.js";
import {
  OPERATOR,
  OTHER_OPERATOR,
  OTHER_PROVIDER,
  PROVIDER,
  signedRequest,
  startTestServer,
  testConfigJson,
  testSecretKey,
} from "../../server/test/harness.js";
import { startMockProvider, type RunningMockProvider } from "../src/sandbox/mock-provider/mock-provider-server.js";

/*
 * The webhook delivery log (issue 33 item 3): every call the service makes to a provider's webhooks is recorded with
 * its exact body, answer, time taken and attempt number, whichever path made it, on both stores; over real HTTP against
 * the sandbox's mock studio, which verifies each call's signature.
 */

const GRANTS = "/v1/operator/free-spins/grants";
const box = new AesGcmSecretBox(testSecretKey());
const until = async <T>(read: () => Promise<T | undefined>): Promise<T> => {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("not recorded within 5 s");
};

let studio: RunningMockProvider;
beforeAll(async () => {
  studio = await startMockProvider({ providers: [PROVIDER, OTHER_PROVIDER] });
});
afterAll(() => studio?.close());

describeEachStore("the webhook delivery log", (database, store) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    const json = testConfigJson({ database: database() });
    const providers = json.providers as Record<string, unknown>[];
    providers[0]!.webhookUrl = studio.webhookUrlFor(PROVIDER.id);
    // prov-moon's webhooks are registered at an address the studio does not serve: every call to it fails with a 404.
    providers[1]!.webhookUrl = `${studio.url}/nowhere`;
    server = await startTestServer(json);
  });
  afterAll(() => server?.close());
  const deliveries = () => server.services.stores.webhookDeliveries;

  const player = `p-log-${store}`;
  it("records a grant's issue and cancel as sent, with the studio's answer, duration and attempt number", async () => {
    const issued = await signedRequest(server.url, OPERATOR, "POST", GRANTS, {
      playerRef: player,
      gameId: "starfall",
      spins: 3,
      currency: "EUR",
      idempotencyKey: `log-${Date.now()}`,
    });
    expect(issued.status).toBe(200);
    const grant = issued.json;
    expect((await signedRequest(server.url, OPERATOR, "POST", `${GRANTS}/${grant.id}/cancel`)).status).toBe(200);

    const logged = await deliveries().list(PROVIDER.id, { grantId: grant.id }, undefined, 10);
    expect(logged.map((d) => [d.event, d.attempt, d.outcome, d.httpStatus, d.actor])).toEqual([
      ["GRANT_CANCEL", 1, "DELIVERED", 200, "service"],
      ["GRANT_ISSUE", 1, "DELIVERED", 200, "service"],
    ]);
    const [cancel, issue] = logged;
    expect(issue).toMatchObject({
      operatorId: OPERATOR.id,
      grantId: grant.id,
      playerRef: player,
      gameId: "starfall",
      path: "/v1/game/free-spins/grant",
    });
    expect(JSON.parse(issue!.response!)).toEqual({ externalRef: grant.externalRef });
    expect(issue!.endedAt! - issue!.startedAt).toBeGreaterThanOrEqual(0);
    // The exact bytes the studio verified: the batch it holds was made from them.
    expect(box.open(issue!.bodySealed)).toBe(
      JSON.stringify({ requestRef: grant.id, playerRef: player, gameId: "starfall", spins: 3, betAmountMinor: 0, currency: "EUR" }),
    );
    expect(studio.batches.list(player).map((b) => b.requestRef)).toEqual([grant.id]);
    expect(JSON.parse(box.open(cancel!.bodySealed))).toEqual({ externalRef: grant.externalRef, playerRef: player, gameId: "starfall" });
    // Another provider's log does not hold them.
    expect(await deliveries().list(OTHER_PROVIDER.id, { grantId: grant.id }, undefined, 10)).toEqual([]);
  });

  it("records a failed grant call with the studio's status, its bounded answer and the error the operator was told", async () => {
    const issued = await signedRequest(server.url, OTHER_OPERATOR, "POST", GRANTS, {
      playerRef: "p-moon",
      gameId: "moonshot",
      spins: 2,
      currency: "GBP",
      idempotencyKey: `moon-${Date.now()}`,
    });
    expect(issued.status).toBe(502);
    const [failed, ...others] = await deliveries().list(OTHER_PROVIDER.id, { outcome: "FAILED", playerRef: "p-moon" }, undefined, 10);
    expect(others).toEqual([]);
    expect(failed).toMatchObject({ event: "GRANT_ISSUE", attempt: 1, outcome: "FAILED", httpStatus: 404, operatorId: OTHER_OPERATOR.id });
    expect(failed!.response).toBe(JSON.stringify({ error: "not found" }));
    expect(failed!.error).toBe(`provider answered 404: ${JSON.stringify({ error: "not found" })}`);
  });

  const kicked = `p-kick-${store}`;
  it("records a kick's session revoke with the token sent (sealed) and numbers a second call about the same session", async () => {
    const launched = await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/games/launch", {
      playerRef: kicked,
      gameId: "starfall",
      currency: "EUR",
      mode: "REAL",
    });
    expect(launched.status).toBe(200);
    expect((await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/players/kick", { playerRef: kicked })).status).toBe(200);
    // The revoke is sent off the request path: it is in the log once it was answered.
    const [revoke] = await until(async () => {
      const found = await deliveries().list(PROVIDER.id, { playerRef: kicked, event: "SESSION_REVOKE" }, undefined, 10);
      return found[0]?.endedAt === undefined ? undefined : found;
    });
    expect(revoke).toMatchObject({ attempt: 1, outcome: "DELIVERED", httpStatus: 200, operatorId: OPERATOR.id, gameId: "starfall" });
    expect(JSON.parse(box.open(revoke!.bodySealed))).toEqual({
      sessionToken: launched.json.sessionToken,
      playerRef: kicked,
      gameId: "starfall",
      reason: "KICK",
    });
    expect(studio.revocations.filter((r) => r.playerRef === kicked)).toHaveLength(1);

    // The same session's revoke sent again (as a re-send does) is its attempt 2.
    const again = await server.services.providerWebhooks.deliver(
      { providerId: PROVIDER.id, event: "SESSION_REVOKE", operatorId: OPERATOR.id, subject: revoke!.subject, playerRef: kicked },
      box.open(revoke!.bodySealed),
    );
    expect([again.outcome.ok, again.attempt]).toEqual([true, 2]);
    expect((await deliveries().find(PROVIDER.id, again.id))?.attempt).toBe(2);
    expect(await deliveries().find(OTHER_PROVIDER.id, again.id)).toBeUndefined();
  });

  it("forgets deliveries as long after as the transactions' delivery log", async () => {
    const before = await deliveries().list(PROVIDER.id, {}, undefined, 200);
    expect(before.length).toBeGreaterThan(0);
    const retention = server.config.limits.deliveryLogRetentionSeconds;
    const sweep = (now: number) =>
      new DeliveryLogSweeper(
        { queries: server.services.stores.ledgerQueries, webhookDeliveries: deliveries(), operatorIds: () => [] },
        { deliveryLogRetentionSeconds: retention },
        server.services.logger,
        () => now,
      ).runOnce();
    // Just inside the retention of the newest: only older ones go. Past it: every one.
    const newest = Math.max(...before.map((d) => d.startedAt));
    await sweep(newest + retention * 1000);
    expect((await deliveries().list(PROVIDER.id, {}, undefined, 200)).map((d) => d.startedAt)).toContain(newest);
    expect(await sweep(newest + retention * 1000 + 1)).toBeGreaterThan(0);
    expect(await deliveries().list(PROVIDER.id, {}, undefined, 200)).toEqual([]);
  });
});

it("a SQLite file with the delivery log and studio accounts still starts the release before them (expand steps)", async () => {
  const { openDatabase } = await import("../../server/src/store/database.js");
  const db = openDatabase(":memory:");
  try {
    const required = db.prepare("SELECT version FROM schema_migrations").pluck().all() as number[];
    const previousRelease = MIGRATIONS.filter((m) => m.version < 11);
    // What the release before reads: schema_migrations only, every version of which it knows.
    expect(pendingMigrations(previousRelease, { required, expanded: [] })).toEqual([]);
    expect(db.prepare("SELECT version FROM schema_expansions").pluck().all()).toEqual(MIGRATIONS.filter((m) => m.expand).map((m) => m.version));
    // Every step since the release before is an expand step (11 and 12 for the delivery log and studio accounts).
    const since = MIGRATIONS.filter((m) => m.version >= 11).map((m) => m.version);
    expect(since).toEqual(expect.arrayContaining([11, 12]));
    expect(MIGRATIONS.filter((m) => m.expand).map((m) => m.version)).toEqual(since);
  } finally {
    db.close();
  }
});
