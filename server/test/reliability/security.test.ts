/**
 * Security: tenant isolation (grants, rounds, kicks, sessions), secret rotation with its grace expiry (inbound and
 * outbound), and server-side request forgery through the portal's callback URL, including a redirecting wallet.
 */
import { verify } from "@croupier/signing";
import { startWallet, type RunningWallet } from "@croupier/mock-operator-wallet";
import { lookup } from "node:dns/promises";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
} from "../harness.js";
import { isForbiddenAddress } from "../../src/common/addresses.js";
import { reportFigure } from "./support/budget.js";
import { seatPlayers } from "./support/seating.js";

type Server = Awaited<ReturnType<typeof startTestServer>>;
const bet = (sessionToken: string, transactionId: string, roundId: string, extra: Record<string, unknown> = {}) => ({
  transactionId,
  sessionToken,
  type: "BET",
  roundId,
  playerRef: "sec-p",
  amount: 10,
  currency: "EUR",
  gameId: "starfall",
  ...extra,
});

describe("tenant isolation", () => {
  let wallet: RunningWallet;
  let studio: ScriptedPeer;
  let server: Server;
  beforeAll(async () => {
    wallet = await startWallet({ tenantId: OPERATOR.id, secret: OPERATOR.secret });
    studio = await startScriptedPeer((req, res) => sendJson(res, 200, req.url.endsWith("/grant") ? { externalRef: "ext-sec" } : {}));
    server = await startTestServer(testConfigJson({ wallet: wallet.url, webhook: studio.url }));
  });
  afterAll(async () => {
    await server?.close();
    await studio?.close();
    await wallet?.close();
  });

  it("an operator cannot see, list or cancel another operator's grant, nor replay its round, nor kick its player", async () => {
    const grant = await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/free-spins/grants", {
      playerRef: "sec-p",
      gameId: "starfall",
      spins: 3,
      currency: "EUR",
      idempotencyKey: "sec-k",
    });
    expect(grant.status, grant.text).toBe(200);
    const id = grant.json.id as string;
    // The same idempotency key under another operator is another grant, not the first one.
    const theirs = await signedRequest(server.url, OTHER_OPERATOR, "POST", "/v1/operator/free-spins/grants", {
      playerRef: "sec-p",
      gameId: "starfall",
      spins: 3,
      currency: "EUR",
      idempotencyKey: "sec-k",
    });
    expect(theirs.status).toBe(200);
    expect(theirs.json.id).not.toBe(id);
    expect((await signedRequest(server.url, OTHER_OPERATOR, "GET", `/v1/operator/free-spins/grants/${id}`)).status).toBe(404);
    expect((await signedRequest(server.url, OTHER_OPERATOR, "POST", `/v1/operator/free-spins/grants/${id}/cancel`)).status).toBe(404);
    const listed = await signedRequest(server.url, OTHER_OPERATOR, "GET", "/v1/operator/free-spins/grants?playerRef=sec-p");
    expect(listed.json.map((g: { id: string }) => g.id)).toEqual([theirs.json.id]);
    expect((await signedRequest(server.url, OPERATOR, "GET", `/v1/operator/free-spins/grants/${id}`)).json.status).toBe("active");

    const [player] = await seatPlayers(server.url, ["sec-p"]);
    const played = await signedRequest(
      server.url,
      PROVIDER,
      "POST",
      "/v1/wallet/transaction",
      bet(player!.sessionToken, "sec-tx-1", "sec-round", { roundComplete: true }),
    );
    expect(played.status, played.text).toBe(200);
    expect(
      (await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/rounds/replay", { roundId: "sec-round", gameId: "starfall" })).status,
    ).toBe(200);
    const foreign = await signedRequest(server.url, OTHER_OPERATOR, "POST", "/v1/operator/rounds/replay", {
      roundId: "sec-round",
      gameId: "starfall",
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual(
      (await signedRequest(server.url, OTHER_OPERATOR, "POST", "/v1/operator/rounds/replay", { roundId: "no-such-round", gameId: "starfall" })).json,
    );

    expect((await signedRequest(server.url, OTHER_OPERATOR, "POST", "/v1/operator/players/kick", { playerRef: "sec-p" })).json).toEqual({
      revokedCount: 0,
    });
    expect((await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: player!.sessionToken })).status).toBe(200);
  });

  it("a provider cannot use another provider's session (403) and the wallet is never called; roles cannot be swapped (401)", async () => {
    const [player] = await seatPlayers(server.url, ["sec-p"]);
    const token = player!.sessionToken;
    const before = wallet.stats.snapshot();
    for (const [path, body] of [
      ["/v1/wallet/session/verify", { sessionToken: token }],
      ["/v1/wallet/balance", { sessionToken: token }],
      ["/v1/wallet/transaction", bet(token, "sec-foreign-1", "sec-round-2")],
    ] as const) {
      const reply = await signedRequest(server.url, OTHER_PROVIDER, "POST", path, body);
      expect(reply.status, `${path}: ${reply.text}`).toBe(403);
      expect(typeof reply.json.error).toBe("string");
      const asOperator = await signedRequest(server.url, OPERATOR, "POST", path, body);
      expect(asOperator.status, path).toBe(401);
      expect(asOperator.text).toBe("invalid signature");
    }
    for (const path of ["/v1/operator/games", "/v1/operator/free-spins/grants"]) {
      expect((await signedRequest(server.url, PROVIDER, "GET", path)).status, path).toBe(401);
    }
    expect((await signedRequest(server.url, PROVIDER, "POST", "/portal/api/rotate-secret")).status).toBe(401);
    const after = wallet.stats.snapshot();
    expect(after.applied).toEqual(before.applied);
    expect(after.balanceQueries).toBe(before.balanceQueries);
    reportFigure(
      "tenant isolation",
      "foreign grant get/cancel/list, replay, kick: 404/404/hidden/404/0; foreign session verify/balance/transaction: 403 x3, 0 wallet calls; swapped roles: 401 x6",
    );
  });
});

describe("secret rotation", () => {
  let walletPeer: ScriptedPeer;
  let server: Server;
  beforeAll(async () => {
    walletPeer = await startScriptedPeer((req, res) => sendJson(res, 200, { status: "OK", balance: 100 }));
    server = await startTestServer(testConfigJson({ wallet: walletPeer.url, limits: { secretGraceSeconds: 3 } }));
  });
  afterAll(async () => {
    await server?.close();
    await walletPeer?.close();
  });

  it("the old secret works during the grace period and stops after it; callbacks are signed with the new one at once", async () => {
    const rotated = await signedRequest(server.url, OPERATOR, "POST", "/portal/api/rotate-secret");
    expect(rotated.status).toBe(200);
    const fresh = { id: OPERATOR.id, secret: rotated.json.secret as string };
    expect(fresh.secret).not.toBe(OPERATOR.secret);
    expect((await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/games")).status).toBe(200);
    expect((await signedRequest(server.url, fresh, "GET", "/v1/operator/games")).status).toBe(200);

    const [player] = await seatPlayers(server.url, ["sec-p"]).catch(() => [undefined]);
    // seatPlayers signs with the original secret, still in its grace period.
    const reply = await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/transaction", bet(player!.sessionToken, "sec-rot-1", "sec-rot"));
    expect(reply.status, reply.text).toBe(200);
    const call = walletPeer.requests.at(-1)!;
    const check = (secret: string) =>
      verify({ method: call.method, target: call.url, headers: call.headers, body: call.body, secrets: [secret], expectedTenantId: OPERATOR.id }).ok;
    expect(check(fresh.secret)).toBe(true);
    expect(check(OPERATOR.secret)).toBe(false);

    await sleep(4_500);
    const stale = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/games");
    expect(stale.status).toBe(401);
    expect(stale.text).toBe("invalid signature");
    expect((await signedRequest(server.url, fresh, "GET", "/v1/operator/games")).status).toBe(200);
    // Rotating again: the secret from the first rotation becomes the one in grace, the original stays dead.
    const again = await signedRequest(server.url, fresh, "POST", "/portal/api/rotate-secret");
    expect((await signedRequest(server.url, fresh, "GET", "/v1/operator/games")).status).toBe(200);
    expect((await signedRequest(server.url, { id: OPERATOR.id, secret: again.json.secret }, "GET", "/v1/operator/games")).status).toBe(200);
    expect((await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/games")).status).toBe(401);
    reportFigure(
      "secret rotation",
      "old secret accepted in grace, refused 401 after 3 s grace; callbacks signed with the new secret immediately; second rotation keeps only the previous one",
    );
  });
});

describe("SSRF through the portal callback URL", () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer(testConfigJson({ wallet: "https://wallet.example.com" }));
  });
  afterAll(async () => {
    await server?.close();
  });
  const setUrl = (callbackUrl: string) => signedRequest(server.url, OPERATOR, "POST", "/portal/api/callback-url", { callbackUrl });

  it("refuses every spelling of loopback, private, link-local, metadata and IPv4-mapped IPv6 targets, and names resolving inside", async () => {
    const inside = [
      "http://127.0.0.1:9001",
      "http://127.1",
      "http://2130706433",
      "http://0x7f000001",
      "http://0177.0.0.1",
      "http://127.255.255.254",
      "http://[::1]",
      "http://[0:0:0:0:0:0:0:1]",
      "http://[::ffff:127.0.0.1]",
      "http://[::ffff:7f00:1]",
      "http://[0:0:0:0:0:ffff:10.0.0.1]",
      "http://[::ffff:a9fe:a9fe]",
      "http://[::]",
      "http://0.0.0.0",
      "http://0",
      "http://10.0.0.1",
      "http://172.16.5.4",
      "http://192.168.0.10",
      "http://169.254.169.254/latest/meta-data/",
      "http://100.64.0.1",
      "http://[fd12:3456::1]",
      "http://[fe80::1]",
      "http://localhost",
      "http://LOCALHOST:8080",
      "http://localhost.",
      "http://api.localhost",
      "http://metadata.google.internal",
      "http://wallet@127.0.0.1",
      "http://user:pw@wallet.example.com",
    ];
    const host = hostname();
    const resolved = await lookup(host, { all: true }).catch(() => []);
    if (resolved.length > 0 && resolved.every((a) => isForbiddenAddress(a.address))) inside.push(`http://${host}:9001`);
    const accepted: string[] = [];
    for (const url of inside) {
      const reply = await setUrl(url);
      if (reply.status !== 400) accepted.push(`${url} -> ${reply.status}`);
      else expect(typeof reply.json.error).toBe("string");
    }
    reportFigure(
      "SSRF",
      `${inside.length} inside targets tried (incl. ${host} resolving to ${resolved.map((a) => a.address).join(",") || "nothing"}), ${inside.length - accepted.length} refused`,
    );
    expect(accepted, `callback URLs pointing inside were accepted:\n${accepted.join("\n")}`).toEqual([]);
    expect(server.services.tenants.operator(OPERATOR.id)?.callbackUrl).toBe("https://wallet.example.com");
  });

  it("a wallet answering 302 is a failure: the platform never follows the redirect", async () => {
    const target = await startScriptedPeer((_req, res) => sendJson(res, 200, { status: "OK", balance: 1 }));
    const redirector = await startScriptedPeer((req, res) => {
      res.writeHead(302, { location: `${target.url}${req.url}` });
      res.end();
    });
    const local = await startTestServer(testConfigJson({ allowPrivateCallbackAddresses: true }));
    try {
      expect((await signedRequest(local.url, OPERATOR, "POST", "/portal/api/callback-url", { callbackUrl: redirector.url })).status).toBe(200);
      const [player] = await seatPlayers(local.url, ["sec-p"]);
      const tx = await signedRequest(local.url, PROVIDER, "POST", "/v1/wallet/transaction", bet(player!.sessionToken, "sec-302", "sec-302"));
      const balance = await signedRequest(local.url, PROVIDER, "POST", "/v1/wallet/balance", { sessionToken: player!.sessionToken });
      expect(tx.status, tx.text).toBe(500);
      expect(balance.status, balance.text).toBe(500);
      expect(redirector.requests.length).toBeGreaterThanOrEqual(2);
      expect(target.requests).toHaveLength(0);
      reportFigure("SSRF redirect", `302 wallet: transaction 500, balance 500, ${redirector.requests.length} calls to the redirector, 0 followed`);
    } finally {
      await local.close();
      await redirector.close();
      await target.close();
    }
  });
});
