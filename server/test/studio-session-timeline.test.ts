import { createHash } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addAccount, signIn } from "./backoffice-harness.js";
import { describeEachStore } from "./each-store.js";
import {
  OPERATOR,
  OTHER_PROVIDER,
  PROVIDER,
  sendJson,
  signedRequest,
  startScriptedPeer,
  startTestServer,
  testConfigJson,
  waitFor,
  type ScriptedPeer,
} from "./harness.js";
import { launchSession } from "./wallet-harness.js";

/*
 * A session's page for a studio (issue 33 item 3): each listed session carries its reference, the one the webhook
 * delivery log names its revokes by, so the calls made about one session read as its timeline and a failed revoke is
 * re-sent from there; and the platform reads (only reads) a studio's delivery log for support. Real HTTP, both stores.
 */

const DELIVERIES = "/v1/provider/webhook-deliveries";
const SESSIONS = "/v1/provider/sessions";

/** A session's reference as providers.md tells a studio to compute it from the token it holds. */
const referenceOf = (token: string) => createHash("sha256").update(token).digest("base64url").slice(0, 16);

describeEachStore("a studio's session timeline", (database) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let studio: ScriptedPeer & { failWith?: number };
  let star: Awaited<ReturnType<typeof signIn>>;
  let moon: Awaited<ReturnType<typeof signIn>>;
  let live: string;
  let kicked: string;

  beforeAll(async () => {
    const peer: ScriptedPeer & { failWith?: number } = await startScriptedPeer((_req, res) =>
      peer.failWith === undefined ? sendJson(res, 200, {}) : sendJson(res, peer.failWith, { error: "studio down" }),
    );
    studio = peer;
    server = await startTestServer(testConfigJson({ webhook: studio.url, wallet: studio.url, database: database() }));
    await addAccount(server, "star-desk", "manager", { providerId: PROVIDER.id });
    await addAccount(server, "moon-desk", "manager", { providerId: OTHER_PROVIDER.id });
    await addAccount(server, "ops", "manager");
    await addAccount(server, "acme-desk", "manager", { operatorId: OPERATOR.id });
    star = await signIn(server.url, "star-desk");
    moon = await signIn(server.url, "moon-desk");
    live = await launchSession(server.url, { playerRef: "p-live" });
    kicked = await launchSession(server.url, { playerRef: "p-kicked" });
    studio.failWith = 503;
    expect((await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/players/kick", { playerRef: "p-kicked" })).status).toBe(200);
    await waitFor(async () => (await star.request("GET", `${DELIVERIES}?outcome=FAILED&event=SESSION_REVOKE`)).json.items[0]);
    studio.failWith = undefined;
  });
  afterAll(async () => {
    await server?.close();
    await studio?.close();
  });

  it("lists each session with its reference, and finds one session by it, never another studio's", async () => {
    const listed = await star.request("GET", `${SESSIONS}?status=all`);
    expect(listed.json.items.map((s: any) => [s.playerRef, s.sessionRef])).toEqual([["p-live", referenceOf(live)]]);
    expect(listed.text).not.toContain(live);
    const one = await signedRequest(server.url, PROVIDER, "GET", `${SESSIONS}?status=all&sessionRef=${referenceOf(live)}`);
    expect(one.json.items.map((s: any) => s.playerRef)).toEqual(["p-live"]);
    // A kicked session is gone from the sessions; its revoke stays in the delivery log.
    expect((await star.request("GET", `${SESSIONS}?status=all&sessionRef=${referenceOf(kicked)}`)).json.items).toEqual([]);
    expect((await moon.request("GET", `${SESSIONS}?status=all&sessionRef=${referenceOf(live)}`)).json.items).toEqual([]);
    expect((await star.request("GET", `${SESSIONS}?sessionRef=not-a-reference`)).status).toBe(400);
  });

  it("reads the calls about one session as its timeline, re-sends its failed revoke once, audited", async () => {
    const timeline = async () => (await star.request("GET", `${DELIVERIES}?sessionRef=${referenceOf(kicked)}`)).json.items;
    const [failed, ...others] = await timeline();
    expect(others).toEqual([]);
    expect(failed).toMatchObject({ event: "SESSION_REVOKE", sessionRef: referenceOf(kicked), playerRef: "p-kicked", attempt: 1, outcome: "FAILED" });
    expect(failed.body).toContain('"sessionToken":"[redacted]"');
    expect(failed.body).not.toContain(kicked);
    expect((await star.request("GET", `${DELIVERIES}?sessionRef=${referenceOf(live)}`)).json.items).toEqual([]);
    expect((await moon.request("GET", `${DELIVERIES}?sessionRef=${referenceOf(kicked)}`)).json.items).toEqual([]);

    const before = studio.requests.length;
    const resent = await star.request("POST", `${DELIVERIES}/${failed.id}/resend`);
    expect(resent.json).toMatchObject({ attempt: 2, outcome: "DELIVERED", sessionRef: referenceOf(kicked) });
    expect(studio.requests.slice(before).map((r) => [r.url, JSON.parse(r.body).sessionToken])).toEqual([["/v1/game/session/revoke", kicked]]);
    expect((await timeline()).map((d: any) => [d.attempt, d.outcome, d.requestedBy])).toEqual([
      [2, "DELIVERED", "backoffice:star-desk"],
      [1, "FAILED", "service"],
    ]);
    const audit = (await star.request("GET", "/v1/provider/audit-log?kind=WEBHOOK_RESEND")).json.items;
    expect(audit.map((e: any) => e.actor)).toEqual(["backoffice:star-desk"]);
  });

  it("a platform account reads a studio's delivery log naming it, and changes nothing there", async () => {
    const ops = await signIn(server.url, "ops");
    const read = await ops.request("GET", `${DELIVERIES}?event=SESSION_REVOKE`, undefined, { "x-provider-id": PROVIDER.id });
    expect(read.status).toBe(200);
    expect(read.json.items.map((d: any) => d.playerRef)).toContain("p-kicked");
    const moonLog = await ops.request("GET", DELIVERIES, undefined, { "x-provider-id": OTHER_PROVIDER.id });
    expect(moonLog.json.items.map((d: any) => d.playerRef)).not.toContain("p-kicked");
    expect((await ops.request("GET", DELIVERIES)).status).toBe(400);
    expect((await ops.request("GET", DELIVERIES, undefined, { "x-provider-id": OPERATOR.id })).status).toBe(400);
    const id = read.json.items[0].id;
    expect((await ops.request("POST", `${DELIVERIES}/${id}/resend`, undefined, { "x-provider-id": PROVIDER.id })).status).toBe(403);
    expect((await ops.request("POST", "/v1/provider/portal/test-webhook", undefined, { "x-provider-id": PROVIDER.id })).status).toBe(403);
    const acme = await signIn(server.url, "acme-desk");
    expect((await acme.request("GET", DELIVERIES, undefined, { "x-provider-id": PROVIDER.id })).status).toBe(403);
  });
});
