import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, OTHER_OPERATOR, signedRequest, startTestServer, testConfigJson, WELCOME_CAMPAIGN } from "./harness.js";

/** The campaigns an operator may issue grants from, which the back office's grant form offers (issue 31 item 3). */
describe("GET /v1/operator/free-spins/campaigns", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const campaign = (id: string, overrides: Record<string, unknown>) => ({ ...WELCOME_CAMPAIGN, id, operatorId: undefined, ...overrides });

  beforeAll(async () => {
    server = await startTestServer(
      testConfigJson({
        campaigns: [
          WELCOME_CAMPAIGN, // op-acme's own
          campaign("all-star", { betAmountMinor: 0, validUntil: undefined }), // every operator that sees starfall
          campaign("moon-gbp", { gameId: "moonshot", currency: "GBP" }), // prov-moon: op-beta only sees it
          campaign("moon-usd", { gameId: "moonshot", currency: "USD" }), // a currency the game refuses
          campaign("paused", { active: false }),
          campaign("ended", { validUntil: "2021-01-01T00:00:00Z" }),
          campaign("later", { validFrom: "2098-01-01T00:00:00Z" }),
        ],
      }),
    );
  });
  afterAll(() => server?.close());

  it("lists the campaigns usable now by the calling operator, by id, with what a grant gives", async () => {
    const acme = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/free-spins/campaigns");
    expect(acme.status).toBe(200);
    expect(acme.json).toEqual([
      { id: "all-star", gameId: "starfall", spins: 10, betAmountMinor: 0, currency: "EUR", validUntil: null },
      { id: "welcome-10", gameId: "starfall", spins: 10, betAmountMinor: 20, currency: "EUR", validUntil: "2099-01-01T00:00:00.000Z" },
    ]);
    const beta = await signedRequest(server.url, OTHER_OPERATOR, "GET", "/v1/operator/free-spins/campaigns");
    expect(beta.json.map((c: { id: string }) => c.id)).toEqual(["all-star", "moon-gbp"]);
    // The list is what an issue accepts: a listed campaign passes every check and reaches the studio (which has no
    // webhook here: 502), an unlisted one is refused before.
    const issue = (campaignId: string) =>
      signedRequest(server.url, OTHER_OPERATOR, "POST", "/v1/operator/free-spins/grants", {
        playerRef: "p-9",
        campaignId,
        idempotencyKey: campaignId,
      });
    for (const listed of ["all-star", "moon-gbp"]) expect((await issue(listed)).status, listed).toBe(502);
    for (const unlisted of ["moon-usd", "paused", "ended", "later", "welcome-10"])
      expect([400, 403, 404], unlisted).toContain((await issue(unlisted)).status);
  });
});
