import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, PROVIDER } from "../harness.js";
import { eventually, launchAndVerify, startDeployment, type Deployment } from "./support/deployment.js";

/**
 * Free spins and kick end to end: the operator SDK issues, reads and cancels grants; the real server calls the
 * provider's webhook receiver built on sdk-provider, whose callbacks see exactly what the contract promises.
 */
describe("SDK end to end: free spins and session revoke", () => {
  let d: Deployment;

  beforeAll(async () => {
    d = await startDeployment();
  });
  afterAll(async () => {
    await d?.close();
  });

  it("issueGrant reaches onGrant with requestRef = grant id and comes back active with the provider's externalRef", async () => {
    const body = { playerRef: "p-alice", gameId: "starfall", spins: 15, betAmountMinor: 20, currency: "EUR", idempotencyKey: "welcome-p-alice" };
    const issued = await d.operator.issueGrant(body);

    expect(issued.error).toBeUndefined();
    const grant = issued.data!;
    expect(d.studio.grants).toHaveLength(1);
    const received = d.studio.grants[0]!;
    expect(received).toMatchObject({
      requestRef: grant.id,
      playerRef: "p-alice",
      gameId: "starfall",
      spins: 15,
      betAmountMinor: 20,
      currency: "EUR",
    });
    expect(grant).toMatchObject({ status: "active", externalRef: received.externalRef, operatorId: OPERATOR.id, providerId: PROVIDER.id, spins: 15 });

    // Same idempotencyKey: the original grant, and no second batch at the provider.
    const repeat = await d.operator.issueGrant(body);
    expect(repeat.data).toEqual(grant);
    expect(d.studio.grants).toHaveLength(1);

    const listed = await d.operator.listGrants({ playerRef: "p-alice" });
    expect(listed.data).toEqual({ items: [grant], nextCursor: null });
    expect((await d.operator.listGrants({ playerRef: "p-nobody" })).data).toEqual({ items: [], nextCursor: null });
    expect((await d.operator.getGrant(grant.id)).data).toEqual(grant);
  });

  it("a campaign grant takes its terms from the campaign", async () => {
    const issued = await d.operator.issueGrant({ playerRef: "p-bob", campaignId: "welcome-10", idempotencyKey: "campaign-p-bob" });
    expect(issued.data).toMatchObject({ status: "active", campaignId: "welcome-10", spins: 10, betAmountMinor: 20, currency: "EUR" });
    expect(d.studio.grants.at(-1)).toMatchObject({ requestRef: issued.data!.id, spins: 10 });
  });

  it("cancelGrant reaches onCancel with the externalRef and the grant becomes cancelled; a second cancel is a 400", async () => {
    const issued = await d.operator.issueGrant({ playerRef: "p-carol", gameId: "starfall", spins: 5, currency: "EUR", idempotencyKey: "to-cancel" });
    const grant = issued.data!;

    const cancelled = await d.operator.cancelGrant(grant.id);

    expect(cancelled.error).toBeUndefined();
    expect(cancelled.data).toMatchObject({ id: grant.id, status: "cancelled", externalRef: grant.externalRef });
    expect(d.studio.cancels).toEqual([{ externalRef: grant.externalRef, playerRef: "p-carol", gameId: "starfall" }]);
    expect((await d.operator.getGrant(grant.id)).data?.status).toBe("cancelled");
    const again = await d.operator.cancelGrant(grant.id);
    expect(again.error?.status).toBe(400);
    expect(d.studio.cancels).toHaveLength(1);
  });

  it("getGrant of an unknown id is a typed 404", async () => {
    const missing = await d.operator.getGrant("00000000-0000-4000-8000-000000000000");
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.message).toBeTruthy();
  });

  it("kickPlayer ends the session: onRevoke receives the revoke webhook and the provider's next call is refused", async () => {
    const { common } = await launchAndVerify(d, "p-carol");

    const kicked = await d.operator.kickPlayer("p-carol");

    expect(kicked.data?.revokedCount).toBe(1);
    await eventually(() => d.studio.revokes.some((revoke) => revoke.sessionToken === common.sessionToken));
    expect(d.studio.revokes.find((revoke) => revoke.sessionToken === common.sessionToken)).toEqual({
      sessionToken: common.sessionToken,
      playerRef: "p-carol",
      gameId: "starfall",
      reason: "KICK",
    });
    expect((await d.provider.verifySession(common.sessionToken)).error?.status).toBe(401);
    const bet = await d.provider.bet({ ...common, roundId: "after-kick", transactionId: "after-kick-bet", amount: 10 });
    expect(bet.error?.status).toBe(401);
    expect(d.wallet.callsFor("after-kick-bet")).toHaveLength(0);
  });

  it("listCampaigns offers the campaigns the operator may issue from, and a grant from one reaches the studio", async () => {
    const campaigns = await d.operator.listCampaigns();
    expect(campaigns.error).toBeUndefined();
    expect(campaigns.data!.map((c) => c.id)).toContain("welcome-10");
    const campaign = campaigns.data!.find((c) => c.id === "welcome-10")!;
    const issued = await d.operator.issueGrant({ playerRef: "p-campaign", campaignId: campaign.id, idempotencyKey: "campaign-p-campaign" });
    expect(issued.data).toMatchObject({ campaignId: "welcome-10", gameId: campaign.gameId, spins: campaign.spins, status: "active" });
  });
});
