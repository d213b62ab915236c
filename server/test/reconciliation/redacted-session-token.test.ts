import { Writable } from "node:stream";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/parse.js";
import { startServer } from "../../src/server.js";
import { signIn } from "../backoffice-harness.js";
import { OPERATOR, PROVIDER, testConfigJson, testSecretKey } from "../harness.js";
import { betRequest, eventually, launchSession, postTransaction, startTestWallet } from "../wallet-harness.js";
import { get, post, transactionPath, type TestServer } from "./reconciliation-harness.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The body the wallet got, as every reader of the API must see it: the session token replaced, every other byte kept. */
const redacted = (body: string, token: string) => body.replace(`"sessionToken":${JSON.stringify(token)}`, '"sessionToken":"[redacted]"');

describe("a stored wallet body never shows its session token (decisions.md §5)", () => {
  it("the wallet gets the real body; the API, a re-send's answer, the back office and the log show it redacted", async () => {
    const wallet = await startTestWallet(10_000);
    let log = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const json = {
      ...testConfigJson({ wallet: wallet.url }),
      logLevel: "debug",
      settlementRetry: { initialDelaySeconds: 0.02, maxDelaySeconds: 0.05, horizonSeconds: 0.3 },
    };
    const server: TestServer = {
      ...(await startServer(parseConfig(json), { validateResponses: true, secretKey: testSecretKey(), logger: pino({ level: "debug" }, sink) })),
      config: parseConfig(json),
    };
    cleanups.push(
      () => wallet.close(),
      () => server.close(),
    );
    await server.services.backoffice.addUser({ username: "vera", operatorId: OPERATOR.id, role: "viewer", password: "correct horse battery staple" });
    await server.services.backoffice.addUser({ username: "max", operatorId: OPERATOR.id, role: "manager", password: "correct horse battery staple" });
    const token = await launchSession(server.url, { playerRef: "p-1" });

    const bet = betRequest(token, { roundId: "r-red", amount: 20, metadata: { sessionToken: "not-a-secret", n: 1.5 } });
    expect((await postTransaction(server.url, bet)).status).toBe(200);
    const sent = wallet.requests.filter((r) => r.method === "POST").at(-1)!.body;
    expect(JSON.parse(sent)).toMatchObject({ sessionToken: token });

    const shown = await get(server, transactionPath(PROVIDER.id, bet.transactionId));
    expect(shown.status).toBe(200);
    expect(shown.json.request).toBe(redacted(sent, token));
    expect(JSON.parse(shown.json.request)).toMatchObject({ sessionToken: "[redacted]", metadata: { sessionToken: "not-a-secret" } });
    const vera = await signIn(server.url, "vera");
    expect((await vera.request("GET", transactionPath(PROVIDER.id, bet.transactionId))).json.request).toBe(redacted(sent, token));

    // A WIN the wallet refuses becomes a problem; its re-send answers with the transaction, redacted too.
    const win = betRequest(token, { roundId: "r-red", type: "WIN", amount: 40 });
    wallet.fault = () => ({ status: 502, body: { error: "wallet down" } });
    expect((await postTransaction(server.url, win)).status).toBe(500);
    let problemId = "";
    await eventually(
      async () => {
        problemId = (await get(server, "/v1/operator/problems")).json.items[0]?.id ?? "";
        return problemId !== "";
      },
      10_000,
      50,
    );
    wallet.fault = undefined;
    const max = await signIn(server.url, "max");
    const resent = await max.request("POST", `/v1/operator/problems/${problemId}/resend`);
    expect(resent.status, resent.text).toBe(200);
    const winSent = wallet.requests.filter((r) => r.method === "POST").at(-1)!.body;
    expect(JSON.parse(winSent)).toMatchObject({ transactionId: win.transactionId, sessionToken: token });
    expect(resent.json.transaction.request).toBe(redacted(winSent, token));
    const signedResend = await post(server, `/v1/operator/problems/${problemId}/resend`);
    expect(signedResend.status).toBe(409);

    expect(log).toContain('"msg":"request"');
    expect(log.includes(token), "the session token in the service's log").toBe(false);
  });
});
