import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachStore } from "../each-store.js";
import {
  OPERATOR,
  OTHER_OPERATOR,
  sendJson,
  signedRequest,
  startScriptedPeer,
  startTestServer,
  testConfigJson,
  type ScriptedPeer,
} from "../harness.js";
import { PASSWORD, signIn, type Browser } from "../backoffice-harness.js";
import { launchSession } from "../wallet-harness.js";

interface Entry {
  id: string;
  at: string;
  actor: string;
  action: string;
  target: string;
  note: string | null;
  result: string | null;
}

const GRANTS = "/v1/operator/free-spins/grants";
const grant = (playerRef: string, idempotencyKey: string) => ({
  playerRef,
  gameId: "starfall",
  spins: 10,
  betAmountMinor: 20,
  currency: "EUR",
  idempotencyKey,
});

/*
 * Issue 30 item 10: every change (decisions.md §5: kick, grant issue and cancel, re-send, resolve, callback URL, secret
 * rotation and revocation, test call, account changes) is in the audit log with who, when, what and the result, made
 * through a signed call or the back office alike, refused ones too; the log filters by kind.
 */
describeEachStore("the audit log records every change", (database) => {
  let peer: ScriptedPeer;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let alice: Browser;
  const started = Date.now();

  beforeAll(async () => {
    // The wallet (balance) and the provider's free-spin webhooks, on one peer.
    peer = await startScriptedPeer((req, res) => {
      if (req.url === "/v1/game/free-spins/grant") return sendJson(res, 200, { externalRef: `ext-${req.json.requestRef}` });
      if (req.url.startsWith("/v1/game/")) return sendJson(res, 200, {});
      sendJson(res, 200, { balance: 4200 });
    });
    server = await startTestServer({
      ...testConfigJson({ wallet: peer.url, webhook: peer.url, database: database() }),
      allowPrivateCallbackAddresses: true,
    });
    await server.services.backoffice.addUser({ username: "alice", operatorId: OPERATOR.id, role: "manager", password: PASSWORD });
    await server.services.backoffice.addUser({ username: "root", operatorId: null, role: "viewer", password: PASSWORD });
    alice = await signIn(server.url, "alice");
  });
  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });

  const auditLog = async (query = "", tenant = OPERATOR): Promise<Entry[]> => {
    const reply = await signedRequest(server.url, tenant, "GET", `/v1/operator/audit-log?limit=200${query}`);
    expect(reply.status, reply.text).toBe(200);
    return reply.json.items as Entry[];
  };
  const rows = (entries: Entry[]) => entries.map((e) => [e.actor, e.action, e.target, e.result]);

  it("writes account changes by the admin, a platform account's in every operator's log", async () => {
    const entries = await auditLog("&kind=ACCOUNT_ADD");
    expect(rows(entries)).toEqual([
      ["admin", "ACCOUNT_ADD", "platform viewer account root", "ADDED"],
      ["admin", "ACCOUNT_ADD", "operator manager account alice", "ADDED"],
    ]);
    expect(rows(await auditLog("", OTHER_OPERATOR))).toEqual([["admin", "ACCOUNT_ADD", "platform viewer account root", "ADDED"]]);
    await server.services.backoffice.addUser({ username: "gone", operatorId: OPERATOR.id, role: "viewer", password: PASSWORD });
    expect(await server.services.backoffice.removeUser("gone")).toBe(true);
    expect(rows(await auditLog("&kind=ACCOUNT_REMOVE"))).toEqual([["admin", "ACCOUNT_REMOVE", "operator viewer account gone", "REMOVED"]]);
  });

  it("writes a re-send or resolve of a problem the operator does not have as refused, as a grant cancel's", async () => {
    const before = (await auditLog()).length;
    expect((await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/problems/987654/resend")).status).toBe(404);
    expect((await alice.request("POST", "/v1/operator/problems/987654/resolve", { note: "paid by hand" })).status).toBe(404);
    const entries = (await auditLog()).slice(0, -before || undefined).reverse();
    expect(entries.map((e) => [e.actor, e.action, e.target, e.note, e.result])).toEqual([
      [`api:${OPERATOR.id}`, "RESEND", "problem 987654", null, "REFUSED: problem not found"],
      ["backoffice:alice", "RESOLVE", "problem 987654", "paid by hand", "REFUSED: problem not found"],
    ]);
  });

  it("writes every change made by a signed call and through the back office, with who, when, what and the result", async () => {
    const api = `api:${OPERATOR.id}`;
    const person = "backoffice:alice";
    const before = (await auditLog()).length;
    await launchSession(server.url, { playerRef: "p-kicked" });

    const signed = (method: "POST", path: string, body?: unknown) => signedRequest(server.url, OPERATOR, method, path, body);
    expect((await signed("POST", "/v1/operator/players/kick", { playerRef: "p-kicked" })).json).toEqual({ revokedCount: 1 });
    expect((await alice.request("POST", "/v1/operator/players/kick", { playerRef: "p-nobody" })).json).toEqual({ revokedCount: 0 });
    const issued: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const reply =
        i % 2 === 0 ? await signed("POST", GRANTS, grant(`p-${i}`, `k-${i}`)) : await alice.request("POST", GRANTS, grant(`p-${i}`, `k-${i}`));
      expect(reply.status, reply.text).toBe(200);
      issued.push(reply.json.id as string);
    }
    expect((await alice.request("POST", `${GRANTS}/${issued[0]}/cancel`)).json.status).toBe("cancelled");
    expect((await signed("POST", `${GRANTS}/${issued[0]}/cancel`)).status).toBe(400);
    expect((await alice.request("POST", "/portal/api/test-call", { playerRef: "p-rich" })).json).toMatchObject({ ok: true, balance: 4200 });
    expect((await alice.request("POST", "/portal/api/callback-url", { callbackUrl: peer.url })).status).toBe(200);
    const rotated = await alice.request("POST", "/portal/api/rotate-secret");
    expect(rotated.status).toBe(200);
    const current = { id: OPERATOR.id, secret: rotated.json.secret as string };
    expect((await signedRequest(server.url, current, "POST", "/portal/api/revoke-previous-secret")).status).toBe(200);

    const reply = await signedRequest(server.url, current, "GET", "/v1/operator/audit-log?limit=200");
    const entries = (reply.json.items as Entry[]).slice(0, reply.json.items.length - before).reverse();
    expect(rows(entries)).toEqual([
      [api, "KICK", "player p-kicked", "1 session ended"],
      [person, "KICK", "player p-nobody", "0 sessions ended"],
      ...[0, 1, 2, 3, 4].map((i) => [
        i % 2 === 0 ? api : person,
        "GRANT_ISSUE",
        `10 spins of starfall for player p-${i} (key k-${i})`,
        `grant ${issued[i]} ACTIVE`,
      ]),
      [person, "GRANT_CANCEL", `grant ${issued[0]}`, "CANCELLED"],
      [api, "GRANT_CANCEL", `grant ${issued[0]}`, expect.stringMatching(/^REFUSED: /)],
      [person, "TEST_CALL", "balance of player p-rich", expect.stringMatching(/^OK: balance 4200 in \d+ ms$/)],
      [person, "CALLBACK_URL", `callback URL ${peer.url}`, "SET"],
      [person, "SECRET_ROTATE", "secret", expect.stringMatching(/^ROTATED: the previous secret works until \d{4}-/)],
      [api, "SECRET_REVOKE", "previous secret", "REVOKED"],
    ]);
    for (const entry of entries) {
      expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(started - 1000);
      expect(Date.parse(entry.at)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    // The log never holds a secret.
    expect(JSON.stringify(entries)).not.toContain(current.secret);
  });

  it("filters by kind, refuses an unknown kind with 400, and shows each operator only its own", async () => {
    const me = (await signIn(server.url, "alice")).request;
    const kicks = await me("GET", "/v1/operator/audit-log?kind=KICK");
    expect(kicks.status).toBe(200);
    expect(kicks.json.items.map((e: Entry) => e.action)).toEqual(["KICK", "KICK"]);
    const grants = await me("GET", "/v1/operator/audit-log?kind=GRANT_ISSUE&limit=2");
    expect(grants.json.items.map((e: Entry) => e.target)).toEqual([
      "10 spins of starfall for player p-4 (key k-4)",
      "10 spins of starfall for player p-3 (key k-3)",
    ]);
    const older = await me("GET", `/v1/operator/audit-log?kind=GRANT_ISSUE&limit=200&cursor=${grants.json.nextCursor}`);
    expect(older.json.items).toHaveLength(3);
    const unknown = await me("GET", "/v1/operator/audit-log?kind=DELETE_EVERYTHING");
    expect(unknown.status).toBe(400);
    expect(unknown.json.code).toBe("bad_request");
    expect((await auditLog("&kind=KICK", OTHER_OPERATOR)).length).toBe(0);
  });
});
