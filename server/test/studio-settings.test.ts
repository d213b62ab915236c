import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, signIn } from "./backoffice-harness.js";
import { describeEachStore } from "./each-store.js";
import {
  OPERATOR,
  OTHER_OPERATOR,
  OTHER_PROVIDER,
  PROVIDER,
  isSignedFor,
  sendJson,
  signedRequest,
  startScriptedPeer,
  startTestServer,
  tempDir,
  testConfigJson,
  type ScriptedPeer,
  waitFor,
} from "./harness.js";
import { launchSession } from "./wallet-harness.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "./postgres.js";

/*
 * A studio's own settings and re-sends (issue 33 items 3 and 4): its webhook URL (the callback URL's address rules,
 * stored over the file's), a test webhook with its answer, its secret's rotation and revocation, and the re-send of a
 * failed call where the studio deduplicates it; each audited, through the provider's signature and its studio accounts,
 * over real HTTP on both stores.
 */

const PORTAL = "/v1/provider/portal";
const GRANTS = "/v1/operator/free-spins/grants";
const DELIVERIES = "/v1/provider/webhook-deliveries";
type SignedIn = Awaited<ReturnType<typeof signIn>>;

/** A mock studio whose answer each test sets: 200 with an externalRef, or a failure status. */
async function studioPeer(): Promise<ScriptedPeer & { failWith?: number }> {
  const peer: ScriptedPeer & { failWith?: number } = await startScriptedPeer((req, res) => {
    if (peer.failWith !== undefined) return sendJson(res, peer.failWith, { error: "studio down" });
    sendJson(res, 200, req.url.endsWith("/grant") ? { externalRef: `ext-${req.json?.requestRef}` } : {});
  });
  return peer;
}

describeEachStore("a studio's settings and re-sends", (database) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let fileStudio: ScriptedPeer & { failWith?: number };
  let ownStudio: ScriptedPeer & { failWith?: number };
  let manager: SignedIn;
  let viewer: SignedIn;
  let moon: SignedIn;

  beforeAll(async () => {
    fileStudio = await studioPeer();
    ownStudio = await studioPeer();
    server = await startTestServer({
      ...testConfigJson({ webhook: fileStudio.url, wallet: fileStudio.url, database: database() }),
      allowPrivateCallbackAddresses: true,
    });
    const add = (username: string, role: string, providerId: string) =>
      server.services.backoffice.addUser({ username, role, password: PASSWORD, operatorId: null, providerId });
    await add("star-manager", "manager", PROVIDER.id);
    await add("star-viewer", "viewer", PROVIDER.id);
    await add("moon-manager", "manager", OTHER_PROVIDER.id);
    manager = await signIn(server.url, "star-manager");
    viewer = await signIn(server.url, "star-viewer");
    moon = await signIn(server.url, "moon-manager");
  });
  afterAll(async () => {
    await server?.close();
    await fileStudio?.close();
    await ownStudio?.close();
  });

  const auditOf = async (kind: string) => (await signedRequest(server.url, PROVIDER, "GET", `/v1/provider/audit-log?kind=${kind}`)).json.items;

  it("reads the file's webhook URL, and a test webhook reaches it signed, answered with its delivery and audited", async () => {
    const settings = await manager.request("GET", `${PORTAL}/settings`);
    expect(settings.json).toEqual({ webhookUrl: fileStudio.url, previousSecretValidUntil: null });
    expect((await viewer.request("GET", `${PORTAL}/settings`)).json).toEqual(settings.json);

    const before = fileStudio.requests.length;
    const tested = await manager.request("POST", `${PORTAL}/test-webhook`);
    expect(tested.status).toBe(200);
    expect(tested.json).toMatchObject({
      event: "TEST",
      attempt: 1,
      operatorId: null,
      outcome: "DELIVERED",
      httpStatus: 200,
      requestedBy: "backoffice:star-manager",
    });
    const sent = fileStudio.requests.slice(before);
    expect(sent.map((r) => r.url)).toEqual(["/v1/game/session/revoke"]);
    expect(isSignedFor(sent[0]!, PROVIDER)).toBe(true);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ playerRef: "croupier-test", reason: "EXPIRED" });
    // The delivery log holds it, its token redacted as every revoke's is.
    const listed = (await manager.request("GET", `${DELIVERIES}?event=TEST`)).json.items;
    expect(listed.map((d: any) => d.id)).toEqual([tested.json.id]);
    expect(JSON.parse(listed[0].body).sessionToken).toBe("[redacted]");

    // A failing studio is the test's answer, not an error.
    fileStudio.failWith = 503;
    const failed = await signedRequest(server.url, PROVIDER, "POST", `${PORTAL}/test-webhook`);
    fileStudio.failWith = undefined;
    expect(failed.status).toBe(200);
    expect(failed.json).toMatchObject({ outcome: "FAILED", httpStatus: 503, requestedBy: `api:${PROVIDER.id}` });
    expect(failed.json.error).toMatch(/^provider answered 503/);
    expect((await auditOf("WEBHOOK_TEST")).map((e: any) => [e.actor, e.result.split(" as ")[0]])).toEqual([
      [`api:${PROVIDER.id}`, "FAILED"],
      ["backoffice:star-manager", "DELIVERED"],
    ]);
  });

  it("sets the webhook URL under the callback URL's rules; every webhook goes there at once; audited", async () => {
    for (const bad of ["/relative", "ftp://hooks.example", "http://user:pw@hooks.example", ""]) {
      const reply = await manager.request("POST", `${PORTAL}/webhook-url`, { webhookUrl: bad });
      expect([bad, reply.status]).toEqual([bad, 400]);
      expect(reply.json.error).toMatch(/webhookUrl/);
    }
    const set = await manager.request("POST", `${PORTAL}/webhook-url`, { webhookUrl: ownStudio.url });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ webhookUrl: ownStudio.url, previousSecretValidUntil: null });

    const issued = await signedRequest(server.url, OPERATOR, "POST", GRANTS, {
      playerRef: "p-url",
      gameId: "starfall",
      spins: 3,
      currency: "EUR",
      idempotencyKey: "settings-url-1",
    });
    expect(issued.status).toBe(200);
    expect(ownStudio.requests.map((r) => JSON.parse(r.body).requestRef)).toEqual([issued.json.id]);
    // The other studio's webhooks still go where the file says.
    expect((await moon.request("GET", `${PORTAL}/settings`)).json.webhookUrl).toBe(fileStudio.url);
    // The three the contract's validator refused never reached the change; the one with credentials was refused by it.
    expect((await auditOf("WEBHOOK_URL")).map((e: any) => e.result)).toEqual(["SET", "REFUSED: webhookUrl must not contain credentials"]);
  });

  it("a viewer changes nothing, and a studio account never revokes a secret (a signed call does)", async () => {
    for (const path of [`${PORTAL}/webhook-url`, `${PORTAL}/test-webhook`, `${PORTAL}/rotate-secret`, `${DELIVERIES}/1/resend`]) {
      const reply = await viewer.request("POST", path, path.endsWith("url") ? { webhookUrl: "https://hooks.example" } : undefined);
      expect([path, reply.status, reply.json.error]).toEqual([path, 403, "a viewer account can only read"]);
    }
    // Revoking the previous secret takes a signed call; the answer names the studio's key, not an operator's.
    expect((await manager.request("POST", `${PORTAL}/revoke-previous-secret`)).json).toEqual({
      error: "a back-office session calls only the routes the web app uses: sign this call with your studio's key",
      code: "forbidden",
    });
    expect((await manager.request("GET", `${PORTAL}/settings`)).json.webhookUrl).toBe(ownStudio.url);
    // An operator's signature is the wrong role's on every studio route.
    expect((await signedRequest(server.url, OPERATOR, "POST", `${PORTAL}/rotate-secret`)).status).toBe(401);
  });

  it("re-sends a failed grant issue once the studio is fixed: the same requestRef, attempt 2, the grant active, audited", async () => {
    ownStudio.failWith = 503;
    const refused = await signedRequest(server.url, OTHER_OPERATOR, "POST", GRANTS, {
      playerRef: "p-resend",
      gameId: "starfall",
      spins: 5,
      currency: "EUR",
      idempotencyKey: "settings-resend-1",
    });
    expect(refused.status).toBe(502);
    const [grant] = (await manager.request("GET", "/v1/provider/free-spins/grants?playerRef=p-resend")).json.items;
    expect(grant.status).toBe("failed");
    const [failed] = (await manager.request("GET", `${DELIVERIES}?grantId=${grant.id}`)).json.items;
    expect(failed).toMatchObject({ event: "GRANT_ISSUE", outcome: "FAILED", attempt: 1 });

    // Still failing: a new failed attempt, and the grant stays failed.
    const again = await manager.request("POST", `${DELIVERIES}/${failed.id}/resend`);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ event: "GRANT_ISSUE", attempt: 2, outcome: "FAILED", httpStatus: 503 });

    ownStudio.failWith = undefined;
    const before = ownStudio.requests.length;
    const resent = await manager.request("POST", `${DELIVERIES}/${again.json.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.json).toMatchObject({
      event: "GRANT_ISSUE",
      grantId: grant.id,
      attempt: 3,
      outcome: "DELIVERED",
      requestedBy: "backoffice:star-manager",
    });
    expect(resent.json.body).toBe(failed.body);
    const delivered = ownStudio.requests.slice(before);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.body).toBe(failed.body);
    expect(isSignedFor(delivered[0]!, PROVIDER)).toBe(true);
    const after = await signedRequest(server.url, OTHER_OPERATOR, "GET", `${GRANTS}?playerRef=p-resend`);
    expect(after.json.map((g: any) => [g.id, g.status, g.externalRef])).toEqual([[grant.id, "active", `ext-${grant.id}`]]);

    // Nothing to re-send any more: the grant is active (409), a delivered call is not re-sent (400), nor a test (400).
    const stale = await manager.request("POST", `${DELIVERIES}/${failed.id}/resend`);
    expect([stale.status, stale.json.error]).toEqual([409, "an issue call is re-sent only while its grant is failed; this one is active"]);
    expect((await manager.request("POST", `${DELIVERIES}/${resent.json.id}/resend`)).status).toBe(400);
    const test = (await manager.request("GET", `${DELIVERIES}?event=TEST&outcome=FAILED`)).json.items[0];
    expect((await manager.request("POST", `${DELIVERIES}/${test.id}/resend`)).json.error).toMatch(/never re-sent: send a new test webhook/);
    expect(ownStudio.requests.length).toBe(before + 1);
    expect((await auditOf("WEBHOOK_RESEND")).map((e: any) => e.result.replace(/ \d+ /g, " N ").split(":")[0])).toEqual([
      "REFUSED",
      "REFUSED",
      "REFUSED",
      "DELIVERED as delivery N (attempt 3)",
      "FAILED as delivery N (attempt 2)",
    ]);
  });

  it("re-sends a failed cancel (the grant is cancelled) and a failed session revoke", async () => {
    const issued = await signedRequest(server.url, OPERATOR, "POST", GRANTS, {
      playerRef: "p-cancel",
      gameId: "starfall",
      spins: 1,
      currency: "EUR",
      idempotencyKey: "settings-cancel-1",
    });
    ownStudio.failWith = 500;
    expect((await signedRequest(server.url, OPERATOR, "POST", `${GRANTS}/${issued.json.id}/cancel`)).status).toBe(502);
    await launchSession(server.url, { playerRef: "p-kick" });
    expect((await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/players/kick", { playerRef: "p-kick" })).status).toBe(200);
    const revoke = await waitFor(
      async () => (await manager.request("GET", `${DELIVERIES}?event=SESSION_REVOKE&playerRef=p-kick&outcome=FAILED`)).json.items[0],
    );
    ownStudio.failWith = undefined;

    const [cancel] = (await manager.request("GET", `${DELIVERIES}?event=GRANT_CANCEL&grantId=${issued.json.id}`)).json.items;
    const resentCancel = await manager.request("POST", `${DELIVERIES}/${cancel.id}/resend`);
    expect(resentCancel.json).toMatchObject({ event: "GRANT_CANCEL", attempt: 2, outcome: "DELIVERED" });
    expect((await signedRequest(server.url, OPERATOR, "GET", `${GRANTS}?playerRef=p-cancel`)).json[0].status).toBe("cancelled");

    const before = ownStudio.requests.length;
    const resentRevoke = await signedRequest(server.url, PROVIDER, "POST", `${DELIVERIES}/${revoke.id}/resend`);
    expect(resentRevoke.json).toMatchObject({ event: "SESSION_REVOKE", attempt: 2, outcome: "DELIVERED", playerRef: "p-kick" });
    const sent = ownStudio.requests.slice(before);
    expect(sent.map((r) => [r.url, JSON.parse(r.body).playerRef, JSON.parse(r.body).reason])).toEqual([
      ["/v1/game/session/revoke", "p-kick", "KICK"],
    ]);
  });

  it("another studio's delivery is 404 to re-send, and so is an id that is none", async () => {
    const ours = (await manager.request("GET", DELIVERIES)).json.items[0].id;
    for (const id of [ours, "abc", "0", "99999999"]) {
      const reply = await moon.request("POST", `${DELIVERIES}/${id}/resend`);
      expect([id, reply.status, reply.json.error]).toEqual([id, 404, "webhook delivery not found"]);
    }
    expect((await signedRequest(server.url, OTHER_PROVIDER, "POST", `${DELIVERIES}/${ours}/resend`)).status).toBe(404);
  });

  it("rotates the secret through the back office or a signed call: shown once, the previous one in grace for ordinary calls only", async () => {
    const rotated = await manager.request("POST", `${PORTAL}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    const current = { id: PROVIDER.id, secret: rotated.json.secret as string };
    expect((await manager.request("GET", `${PORTAL}/settings`)).json.previousSecretValidUntil).toBe(rotated.json.previousSecretValidUntil);
    // The old secret still reads, but no longer reaches the portal.
    expect((await signedRequest(server.url, PROVIDER, "GET", DELIVERIES)).status).toBe(200);
    for (const path of ["settings", "webhook-url", "test-webhook", "rotate-secret", "revoke-previous-secret"]) {
      const method = path === "settings" ? "GET" : "POST";
      const refused = await signedRequest(
        server.url,
        PROVIDER,
        method,
        `${PORTAL}/${path}`,
        path === "webhook-url" ? { webhookUrl: "https://evil.example" } : undefined,
      );
      expect([path, refused.status, refused.json]).toEqual([path, 403, { error: "current secret required", code: "current_secret_required" }]);
    }
    // Webhooks are signed with the new secret at once.
    const before = ownStudio.requests.length;
    expect((await signedRequest(server.url, current, "POST", `${PORTAL}/test-webhook`)).json.outcome).toBe("DELIVERED");
    expect(isSignedFor(ownStudio.requests[before]!, current)).toBe(true);
    expect(isSignedFor(ownStudio.requests[before]!, PROVIDER)).toBe(false);

    const revoked = await signedRequest(server.url, current, "POST", `${PORTAL}/revoke-previous-secret`);
    expect(revoked.json).toEqual({ previousSecretValidUntil: null });
    expect((await signedRequest(server.url, PROVIDER, "GET", DELIVERIES)).status).toBe(401);
    expect((await signedRequest(server.url, current, "GET", `${PORTAL}/settings`)).json.previousSecretValidUntil).toBeNull();
    const log = (await signedRequest(server.url, current, "GET", "/v1/provider/audit-log")).json.items;
    expect(log.slice(0, 2).map((e: any) => [e.actor, e.action, e.result.split(":")[0]])).toEqual([
      [`api:${PROVIDER.id}`, "SECRET_REVOKE", "REVOKED"],
      [`api:${PROVIDER.id}`, "WEBHOOK_TEST", "DELIVERED as delivery " + log[1].result.split(" ")[3] + " (attempt 1)"],
    ]);
    expect(JSON.stringify(log)).not.toContain(current.secret);
    // Another studio's audit log holds none of it, nor do the operators'.
    const moonLog = (await moon.request("GET", "/v1/provider/audit-log")).json.items;
    expect(moonLog.map((e: any) => e.actor)).not.toContain(`api:${PROVIDER.id}`);
    expect(moonLog.map((e: any) => e.actor)).not.toContain("backoffice:star-manager");
    // The operators' audit log holds none of it.
    const acme = (await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/audit-log")).json.items;
    expect(acme.map((e: any) => e.action)).not.toContain("WEBHOOK_URL");
  });
});

describe("a studio's webhook URL outlives the file's at every start, and refuses inside addresses", () => {
  const dir = tempDir();
  afterAll(() => dir.remove());
  const config = (webhook: string, extra: Record<string, unknown> = {}) => testConfigJson({ webhook, sqlitePath: `${dir.path}/db.sqlite`, ...extra });

  it("keeps the URL set in the portal over the file's after a restart; the other provider follows the file", async () => {
    let s = await startTestServer(config("https://hooks-one.example"));
    try {
      for (const url of ["http://127.0.0.1:9", "http://10.0.0.8/hooks", "http://[::1]:80", "http://metadata.google.internal", "http://localhost."]) {
        const reply = await signedRequest(s.url, PROVIDER, "POST", `${PORTAL}/webhook-url`, { webhookUrl: url });
        expect([url, reply.status, reply.json.error]).toEqual([
          url,
          400,
          "webhookUrl must not point at a loopback, private, link-local or metadata address",
        ]);
      }
      expect((await signedRequest(s.url, PROVIDER, "POST", `${PORTAL}/webhook-url`, { webhookUrl: "https://hooks.star.example/in" })).status).toBe(
        200,
      );
      await s.close();
      s = await startTestServer(config("https://hooks-two.example"));
      expect((await signedRequest(s.url, PROVIDER, "GET", `${PORTAL}/settings`)).json.webhookUrl).toBe("https://hooks.star.example/in");
      expect((await signedRequest(s.url, OTHER_PROVIDER, "GET", `${PORTAL}/settings`)).json.webhookUrl).toBe("https://hooks-two.example");
    } finally {
      await s.close();
    }
  });
});

describePostgres("a studio's webhook URL across a cluster on PostgreSQL", () => {
  let database: TestDatabase;
  let studio: ScriptedPeer & { failWith?: number };
  let servers: Awaited<ReturnType<typeof startTestServer>>[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    studio = await studioPeer();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await studio?.close();
    await database?.drop();
  });

  it("set on one instance, every instance sends there within the refresh, and a restarted one keeps it over the file's", async () => {
    const config = () => ({
      ...testConfigJson({ webhook: "https://hooks-file.example", database: { url: database.url, poolSize: 2 } }),
      allowPrivateCallbackAddresses: true,
    });
    servers = [await startTestServer(config()), await startTestServer(config())];
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    expect((await signedRequest(a.url, PROVIDER, "POST", `${PORTAL}/webhook-url`, { webhookUrl: studio.url })).status).toBe(200);
    await waitFor(
      async () => ((await signedRequest(b.url, PROVIDER, "GET", `${PORTAL}/settings`)).json.webhookUrl === studio.url ? true : undefined),
      6000,
    );
    const issued = await signedRequest(b.url, OPERATOR, "POST", GRANTS, {
      playerRef: "p-cluster",
      gameId: "starfall",
      spins: 2,
      currency: "EUR",
      idempotencyKey: "cluster-1",
    });
    expect(issued.status).toBe(200);
    expect(studio.requests.map((r) => JSON.parse(r.body).requestRef)).toEqual([issued.json.id]);
    await b.close();
    servers[1] = await startTestServer(config());
    expect((await signedRequest(servers[1].url, PROVIDER, "GET", `${PORTAL}/settings`)).json.webhookUrl).toBe(studio.url);
  });
});
