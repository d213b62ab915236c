import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, signIn } from "./backoffice-harness.js";
import { OPERATOR, PROVIDER, signedRequest, startTestServer, testConfigJson } from "./harness.js";

/*
 * Studio accounts created by the platform (issue 33 item 1): a platform manager lists, creates and removes a game
 * studio's back-office accounts through the back-office API; a platform viewer, an operator's account and a studio's
 * account are refused; every change, refused ones included, is in the studio's own audit log. Real HTTP.
 */

const ACCOUNTS = "/backoffice/api/studio-accounts";

describe("studio accounts managed by the platform", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let ops: Awaited<ReturnType<typeof signIn>>;
  const auditOf = async (kind: string) =>
    (await signedRequest(server.url, PROVIDER, "GET", `/v1/provider/audit-log?kind=${kind}`)).json.items.map((e: any) => [
      e.actor,
      e.target,
      e.result,
    ]);

  beforeAll(async () => {
    server = await startTestServer(testConfigJson());
    await addAccount(server, "ops", "manager");
    await addAccount(server, "ops-viewer", "viewer");
    await addAccount(server, "acme-desk", "manager", { operatorId: OPERATOR.id });
    await addAccount(server, "star-desk", "manager", { providerId: PROVIDER.id });
    ops = await signIn(server.url, "ops");
  });
  afterAll(() => server?.close());

  it("a platform manager creates a studio account whose password is shown once and signs in as the studio's", async () => {
    const created = await ops.request("POST", ACCOUNTS, { username: "star-support", providerId: PROVIDER.id, role: "viewer" });
    expect(created.status, created.text).toBe(200);
    expect(created.json).toMatchObject({ username: "star-support", providerId: PROVIDER.id, role: "viewer" });
    expect(created.json.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const studio = await signIn(server.url, "star-support", created.json.password);
    expect(studio.reply.json).toMatchObject({ providerId: PROVIDER.id, role: "viewer", platform: false });

    const listed = await ops.request("GET", `${ACCOUNTS}?providerId=${PROVIDER.id}`);
    expect(listed.json).toEqual([
      { username: "star-desk", providerId: PROVIDER.id, role: "manager" },
      { username: "star-support", providerId: PROVIDER.id, role: "viewer" },
    ]);
    expect(listed.text).not.toContain(created.json.password);
    expect((await ops.request("GET", `${ACCOUNTS}?providerId=prov-moon`)).json).toEqual([]);
    // The CLI's account and the platform's, each in the studio's audit log under who made it.
    expect(await auditOf("ACCOUNT_ADD")).toEqual([
      ["backoffice:ops", "studio viewer account star-support", "ADDED"],
      ["admin", "studio manager account star-desk", "ADDED"],
    ]);
  });

  it("refuses a taken username, an unknown provider and a malformed name; each refusal for a known studio is in its log", async () => {
    const taken = await ops.request("POST", ACCOUNTS, { username: "acme-desk", providerId: PROVIDER.id, role: "viewer" });
    expect(taken.status).toBe(409);
    expect((await ops.request("POST", ACCOUNTS, { username: "x", providerId: "prov-nowhere", role: "viewer" })).status).toBe(400);
    expect((await ops.request("POST", ACCOUNTS, { username: "has space", providerId: PROVIDER.id, role: "viewer" })).status).toBe(400);
    expect((await ops.request("POST", ACCOUNTS, { username: "star-x", providerId: PROVIDER.id, role: "owner" })).status).toBe(400);
    expect((await auditOf("ACCOUNT_ADD")).slice(0, 2)).toEqual([
      ["backoffice:ops", "studio viewer account has space", "REFUSED: a username is 1 to 64 characters from A-Z a-z 0-9 . _ @ -"],
      ["backoffice:ops", "studio viewer account acme-desk", 'REFUSED: the username "acme-desk" is taken'],
    ]);
  });

  it("a platform viewer, an operator's account and a studio's account are refused; so is a change without the CSRF token", async () => {
    const viewer = await signIn(server.url, "ops-viewer");
    expect((await viewer.request("GET", ACCOUNTS)).status).toBe(200);
    const body = { username: "star-sneaky", providerId: PROVIDER.id, role: "manager" };
    expect((await viewer.request("POST", ACCOUNTS, body)).status).toBe(403);
    expect((await viewer.request("DELETE", `${ACCOUNTS}/star-desk`)).status).toBe(403);
    for (const username of ["acme-desk", "star-desk"]) {
      const other = await signIn(server.url, username);
      expect([username, (await other.request("GET", ACCOUNTS)).status]).toEqual([username, 403]);
      expect([username, (await other.request("POST", ACCOUNTS, body)).status]).toEqual([username, 403]);
      expect([username, (await other.request("DELETE", `${ACCOUNTS}/star-desk`)).status]).toEqual([username, 403]);
    }
    const noToken = await fetch(`${server.url}${ACCOUNTS}/star-desk`, { method: "DELETE", headers: { cookie: ops.cookie } });
    expect(noToken.status).toBe(403);
    expect((await signedRequest(server.url, OPERATOR, "GET", ACCOUNTS)).status).not.toBe(200);
    expect((await ops.request("GET", ACCOUNTS)).json.map((a: any) => a.username)).not.toContain("star-sneaky");
  });

  it("removes a studio account, ending its sessions at once; an operator's or the platform's account is not found there", async () => {
    const desk = await signIn(server.url, "star-desk");
    expect((await desk.request("GET", "/v1/provider/webhook-deliveries")).status).toBe(200);
    const removed = await ops.request("DELETE", `${ACCOUNTS}/star-desk`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json).toEqual({ removed: "star-desk" });
    expect((await desk.request("GET", "/v1/provider/webhook-deliveries")).status).toBe(401);
    for (const username of ["star-desk", "acme-desk", "ops", "nobody"]) {
      expect([username, (await ops.request("DELETE", `${ACCOUNTS}/${username}`)).status]).toEqual([username, 404]);
    }
    expect((await signIn(server.url, "acme-desk")).reply.status).toBe(200);
    expect(await auditOf("ACCOUNT_REMOVE")).toEqual([["backoffice:ops", "studio manager account star-desk", "REMOVED"]]);
  });
});
