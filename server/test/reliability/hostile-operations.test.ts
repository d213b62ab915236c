/**
 * Hostile input on the routes people use: the reconciliation API (lists, one transaction, one round, re-send,
 * resolve), sign-in, and every route reached with a back-office session, on SQLite and on PostgreSQL. Whatever
 * arrives (odd characters, unpaired surrogates, NULs, odd spellings of numbers and times, any body, any content type,
 * any cookie or header), the answer is a documented 4xx with a JSON error, or a 200; never a 5xx, never a hang, and
 * nothing reaches the wallet.
 */
import fc from "fast-check";
import type { OutgoingHttpHeaders } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signIn, type Browser } from "../backoffice-harness.js";
import { describeEachStore } from "../each-store.js";
import { OPERATOR, PROVIDER, sendJson, startScriptedPeer, startTestServer, testConfigJson, type ScriptedPeer } from "../harness.js";
import { eventually, launchSession } from "../wallet-harness.js";
import { reportFigure, RUN_SEED, scaled } from "./support/budget.js";
import { expectDocumentedRefusal } from "./support/documented-errors.js";
import { hostileText, oddSpellings, percentEncodeAnything } from "./support/hostile-text.js";
import { rawRequest, signedRaw, type RawReply } from "./support/raw-client.js";

const RUNS = scaled(40, 1_000);

/** Every list the back office reads, with the query parameters each takes. */
const LISTS: { path: string; params: string[] }[] = [
  {
    path: "/v1/operator/transactions",
    params: ["playerRef", "roundId", "transactionId", "type", "state", "providerId", "gameId", "from", "to", "cursor", "limit"],
  },
  { path: "/v1/operator/problems", params: ["kind", "status", "cursor", "limit"] },
  { path: "/v1/operator/audit-log", params: ["kind", "cursor", "limit"] },
  { path: "/v1/operator/sessions", params: ["playerRef", "gameId", "status", "cursor", "limit"] },
  { path: "/v1/operator/overview", params: ["x"] },
];

/** What node's HTTP client lets into a header value: no CR, LF or NUL, nothing past U+00FF. */
const headerSafe = (text: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(text);

describeEachStore("hostile input on the reconciliation and back-office routes", (database, store) => {
  let wallet: ScriptedPeer;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let manager: Browser;
  let platform: Browser;
  let problemId = "";
  const figures: string[] = [];
  const walletCalls = () => wallet.requests.length;

  beforeAll(async () => {
    // The wallet refuses one WIN, which becomes the problem the resolve property works on; it accepts everything else.
    wallet = await startScriptedPeer((req, res) => {
      if (req.url.startsWith("/v1/wallet/balance")) sendJson(res, 200, { balance: 5_000 });
      else if (req.json?.transactionId === "fail-1") sendJson(res, 500, { error: "down" });
      else sendJson(res, 200, { status: "OK", balance: 5_000 });
    });
    server = await startTestServer({
      ...testConfigJson({ wallet: wallet.url }),
      database: database(),
      settlementRetry: { initialDelaySeconds: 0.02, maxDelaySeconds: 0.05, horizonSeconds: 0.3 },
    });
    const token = await launchSession(server.url, { playerRef: "hostile-o" });
    const win = {
      transactionId: "fail-1",
      sessionToken: token,
      type: "WIN",
      roundId: "r-1",
      playerRef: "hostile-o",
      amount: 5,
      currency: "EUR",
      gameId: "starfall",
    };
    expect((await signedRaw(server.url, PROVIDER, "POST", "/v1/wallet/transaction", JSON.stringify(win))).status).toBe(500);
    await eventually(
      async () => {
        problemId = (await signedRaw(server.url, OPERATOR, "GET", "/v1/operator/problems")).json?.items?.[0]?.id ?? "";
        return problemId !== "";
      },
      10_000,
      50,
    );
    const password = "correct horse battery staple";
    await server.services.backoffice.addUser({ username: "hostile-manager", operatorId: OPERATOR.id, role: "manager", password });
    await server.services.backoffice.addUser({ username: "hostile-platform", operatorId: null, role: "manager", password });
    manager = await signIn(server.url, "hostile-manager");
    platform = await signIn(server.url, "hostile-platform");
  });
  afterAll(async () => {
    reportFigure(`hostile operations (${store})`, figures.join("; "));
    await server?.close();
    await wallet?.close();
  });

  /** A request as the signed API or as the manager's browser sends it. */
  const send = (bySession: boolean, method: "GET" | "POST", target: string, body = "", headers: OutgoingHttpHeaders = {}) =>
    bySession
      ? rawRequest(
          server.url,
          method,
          target,
          { cookie: manager.cookie, "x-csrf-token": manager.csrf, ...(body ? { "content-type": "application/json" } : {}), ...headers },
          body || undefined,
        )
      : signedRaw(server.url, OPERATOR, method, target, body, { headers });

  /** Runs a property; every answer must be one of `allowed`, and the wallet must not be called. */
  async function property<T>(name: string, arbitrary: fc.Arbitrary<T>, request: (value: T) => Promise<RawReply>, allowed: (value: T) => number[]) {
    const before = walletCalls();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(arbitrary, async (value) => {
        const reply = await request(value);
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        if (reply.status !== 200) expectDocumentedRefusal(reply, allowed(value), `${name} ${JSON.stringify(value)}`);
      }),
      { numRuns: RUNS, seed: RUN_SEED, endOnFailure: true },
    );
    expect(walletCalls() - before, `${name}: requests reached the wallet`).toBe(0);
    figures.push(`${name}: ${RUNS} runs, ${[...statuses].map(([s, n]) => `${n}x${s}`).join(" ")}, 0 5xx, 0 wallet calls`);
  }

  const value = fc.oneof(hostileText(), oddSpellings);

  it("any value of any query parameter of every list, signed or through a session", async () => {
    const query = fc
      .constantFrom(...LISTS)
      .chain((list) =>
        fc.tuple(fc.constant(list.path), fc.array(fc.tuple(fc.constantFrom(...list.params), value), { minLength: 1, maxLength: 3 }), fc.boolean()),
      );
    await property(
      "list queries",
      query,
      ([path, params, bySession]) => send(bySession, "GET", `${path}?${params.map(([k, v]) => `${k}=${percentEncodeAnything(v)}`).join("&")}`),
      () => [400],
    );
  });

  it("any id in the paths of one transaction, one round and a problem's actions", async () => {
    const id = fc.oneof(hostileText(), oddSpellings).filter((text) => text !== "" && text !== problemId);
    const target = fc.oneof(
      fc.tuple(id, id).map(([p, t]) => ["GET", `/v1/operator/transactions/${percentEncodeAnything(p)}/${percentEncodeAnything(t)}`] as const),
      fc.tuple(id, id).map(([g, r]) => ["GET", `/v1/operator/rounds/${percentEncodeAnything(g)}/${percentEncodeAnything(r)}`] as const),
      id.map((p) => ["POST", `/v1/operator/problems/${percentEncodeAnything(p)}/resend`] as const),
      id.map((p) => ["POST", `/v1/operator/problems/${percentEncodeAnything(p)}/resolve`] as const),
    );
    await property(
      "path ids",
      fc.tuple(target, fc.boolean()),
      ([[method, path], bySession]) => send(bySession, method, path, method === "POST" && path.endsWith("/resolve") ? '{"note":"n"}' : ""),
      () => [400, 404],
    );
  });

  it("any note, or any body, to resolve a real open problem", async () => {
    const body = fc.oneof(
      hostileText(200).map((note) => JSON.stringify({ note })),
      fc.jsonValue().map((v) => JSON.stringify(v) ?? "null"),
      hostileText(),
    );
    await property(
      "resolve bodies",
      fc.tuple(body, fc.boolean()),
      ([text, bySession]) => send(bySession, "POST", `/v1/operator/problems/${problemId}/resolve`, text),
      () => [400, 409],
    );
  });

  it("sign-in: any body under any content type, from any site", async () => {
    const body = fc.oneof(
      fc.record({ username: value, password: value }).map((b) => JSON.stringify(b)),
      fc.jsonValue().map((v) => JSON.stringify(v) ?? "null"),
      hostileText(),
      fc.constantFrom("username=hostile-manager&password=x", '{"username":"hostile-manager","password":"x"}'),
    );
    const contentType = fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "",
    );
    const site = fc.constantFrom(undefined, "cross-site", "same-origin", "same-site", "none");
    await property(
      "sign-in",
      fc.tuple(body, contentType, site),
      ([text, type, fetchSite]) =>
        rawRequest(
          server.url,
          "POST",
          "/backoffice/api/sign-in",
          { ...(type ? { "content-type": type } : {}), ...(fetchSite ? { "sec-fetch-site": fetchSite } : {}) },
          text,
        ),
      // decisions.md §5: cross-site is 403 whatever else, then anything but JSON 415, before the body is read.
      ([, type, fetchSite]) => (fetchSite === "cross-site" ? [403] : type.startsWith("application/json") ? [400, 401, 429] : [415]),
    );
  });

  it("any cookie, CSRF token and operator header on the routes a session reaches", async () => {
    const header = fc.oneof(hostileText(), oddSpellings).filter(headerSafe);
    const route = fc.constantFrom(
      ["GET", "/backoffice/api/me"] as const,
      ["GET", "/backoffice/api/operators"] as const,
      ["GET", "/v1/operator/problems"] as const,
      ["POST", "/v1/operator/players/kick"] as const,
      ["POST", "/backoffice/api/sign-out"] as const,
    );
    const who = fc.constantFrom("manager", "platform", "nobody");
    await property(
      "session headers",
      fc.tuple(route, who, fc.record({ cookie: header, csrf: header, operator: header }, { requiredKeys: [] })),
      ([[method, path], account, bent]) => {
        const browser = account === "manager" ? manager : account === "platform" ? platform : undefined;
        const headers: OutgoingHttpHeaders = {
          cookie: bent.cookie === undefined ? (browser?.cookie ?? "") : `croupier_session=${bent.cookie}`,
          ...(method === "POST" ? { "x-csrf-token": bent.csrf ?? browser?.csrf ?? "", "content-type": "application/json" } : {}),
          ...(bent.operator === undefined ? {} : { "x-operator-id": bent.operator }),
        };
        // A sign-out with the real cookie and token would end the session the other properties use.
        if (path.endsWith("/sign-out") && bent.cookie === undefined) headers.cookie = "croupier_session=not-a-session";
        return rawRequest(server.url, method, path, headers, method === "POST" ? '{"playerRef":"nobody-here"}' : undefined);
      },
      () => [400, 401, 403, 404],
    );
  });
});
