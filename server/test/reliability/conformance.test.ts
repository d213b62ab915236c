/**
 * Conformance: Prism, in validation-proxy mode, stands between the clients and the real server while a scenario
 * suite plays every route, happy paths and the main errors. Zero violations: no `sl-violations` header, no answer
 * replaced by Prism, and every status the one the scenario expects. Deliberately invalid requests go through a
 * second proxy that validates only the responses, so the server's own 400s are held to the document as well.
 */
import { startWallet, type RunningWallet } from "@croupier/mock-operator-wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/parse.js";
import { startServer, type RunningServer } from "../../src/server.js";
import {
  OPERATOR,
  OTHER_OPERATOR,
  OTHER_PROVIDER,
  PROVIDER,
  sendJson,
  startScriptedPeer,
  testConfigJson,
  testSecretKey,
  type ScriptedPeer,
} from "../harness.js";
import { reportFigure } from "./support/budget.js";
import { PrismProxy } from "./support/prism-proxy.js";
import { rawRequest, signedRaw, type Bend, type RawReply } from "./support/raw-client.js";
import { setWalletFaults } from "./support/wallet-control.js";

type Tenant = { id: string; secret: string };

/** Every operation of the service document but /healthz (played unsigned, separately). */
const EVERY_OPERATION = [
  "GET /v1/operator/free-spins/grants",
  "GET /v1/operator/free-spins/grants/{id}",
  "GET /v1/operator/games",
  "POST /portal/api/callback-url",
  "POST /portal/api/rotate-secret",
  "POST /v1/operator/free-spins/grants",
  "POST /v1/operator/free-spins/grants/{id}/cancel",
  "POST /v1/operator/games/launch",
  "POST /v1/operator/players/kick",
  "POST /v1/operator/rounds/replay",
  "POST /v1/wallet/balance",
  "POST /v1/wallet/session/verify",
  "POST /v1/wallet/transaction",
];

describe("conformance to the service OpenAPI document (Prism validation proxy)", () => {
  let wallet: RunningWallet;
  let studio: ScriptedPeer;
  let server: RunningServer;
  let strict: PrismProxy;
  let lenient: PrismProxy;
  /** Between the service and the operator's wallet, and between the service and the provider's webhooks. */
  let walletSide: PrismProxy;
  let studioSide: PrismProxy;
  const violations: string[] = [];
  const played = new Map<string, Set<number>>();
  /** Peer violations provoked on purpose: proof that the proxies in front of the peers do see violations. */
  let setAside = 0;

  beforeAll(async () => {
    wallet = await startWallet({ tenantId: OPERATOR.id, secret: OPERATOR.secret, startingBalance: 1_000 });
    studio = await startScriptedPeer((req, res) => {
      if (req.json?.playerRef === "conf-fs-fail") sendJson(res, 500, { error: "studio is down" });
      else if (req.json?.playerRef === "conf-fs-bad") sendJson(res, 200, { externalRef: 42 });
      else
        sendJson(
          res,
          200,
          req.url.endsWith("/grant")
            ? { externalRef: `ext-${req.json.requestRef}` }
            : req.url.endsWith("/status")
              ? { remainingSpins: 3, completed: false }
              : {},
        );
    });
    [walletSide, studioSide] = await Promise.all([
      PrismProxy.start(wallet.url, { validateRequests: true, document: "operatorWallet" }),
      PrismProxy.start(studio.url, { validateRequests: true, document: "providerWebhooks" }),
    ]);
    const base = testConfigJson({ webhook: studioSide.url }) as { operators: Record<string, unknown>[]; providers: Record<string, unknown>[] };
    // op-beta has no callback URL (its wallet calls answer 503); prov-moon may make 3 calls, so its 4th shows a 429.
    base.operators = [{ ...base.operators[0], callbackUrl: walletSide.url }, { ...base.operators[1] }];
    base.providers = [base.providers[0]!, { ...base.providers[1], rateLimit: { requestsPerSecond: 0.001, burst: 3 } }];
    server = await startServer(parseConfig({ ...base, allowPrivateCallbackAddresses: true }), {
      validateResponses: false,
      secretKey: testSecretKey(),
    });
    [strict, lenient] = await Promise.all([
      PrismProxy.start(server.url, { validateRequests: true }),
      PrismProxy.start(server.url, { validateRequests: false }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([strict?.stop(), lenient?.stop(), walletSide?.stop(), studioSide?.stop()]);
    await server?.close();
    await studio?.close();
    await wallet?.close();
  });

  /**
   * Runs scenarios in which a peer breaks its own document on purpose: the proxy in front of that peer rightly
   * logs a response violation, which is the peer's, not the service's (and proves that proxy is watching).
   */
  async function deliberateMisbehaviour(peerSide: PrismProxy, scenarios: () => Promise<unknown>): Promise<void> {
    const before = peerSide.violations.length;
    await scenarios();
    await new Promise((resolve) => setTimeout(resolve, 300));
    setAside += peerSide.violations.splice(before).length;
  }

  /** Plays one request through a proxy and records any violation or unexpected status. */
  async function play(
    name: string,
    expected: number,
    tenant: Tenant,
    method: "GET" | "POST",
    target: string,
    body?: unknown,
    options: { bend?: Bend; via?: PrismProxy; raw?: string } = {},
  ): Promise<RawReply> {
    const proxy = options.via ?? strict;
    const text = options.raw ?? (body === undefined ? "" : JSON.stringify(body));
    const reply = await signedRaw(proxy.url, tenant, method, target, text, options.bend);
    const route = `${method} ${target.split("?")[0]?.replace(/grants\/[^/]+/, "grants/{id}")}`;
    played.set(route, (played.get(route) ?? new Set()).add(reply.status));
    const header = reply.headers["sl-violations"];
    if (header) violations.push(`${name}: ${String(header).slice(0, 600)}`);
    if (reply.status !== expected) violations.push(`${name}: expected ${expected}, got ${reply.status} ${reply.text.slice(0, 400)}`);
    if (/problem\+json/.test(reply.contentType)) violations.push(`${name}: Prism replaced the answer: ${reply.text.slice(0, 400)}`);
    return reply;
  }

  it("plays every route, happy paths and main errors, with zero violations", async () => {
    const health = await rawRequest(strict.url, "GET", "/healthz", {});
    if (health.status !== 200 || health.headers["sl-violations"])
      violations.push(`healthz: ${health.status} ${String(health.headers["sl-violations"] ?? "")}`);

    // Operator API.
    await play("games", 200, OPERATOR, "GET", "/v1/operator/games");
    const launch = {
      playerRef: "conf-p",
      gameId: "starfall",
      currency: "EUR",
      mode: "REAL",
      language: "de",
      lobbyUrl: "https://casino.example/lobby",
    };
    const real = (await play("launch REAL", 200, OPERATOR, "POST", "/v1/operator/games/launch", launch)).json?.sessionToken as string;
    const demo = (await play("launch DEMO", 200, OPERATOR, "POST", "/v1/operator/games/launch", { ...launch, mode: "DEMO" })).json
      ?.sessionToken as string;
    const beta = (
      await play("launch for an operator without wallet", 200, OTHER_OPERATOR, "POST", "/v1/operator/games/launch", {
        ...launch,
        playerRef: "conf-b",
      })
    ).json?.sessionToken as string;
    await play("launch unknown game", 404, OPERATOR, "POST", "/v1/operator/games/launch", { ...launch, gameId: "moonshot" });
    await play("launch blocked player", 403, OPERATOR, "POST", "/v1/operator/games/launch", { ...launch, playerRef: "p-excluded" });
    await play("launch unsupported currency", 400, OPERATOR, "POST", "/v1/operator/games/launch", { ...launch, currency: "GBP" });

    // Provider wallet API.
    await play("verify", 200, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: real });
    await play("verify unknown token", 401, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: "st-nope" });
    await play("verify another provider's session", 403, OTHER_PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: real });
    await play("balance", 200, PROVIDER, "POST", "/v1/wallet/balance", { sessionToken: real });
    await play("balance DEMO", 200, PROVIDER, "POST", "/v1/wallet/balance", { sessionToken: demo });
    await play("balance without operator wallet", 503, PROVIDER, "POST", "/v1/wallet/balance", { sessionToken: beta });
    const tx = (id: string, type: string, amount: number, extra: Record<string, unknown> = {}) => ({
      transactionId: id,
      sessionToken: real,
      type,
      roundId: "conf-r1",
      playerRef: "conf-p",
      amount,
      currency: "EUR",
      gameId: "starfall",
      ...extra,
    });
    await play("BET", 200, PROVIDER, "POST", "/v1/wallet/transaction", tx("conf-1", "BET", 100, { metadata: { spin: 1, tags: ["a"] } }));
    await play("BET repeated", 200, PROVIDER, "POST", "/v1/wallet/transaction", tx("conf-1", "BET", 100, { metadata: { spin: 1, tags: ["a"] } }));
    await play("BET reused id, other body", 400, PROVIDER, "POST", "/v1/wallet/transaction", tx("conf-1", "BET", 101));
    await play("BET declined", 200, PROVIDER, "POST", "/v1/wallet/transaction", tx("conf-2", "BET", 1_000_000));
    await play("BET 2", 200, PROVIDER, "POST", "/v1/wallet/transaction", tx("conf-3", "BET", 50));
    await play("ROLLBACK", 200, PROVIDER, "POST", "/v1/wallet/transaction", tx("conf-4", "ROLLBACK", 50, { originalTransactionId: "conf-3" }));
    await play("WIN", 200, PROVIDER, "POST", "/v1/wallet/transaction", tx("conf-5", "WIN", 0, { roundComplete: true }));
    await play("DEMO BET", 200, PROVIDER, "POST", "/v1/wallet/transaction", { ...tx("conf-d1", "BET", 10), sessionToken: demo });
    await play("currency not the session's", 400, PROVIDER, "POST", "/v1/wallet/transaction", tx("conf-6", "BET", 1, { currency: "USD" }));
    await play("another provider's session", 403, OTHER_PROVIDER, "POST", "/v1/wallet/transaction", tx("conf-8", "BET", 1));
    await play("kicked-or-unknown session", 401, PROVIDER, "POST", "/v1/wallet/transaction", { ...tx("conf-9", "BET", 1), sessionToken: "st-nope" });
    await play("operator without wallet", 503, PROVIDER, "POST", "/v1/wallet/transaction", {
      ...tx("conf-10", "BET", 1),
      sessionToken: beta,
      playerRef: "conf-b",
    });
    await setWalletFaults(wallet.url, { failureRate: 1 });
    await play("wallet failing: transaction", 500, PROVIDER, "POST", "/v1/wallet/transaction", tx("conf-11", "BET", 1));
    await play("wallet failing: balance", 500, PROVIDER, "POST", "/v1/wallet/balance", { sessionToken: real });
    await setWalletFaults(wallet.url, { failureRate: 0 });

    // Replay, kick.
    await play("replay", 200, OPERATOR, "POST", "/v1/operator/rounds/replay", { roundId: "conf-r1", gameId: "starfall" });
    await play("replay unknown round", 404, OPERATOR, "POST", "/v1/operator/rounds/replay", { roundId: "conf-nope", gameId: "starfall" });
    await play("kick", 200, OPERATOR, "POST", "/v1/operator/players/kick", { playerRef: "conf-p" });
    await play("after kick", 401, PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: real });

    // Free spins.
    const issue = {
      playerRef: "conf-fs",
      gameId: "starfall",
      spins: 5,
      betAmountMinor: 20,
      currency: "EUR",
      idempotencyKey: "conf-k1",
      expiresAt: "2099-01-01T00:00:00Z",
    };
    const grant = (await play("grant issue", 200, OPERATOR, "POST", "/v1/operator/free-spins/grants", issue)).json?.id as string;
    await play("grant issue repeated", 200, OPERATOR, "POST", "/v1/operator/free-spins/grants", issue);
    await play("grant from a campaign", 200, OPERATOR, "POST", "/v1/operator/free-spins/grants", {
      playerRef: "conf-fs",
      campaignId: "welcome-10",
      idempotencyKey: "conf-k2",
    });
    await play("grant unknown campaign", 404, OPERATOR, "POST", "/v1/operator/free-spins/grants", {
      playerRef: "conf-fs",
      campaignId: "nope",
      idempotencyKey: "conf-k3",
    });
    await play("grant game not visible", 403, OPERATOR, "POST", "/v1/operator/free-spins/grants", {
      ...issue,
      gameId: "moonshot",
      currency: "GBP",
      idempotencyKey: "conf-k4",
    });
    await play("grant provider failure", 502, OPERATOR, "POST", "/v1/operator/free-spins/grants", {
      ...issue,
      playerRef: "conf-fs-fail",
      idempotencyKey: "conf-k5",
    });
    await deliberateMisbehaviour(studioSide, () =>
      play("grant provider answering off-contract", 502, OPERATOR, "POST", "/v1/operator/free-spins/grants", {
        ...issue,
        playerRef: "conf-fs-bad",
        idempotencyKey: "conf-k7",
      }),
    );
    await play("grant list", 200, OPERATOR, "GET", "/v1/operator/free-spins/grants");
    await play("grant list of a player", 200, OPERATOR, "GET", "/v1/operator/free-spins/grants?playerRef=conf-fs");
    await play("grant get", 200, OPERATOR, "GET", `/v1/operator/free-spins/grants/${grant}`);
    await play("grant get unknown", 404, OPERATOR, "GET", "/v1/operator/free-spins/grants/00000000-0000-4000-8000-000000000000");
    await play("grant cancel", 200, OPERATOR, "POST", `/v1/operator/free-spins/grants/${grant}/cancel`);
    await play("grant cancel again", 400, OPERATOR, "POST", `/v1/operator/free-spins/grants/${grant}/cancel`);

    // Portal.
    await play("callback URL", 200, OPERATOR, "POST", "/portal/api/callback-url", { callbackUrl: wallet.url });
    await play("callback URL with a trailing slash", 200, OPERATOR, "POST", "/portal/api/callback-url", { callbackUrl: `${walletSide.url}/` });
    await play("rotate secret", 200, OTHER_OPERATOR, "POST", "/portal/api/rotate-secret");

    // Signing, replay protection, rate limit.
    await play("bad signature", 401, OPERATOR, "GET", "/v1/operator/games", undefined, { bend: { headers: { "X-Signature": "0".repeat(64) } } });
    await play("replayed nonce", 200, OPERATOR, "GET", "/v1/operator/games", undefined, { bend: { nonce: "conf-nonce-1" } });
    await play("replayed nonce again", 401, OPERATOR, "GET", "/v1/operator/games", undefined, { bend: { nonce: "conf-nonce-1" } });
    await play("invalid nonce", 400, OPERATOR, "GET", "/v1/operator/games", undefined, { bend: { nonce: "bad nonce!" } });
    await play("unknown session (prov-moon's 3rd call)", 401, OTHER_PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: "st-nope" });
    await play("rate limited (prov-moon's 4th call)", 429, OTHER_PROVIDER, "POST", "/v1/wallet/session/verify", { sessionToken: "st-nope" });

    // Invalid requests (through the proxy that lets them pass): the server's 400s must match the document too.
    const lenientPlay = (name: string, expected: number, tenant: Tenant, method: "GET" | "POST", target: string, raw: string) =>
      play(name, expected, tenant, method, target, undefined, { via: lenient, raw });
    await lenientPlay("malformed JSON", 400, PROVIDER, "POST", "/v1/wallet/transaction", '{"transactionId":');
    await lenientPlay(
      "lowercase currency",
      400,
      PROVIDER,
      "POST",
      "/v1/wallet/transaction",
      JSON.stringify(tx("conf-12", "BET", 1, { currency: "eur" })),
    );
    // (An amount above 2^53-1 cannot go through Prism: it re-serialises the body, which changes those digits and so the signature.)
    await lenientPlay("fractional amount", 400, PROVIDER, "POST", "/v1/wallet/transaction", JSON.stringify(tx("conf-13", "BET", 1.5)));
    await lenientPlay("negative amount", 400, PROVIDER, "POST", "/v1/wallet/transaction", JSON.stringify(tx("conf-13", "BET", -1)));
    await lenientPlay(
      "callback URL not http(s)",
      400,
      OPERATOR,
      "POST",
      "/portal/api/callback-url",
      JSON.stringify({ callbackUrl: "ftp://wallet.example.com" }),
    );
    // The document's TransactionRequest is BET | WIN | ROLLBACK: ADJUSTMENT, and a ROLLBACK without the BET it reverses, are invalid requests.
    await lenientPlay(
      "ADJUSTMENT",
      400,
      PROVIDER,
      "POST",
      "/v1/wallet/transaction",
      JSON.stringify(tx("conf-7", "ADJUSTMENT", 1, { direction: "CREDIT" })),
    );
    await lenientPlay(
      "ROLLBACK without originalTransactionId",
      400,
      PROVIDER,
      "POST",
      "/v1/wallet/transaction",
      JSON.stringify(tx("conf-15", "ROLLBACK", 1)),
    );
    await lenientPlay(
      "metadata not an object",
      400,
      PROVIDER,
      "POST",
      "/v1/wallet/transaction",
      JSON.stringify(tx("conf-14", "BET", 1, { metadata: [1] })),
    );
    await lenientPlay("missing sessionToken", 400, PROVIDER, "POST", "/v1/wallet/balance", "{}");
    await lenientPlay("missing playerRef", 400, OPERATOR, "POST", "/v1/operator/players/kick", "{}");
    await lenientPlay("launch mode lowercase", 400, OPERATOR, "POST", "/v1/operator/games/launch", JSON.stringify({ ...launch, mode: "real" }));
    await lenientPlay("replay without gameId", 400, OPERATOR, "POST", "/v1/operator/rounds/replay", JSON.stringify({ roundId: "r" }));
    await lenientPlay(
      "grant spins 0",
      400,
      OPERATOR,
      "POST",
      "/v1/operator/free-spins/grants",
      JSON.stringify({ ...issue, spins: 0, idempotencyKey: "conf-k6" }),
    );
    await lenientPlay("grant id not a UUID", 400, OPERATOR, "GET", "/v1/operator/free-spins/grants/not-a-uuid", "");
    await lenientPlay("callback URL missing", 400, OPERATOR, "POST", "/portal/api/callback-url", "{}");
    // Above the 64 KiB cap the body is refused like any invalid body, with a status the document lists.
    await lenientPlay("body over 64 KiB", 400, OPERATOR, "POST", "/v1/operator/players/kick", JSON.stringify({ playerRef: "a".repeat(70_000) }));

    // What the service sent to the wallet and the studio, and what it accepted back, against their documents.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const [name, proxy] of [
      ["operator wallet", walletSide],
      ["provider webhooks", studioSide],
    ] as const) {
      for (const line of proxy.violations) violations.push(`${name}: ${line}`);
    }
    const statuses = [...played.values()].reduce((n, s) => n + s.size, 0);
    reportFigure(
      "conformance",
      `${played.size} routes, ${statuses} route/status pairs played through Prism 5.14, ` +
        `service callbacks checked against the operator-wallet and provider-webhooks documents ` +
        `(${setAside} deliberate peer faults flagged and set aside), ${violations.length} violations`,
    );
    expect(violations, `violations of the OpenAPI documents (spec/openapi/*.yaml):\n${violations.join("\n")}`).toEqual([]);
    expect([...played.keys()].sort()).toEqual(EVERY_OPERATION);
    expect(setAside, "the proxy in front of the studio did not flag the studio's deliberately malformed answer").toBeGreaterThan(0);
    expect(wallet.stats.snapshot().applied.BET, "no callback went through the wallet-side proxy").toBeGreaterThan(0);
  });
});
