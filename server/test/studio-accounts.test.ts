import { afterAll, beforeAll, expect, it } from "vitest";
import { PASSWORD, signIn } from "./backoffice-harness.js";
import { describeEachStore } from "./each-store.js";
import {
  OPERATOR,
  OTHER_OPERATOR,
  OTHER_PROVIDER,
  PROVIDER,
  sendJson,
  signedRequest,
  startScriptedPeer,
  startTestServer,
  testConfigJson,
  type ScriptedPeer,
} from "./harness.js";

/*
 * Studio accounts (issue 33 items 1, 2 and 5): a back-office account bound to one provider reads that provider's webhook
 * deliveries and grants and nothing else, as the provider's own signature does; every studio route refuses another
 * provider's data with 404, over real HTTP on both stores.
 */

const GRANTS = "/v1/operator/free-spins/grants";
type SignedIn = Awaited<ReturnType<typeof signIn>>;
/** Every studio route, with how to name one item of the other provider's in it. */
const STUDIO_ROUTES = {
  deliveries: "/v1/provider/webhook-deliveries",
  delivery: (id: string) => `/v1/provider/webhook-deliveries/${id}`,
  grants: "/v1/provider/free-spins/grants",
  grant: (id: string) => `/v1/provider/free-spins/grants/${id}`,
};

let studio: ScriptedPeer;
beforeAll(async () => {
  // Both providers' webhooks: prov-star accepts grants, prov-moon refuses them with 503.
  studio = await startScriptedPeer((req, res) => {
    if (req.json?.gameId === "moonshot") return sendJson(res, 503, { error: "moon maintenance" });
    sendJson(res, 200, { externalRef: `ext-${req.json?.requestRef}` });
  });
});
afterAll(() => studio?.close());

describeEachStore("studio accounts", (database) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let star: SignedIn;
  let starViewer: SignedIn;
  let moon: SignedIn;
  let acme: SignedIn;
  let starGrant: { id: string };
  let moonGrantId: string;

  beforeAll(async () => {
    server = await startTestServer(testConfigJson({ webhook: studio.url, database: database() }));
    const accounts = server.services.backoffice;
    const add = (username: string, role: string, owner: { operatorId?: string; providerId?: string }) =>
      accounts.addUser({ username, role, password: PASSWORD, operatorId: owner.operatorId ?? null, providerId: owner.providerId ?? null });
    await add("star-manager", "manager", { providerId: PROVIDER.id });
    await add("star-viewer", "viewer", { providerId: PROVIDER.id });
    await add("moon-manager", "manager", { providerId: OTHER_PROVIDER.id });
    await add("acme-manager", "manager", { operatorId: OPERATOR.id });
    star = await signIn(server.url, "star-manager");
    starViewer = await signIn(server.url, "star-viewer");
    moon = await signIn(server.url, "moon-manager");
    acme = await signIn(server.url, "acme-manager");

    const issued = await signedRequest(server.url, OPERATOR, "POST", GRANTS, {
      playerRef: "p-star",
      gameId: "starfall",
      spins: 4,
      currency: "EUR",
      idempotencyKey: "studio-star-1",
    });
    expect(issued.status).toBe(200);
    starGrant = issued.json;
    const refused = await signedRequest(server.url, OTHER_OPERATOR, "POST", GRANTS, {
      playerRef: "p-moon",
      gameId: "moonshot",
      spins: 2,
      currency: "GBP",
      idempotencyKey: "studio-moon-1",
    });
    expect(refused.status).toBe(502);
    moonGrantId = (await server.services.stores.grants.listForProvider(OTHER_PROVIDER.id, {}, undefined, 10))[0]!.id;
  });
  afterAll(() => server?.close());

  it("a studio account signs in as its provider's and sees no operator's configuration", async () => {
    expect(star.reply.json).toMatchObject({ username: "star-manager", role: "manager", providerId: PROVIDER.id, platform: false });
    expect(star.reply.json.operatorId).toBeUndefined();
    expect((await star.request("GET", "/backoffice/api/me")).json.providerId).toBe(PROVIDER.id);
    expect((await star.request("GET", "/backoffice/api/operators")).json).toEqual([]);
  });

  it("lists its own webhook deliveries and grants, with the operator of each, and reads each by id", async () => {
    const deliveries = await star.request("GET", STUDIO_ROUTES.deliveries);
    expect(deliveries.status).toBe(200);
    expect(deliveries.json.items.map((d: any) => [d.event, d.grantId, d.operatorId, d.outcome, d.attempt])).toEqual([
      ["GRANT_ISSUE", starGrant.id, OPERATOR.id, "DELIVERED", 1],
    ]);
    const [delivery] = deliveries.json.items;
    expect(JSON.parse(delivery.body)).toMatchObject({ requestRef: starGrant.id, playerRef: "p-star" });
    // One delivery by id is for integrations (the web app lists them): the provider's signature reads it.
    expect((await signedRequest(server.url, PROVIDER, "GET", STUDIO_ROUTES.delivery(delivery.id))).json).toEqual(delivery);
    expect((await star.request("GET", STUDIO_ROUTES.delivery(delivery.id))).status).toBe(403);

    const grants = await star.request("GET", STUDIO_ROUTES.grants);
    expect(grants.json.items.map((g: any) => [g.id, g.operatorId, g.status])).toEqual([[starGrant.id, OPERATOR.id, "active"]]);
    expect(grants.json.nextCursor).toBeNull();
    expect((await star.request("GET", STUDIO_ROUTES.grant(starGrant.id))).json).toMatchObject({ id: starGrant.id, status: "active" });

    // The other studio sees its failed grant with its last error, and the failed call that made it so.
    const moonGrants = await moon.request("GET", `${STUDIO_ROUTES.grants}?status=failed`);
    expect(moonGrants.json.items.map((g: any) => [g.id, g.operatorId, g.lastError])).toEqual([
      [moonGrantId, OTHER_OPERATOR.id, `provider answered 503: ${JSON.stringify({ error: "moon maintenance" })}`],
    ]);
    const failed = await moon.request("GET", `${STUDIO_ROUTES.deliveries}?outcome=FAILED&grantId=${moonGrantId}`);
    expect(failed.json.items.map((d: any) => [d.event, d.httpStatus, d.response])).toEqual([
      ["GRANT_ISSUE", 503, JSON.stringify({ error: "moon maintenance" })],
    ]);
  });

  it("every studio route answers 404 for another provider's delivery or grant, and lists none of them", async () => {
    const moonDelivery = (await moon.request("GET", STUDIO_ROUTES.deliveries)).json.items[0].id;
    for (const [browser, path] of [
      [star, STUDIO_ROUTES.grant(moonGrantId)],
      [moon, STUDIO_ROUTES.grant(starGrant.id)],
    ] as const) {
      const reply = await browser.request("GET", path);
      expect([path, reply.status]).toEqual([path, 404]);
    }
    expect((await star.request("GET", `${STUDIO_ROUTES.deliveries}?grantId=${moonGrantId}`)).json.items).toEqual([]);
    expect((await star.request("GET", `${STUDIO_ROUTES.grants}?playerRef=p-moon`)).json.items).toEqual([]);
    // The provider's own signature reads the same, and the same 404s.
    expect((await signedRequest(server.url, PROVIDER, "GET", STUDIO_ROUTES.grants)).json.items.map((g: any) => g.id)).toEqual([starGrant.id]);
    expect((await signedRequest(server.url, PROVIDER, "GET", STUDIO_ROUTES.delivery(moonDelivery))).status).toBe(404);
    expect((await signedRequest(server.url, PROVIDER, "GET", STUDIO_ROUTES.grant(moonGrantId))).status).toBe(404);
  });

  it("a studio account is refused every operator route, and an operator's account or signature every studio route", async () => {
    for (const path of ["/v1/operator/transactions", GRANTS, "/v1/operator/sessions"]) {
      expect([path, (await star.request("GET", path)).status]).toEqual([path, 403]);
    }
    expect((await star.request("POST", "/portal/api/rotate-secret")).status).toBe(403);
    expect((await acme.request("GET", STUDIO_ROUTES.grants)).status).toBe(403);
    // An operator's signature on a provider's route is refused as on the wallet API: the wrong role's signature is invalid.
    expect((await signedRequest(server.url, OPERATOR, "GET", STUDIO_ROUTES.grants)).status).toBe(401);
    expect((await starViewer.request("GET", STUDIO_ROUTES.deliveries)).status).toBe(200);
  });

  it("accounts of a studio are made for a configured provider only, and usernames are unique across every kind", async () => {
    const accounts = server.services.backoffice;
    const add = (username: string, providerId: string, operatorId: string | null = null) =>
      accounts.addUser({ username, role: "viewer", password: PASSWORD, operatorId, providerId });
    await expect(add("nobody-studio", "prov-nowhere")).rejects.toThrow('unknown provider "prov-nowhere"');
    await expect(add("both-kinds", PROVIDER.id, OPERATOR.id)).rejects.toThrow("an operator or a provider, not both");
    await expect(add("acme-manager", PROVIDER.id)).rejects.toThrow('the username "acme-manager" is taken');
    await expect(accounts.addUser({ username: "star-manager", role: "viewer", password: PASSWORD, operatorId: OPERATOR.id })).rejects.toThrow(
      "taken",
    );
    const listed = await accounts.listUsers();
    expect(listed.find((a) => a.username === "star-viewer")).toEqual({
      username: "star-viewer",
      role: "viewer",
      operatorId: null,
      providerId: PROVIDER.id,
    });
    // Removing a studio account ends its sessions at once.
    const signedIn = await signIn(server.url, "moon-manager");
    expect(await accounts.removeUser("moon-manager")).toBe(true);
    expect((await signedIn.request("GET", STUDIO_ROUTES.grants)).status).toBe(401);
  });

  it("a studio reads its grants a page at a time, newest first, filtered by player and status", async () => {
    const issue = async (key: string) => {
      const body = { playerRef: "p-pages", gameId: "starfall", spins: 1, currency: "EUR", idempotencyKey: key };
      const reply = await signedRequest(server.url, OPERATOR, "POST", GRANTS, body);
      expect(reply.status).toBe(200);
      return reply.json.id as string;
    };
    const issued = [await issue("pages-1"), await issue("pages-2"), await issue("pages-3")];
    const list = (query: string) => signedRequest(server.url, PROVIDER, "GET", `${STUDIO_ROUTES.grants}${query}`);

    const first = await list("?playerRef=p-pages&limit=2");
    expect(first.json.items.map((g: any) => g.id)).toEqual([issued[2], issued[1]]);
    expect(first.json.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    // A grant issued between two pages is newer than the first page: it is not on the next.
    const later = await issue("pages-4");
    const second = await list(`?playerRef=p-pages&limit=2&cursor=${first.json.nextCursor}`);
    expect(second.json).toEqual({ items: [expect.objectContaining({ id: issued[0] })], nextCursor: null });
    expect((await list("?playerRef=p-pages")).json.items.map((g: any) => g.id)).toEqual([later, ...issued.reverse()]);

    // The status filter pages the same way, over every player's grants.
    const active = await list("?status=active&limit=4");
    expect(active.json.items.map((g: any) => g.playerRef)).toEqual(["p-pages", "p-pages", "p-pages", "p-pages"]);
    const rest = await list(`?status=active&limit=4&cursor=${active.json.nextCursor}`);
    expect(rest.json).toEqual({ items: [expect.objectContaining({ id: starGrant.id })], nextCursor: null });
    expect((await list("?status=cancelled")).json).toEqual({ items: [], nextCursor: null });

    for (const query of ["?cursor=nonsense!", "?limit=201", "?limit=0"]) {
      const reply = await list(query);
      expect([query, reply.status, reply.json.code]).toEqual([query, 400, "bad_request"]);
    }
  });
});
