import { afterAll, beforeAll, expect, it } from "vitest";
import { PASSWORD, signIn } from "./backoffice-harness.js";
import { describeEachStore } from "./each-store.js";
import { OPERATOR, OTHER_OPERATOR, OTHER_PROVIDER, PROVIDER, signedRequest, startTestServer, testConfigJson } from "./harness.js";
import { betRequest, launchSession, postTransaction, startTestWallet, type TestWallet } from "./wallet-harness.js";

/*
 * What a studio sees of its own play (issue 33 item 2): its transactions at every operator it serves with the operator
 * named, one in full with the body sent to the wallet (token redacted) but not the operator's wallet answers, its rounds
 * and its players' sessions (no tokens), through the provider's signature and its studio accounts; another provider's
 * transaction or round is 404, over real HTTP on both stores.
 */

type SignedIn = Awaited<ReturnType<typeof signIn>>;

describeEachStore("a studio's transactions, rounds and sessions", (database) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let wallet: TestWallet;
  let star: SignedIn;
  let starViewer: SignedIn;
  let moon: SignedIn;
  const played: Record<string, { transactionId: string; roundId: string; sessionToken: string }> = {};

  beforeAll(async () => {
    wallet = await startTestWallet(100_000);
    server = await startTestServer(testConfigJson({ wallet: wallet.url, database: database() }));
    const add = (username: string, role: string, providerId: string) =>
      server.services.backoffice.addUser({ username, role, password: PASSWORD, operatorId: null, providerId });
    await add("star-desk", "manager", PROVIDER.id);
    await add("star-viewer", "viewer", PROVIDER.id);
    await add("moon-desk", "manager", OTHER_PROVIDER.id);
    star = await signIn(server.url, "star-desk");
    starViewer = await signIn(server.url, "star-viewer");
    moon = await signIn(server.url, "moon-desk");
    // prov-star plays at both operators, prov-moon at op-beta; each a BET in a round of its own.
    for (const [name, operator, provider, gameId, currency] of [
      ["acme", OPERATOR, PROVIDER, "starfall", "EUR"],
      ["beta", OTHER_OPERATOR, PROVIDER, "starfall", "EUR"],
      ["moon", OTHER_OPERATOR, OTHER_PROVIDER, "moonshot", "GBP"],
    ] as const) {
      const sessionToken = await launchSession(server.url, { operator, gameId, currency, playerRef: `p-${name}` });
      const bet = betRequest(sessionToken, { playerRef: `p-${name}`, gameId, currency, roundId: `round-shared` });
      const reply = await postTransaction(server.url, bet, provider);
      expect(reply.status, reply.text).toBe(200);
      played[name] = { transactionId: bet.transactionId as string, roundId: "round-shared", sessionToken };
    }
  });
  afterAll(async () => {
    await server?.close();
    await wallet?.close();
  });

  it("lists its transactions at every operator, naming the operator, and filters by operator as an operator filters by provider", async () => {
    const all = await signedRequest(server.url, PROVIDER, "GET", "/v1/provider/transactions");
    expect(all.status).toBe(200);
    expect(all.json.items.map((t: any) => [t.operatorId, t.providerId, t.transactionId])).toEqual([
      [OTHER_OPERATOR.id, PROVIDER.id, played.beta!.transactionId],
      [OPERATOR.id, PROVIDER.id, played.acme!.transactionId],
    ]);
    const atBeta = await star.request("GET", `/v1/provider/transactions?operatorId=${OTHER_OPERATOR.id}&type=BET&state=OK`);
    expect(atBeta.json.items.map((t: any) => t.transactionId)).toEqual([played.beta!.transactionId]);
    expect((await starViewer.request("GET", "/v1/provider/transactions?playerRef=p-acme")).json.items).toHaveLength(1);
    const paged = await star.request("GET", "/v1/provider/transactions?limit=1");
    expect(paged.json.items).toHaveLength(1);
    const next = await star.request("GET", `/v1/provider/transactions?limit=1&cursor=${encodeURIComponent(paged.json.nextCursor)}`);
    expect(next.json.items.map((t: any) => t.transactionId)).toEqual([played.acme!.transactionId]);
    // The operators' own list names the operator too.
    const acme = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/transactions");
    expect(acme.json.items.map((t: any) => t.operatorId)).toEqual([OPERATOR.id]);
    // Mistakes are the same 400s as the operators'.
    expect((await star.request("GET", "/v1/provider/transactions?from=yesterday")).status).toBe(400);
    expect((await star.request("GET", "/v1/provider/transactions?cursor=nonsense")).status).toBe(400);
  });

  it("reads one in full: the wallet body with its session token redacted, the wallet calls without the operator's answers", async () => {
    const detail = await star.request("GET", `/v1/provider/transactions/${encodeURIComponent(played.acme!.transactionId)}`);
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({ operatorId: OPERATOR.id, providerId: PROVIDER.id, state: "OK", type: "BET" });
    expect(JSON.parse(detail.json.request).sessionToken).toBe("[redacted]");
    expect(detail.text).not.toContain(played.acme!.sessionToken);
    expect(detail.json.deliveryLog.map((c: any) => [c.attempt, c.httpStatus, c.outcome, c.response])).toEqual([[1, 200, "OK", null]]);
    // The operator still reads its wallet's answer.
    const own = await signedRequest(
      server.url,
      OPERATOR,
      "GET",
      `/v1/operator/transactions/${PROVIDER.id}/${encodeURIComponent(played.acme!.transactionId)}`,
    );
    expect(own.json.deliveryLog[0].response).not.toBeNull();
  });

  it("reads its round at each operator; a round id recurs at another operator as another round", async () => {
    for (const [name, operator] of [
      ["acme", OPERATOR],
      ["beta", OTHER_OPERATOR],
    ] as const) {
      const round = await signedRequest(server.url, PROVIDER, "GET", `/v1/provider/rounds/${operator.id}/starfall/round-shared`);
      expect(round.status).toBe(200);
      expect(round.json).toMatchObject({ providerId: PROVIDER.id, playerRef: `p-${name}`, state: "OPEN" });
      expect(round.json.transactions.map((t: any) => [t.operatorId, t.transactionId])).toEqual([[operator.id, played[name]!.transactionId]]);
    }
  });

  it("lists its players' sessions at every operator, never a token", async () => {
    const sessions = await star.request("GET", "/v1/provider/sessions");
    expect(sessions.status).toBe(200);
    expect(sessions.json.items.map((s: any) => [s.operatorId, s.providerId, s.playerRef])).toEqual([
      [OTHER_OPERATOR.id, PROVIDER.id, "p-beta"],
      [OPERATOR.id, PROVIDER.id, "p-acme"],
    ]);
    for (const { sessionToken } of Object.values(played)) expect(sessions.text).not.toContain(sessionToken);
    const atAcme = await signedRequest(server.url, PROVIDER, "GET", `/v1/provider/sessions?operatorId=${OPERATOR.id}&status=all`);
    expect(atAcme.json.items.map((s: any) => s.playerRef)).toEqual(["p-acme"]);
    expect((await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/sessions")).json.items.map((s: any) => s.operatorId)).toEqual([
      OPERATOR.id,
    ]);
  });

  it("another studio's transaction, round or sessions are 404 or absent on every route, signed or signed in", async () => {
    const moonTx = encodeURIComponent(played.moon!.transactionId);
    const starTx = encodeURIComponent(played.acme!.transactionId);
    for (const [who, path] of [
      [star, `/v1/provider/transactions/${moonTx}`],
      [star, `/v1/provider/rounds/${OTHER_OPERATOR.id}/moonshot/round-shared`],
      [moon, `/v1/provider/transactions/${starTx}`],
      [moon, `/v1/provider/rounds/${OPERATOR.id}/starfall/round-shared`],
      [moon, `/v1/provider/rounds/${OTHER_OPERATOR.id}/starfall/round-shared`],
    ] as const) {
      const reply = await who.request("GET", path);
      expect([path, reply.status]).toEqual([path, 404]);
    }
    expect((await signedRequest(server.url, OTHER_PROVIDER, "GET", `/v1/provider/transactions/${starTx}`)).status).toBe(404);
    expect((await moon.request("GET", "/v1/provider/transactions")).json.items.map((t: any) => t.transactionId)).toEqual([
      played.moon!.transactionId,
    ]);
    expect((await moon.request("GET", `/v1/provider/transactions?operatorId=${OPERATOR.id}`)).json.items).toEqual([]);
    expect((await moon.request("GET", "/v1/provider/sessions")).json.items.map((s: any) => s.playerRef)).toEqual(["p-moon"]);
  });
});
