import { createProviderClient } from "@croupier/sdk-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failedGrants, moveWebhooksAndResend, unsettledAt } from "../../../sdk-provider/examples/studio.js";
import { betRequest, launchSession, postTransaction } from "../wallet-harness.js";
import { startStudioSetup } from "./studio-setup.js";
import { OPERATOR, PROVIDER, isSignedFor, sendJson, signedRequest, startScriptedPeer } from "../harness.js";

/** The provider SDK README's studio example, unchanged, against the real service and a studio that refuses one grant. */
describe("provider SDK studio example against the real server", () => {
  let setup: Awaited<ReturnType<typeof startStudioSetup>>;
  let server: Awaited<ReturnType<typeof startStudioSetup>>["server"];
  beforeAll(async () => {
    // The studio's new webhook server is on loopback too, as the setup's peers are.
    setup = await startStudioSetup();
    server = setup.server;
  });
  afterAll(async () => {
    await setup?.close();
  });

  it("finds the grant whose issue webhook failed, with the failed call, and reads both by id", async () => {
    const issue = (playerRef: string) =>
      signedRequest(server.url, OPERATOR, "POST", "/v1/operator/free-spins/grants", {
        playerRef,
        gameId: "starfall",
        spins: 3,
        currency: "EUR",
        idempotencyKey: `sdk-${playerRef}`,
      });
    expect((await issue("p-fine")).status).toBe(200);
    expect((await issue("p-refused")).status).toBe(502);

    const croupier = createProviderClient({ baseUrl: server.url, tenantId: PROVIDER.id, secret: PROVIDER.secret });
    const found = await failedGrants(croupier);
    expect(found.map(({ grant, calls }) => [grant.playerRef, grant.status, calls.map((c) => [c.event, c.attempt, c.httpStatus])])).toEqual([
      ["p-refused", "failed", [["GRANT_ISSUE", 1, 503]]],
    ]);
    const [{ grant, calls }] = found as [(typeof found)[number]];
    expect((await croupier.getGrant(grant.id)).data?.lastError).toBe(`provider answered 503: ${JSON.stringify({ error: "maintenance" })}`);
    expect((await croupier.getWebhookDelivery(calls[0]!.id)).data?.response).toBe(JSON.stringify({ error: "maintenance" }));
    expect((await croupier.getGrant("00000000-0000-4000-8000-000000000000")).error?.status).toBe(404);
  });

  it("finds the transactions an operator's wallet never settled, each with its round", async () => {
    const sessionToken = await launchSession(server.url, { playerRef: "p-unsettled" });
    const bet = betRequest(sessionToken, { playerRef: "p-unsettled", roundId: "round-unsettled" });
    expect((await postTransaction(server.url, bet)).status).toBe(500);
    const croupier = createProviderClient({ baseUrl: server.url, tenantId: PROVIDER.id, secret: PROVIDER.secret, retry: false });
    const found = await unsettledAt(croupier, OPERATOR.id);
    expect(found.map(({ transaction, round }) => [transaction.transactionId, transaction.operatorId, transaction.state, round.state])).toEqual([
      [bet.transactionId, OPERATOR.id, "FAILED", "OPEN"],
    ]);
    expect(await unsettledAt(croupier, "op-beta")).toEqual([]);
    const detail = await croupier.getTransaction(bet.transactionId as string);
    expect(JSON.parse(detail.data!.request).sessionToken).toBe("[redacted]");
    expect((await croupier.listSessions({ playerRef: "p-unsettled" })).data?.items.map((s) => s.operatorId)).toEqual([OPERATOR.id]);
  });

  it("moves the webhooks to a server that answers, checks it with a test webhook, and re-sends the failed grant once", async () => {
    const moved = await startScriptedPeer((req, res) =>
      sendJson(res, 200, req.url.endsWith("/grant") ? { externalRef: `ext-${req.json?.requestRef}` } : {}),
    );
    try {
      const croupier = createProviderClient({ baseUrl: server.url, tenantId: PROVIDER.id, secret: PROVIDER.secret });
      const failed = await failedGrants(croupier);
      expect(failed).toHaveLength(1);
      const { grant } = failed[0]!;
      const resent = await moveWebhooksAndResend(croupier, moved.url);
      expect(resent.map((d) => [d.event, d.grantId, d.attempt, d.outcome])).toEqual([["GRANT_ISSUE", grant.id, 2, "DELIVERED"]]);
      expect(moved.requests.map((r) => r.url)).toEqual(["/v1/game/session/revoke", "/v1/game/free-spins/grant"]);
      expect(JSON.parse(moved.requests[1]!.body).requestRef).toBe(grant.id);
      expect((await croupier.getGrant(grant.id)).data).toMatchObject({ status: "active", externalRef: `ext-${grant.id}` });
      expect(await failedGrants(croupier)).toEqual([]);

      // A rotation signs this client's next calls, and the service's webhooks, with the new secret.
      const rotated = await croupier.rotateSecret();
      expect((await croupier.getSettings()).data?.previousSecretValidUntil).toBe(rotated.data?.previousSecretValidUntil);
      expect((await croupier.sendTestWebhook()).data?.outcome).toBe("DELIVERED");
      expect(isSignedFor(moved.requests.at(-1)!, { id: PROVIDER.id, secret: rotated.data!.secret })).toBe(true);
      expect((await croupier.revokePreviousSecret()).data).toEqual({ previousSecretValidUntil: null });
      const log = await croupier.listAuditLog({ kind: "WEBHOOK_RESEND" });
      expect(log.data?.items.map((e) => e.actor)).toEqual([`api:${PROVIDER.id}`]);
    } finally {
      await moved.close();
    }
  });
});
