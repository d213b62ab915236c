import express from "express";
import type { RequestListener } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createWalletCallbackHandler,
  toExpressMiddleware,
  toNodeListener,
  WalletError,
  type TransactionRequest,
  type WalletCallbackHandler,
} from "../src/index.js";
import { listen, sendSigned } from "./signed-fetch.js";

const TENANT = "op-acme";
const SECRET = "current-secret";
const OLD_SECRET = "previous-secret";

/** A BET, with any fields replaced: a ROLLBACK or ADJUSTMENT brings its own fields in `over`. */
const bet = (over: Record<string, unknown> = {}): TransactionRequest =>
  ({
    transactionId: "tx-1",
    sessionToken: "sess-1",
    type: "BET",
    roundId: "r-1",
    playerRef: "p-1",
    amount: 100,
    currency: "EUR",
    gameId: "starfall",
    ...over,
  }) as TransactionRequest;

function makeHandler(received: TransactionRequest[]): WalletCallbackHandler {
  return createWalletCallbackHandler({
    tenantId: TENANT,
    secrets: [SECRET, OLD_SECRET],
    onTransaction(request) {
      received.push(request);
      if (request.playerRef === "p-broke") return { status: "DECLINED", balance: 0 };
      if (request.playerRef === "p-missing") throw new WalletError(404, "unknown player");
      if (request.playerRef === "p-crash") throw new Error("database down");
      if (request.playerRef === "p-bad-answer") return { status: "DECLINED", balance: 5 };
      return { status: "OK", balance: 900 };
    },
    onBalance(playerRef) {
      if (playerRef === "p-missing") throw new WalletError(404, "unknown player");
      return { balance: 1234 };
    },
    onError: () => {},
  });
}

/** Serves `listener` on an ephemeral port for one signed POST of `transaction` to /v1/wallet/transaction, then closes it. */
async function postOnce(listener: RequestListener, transaction: unknown): ReturnType<typeof sendSigned> {
  const { baseUrl, close } = await listen(listener);
  try {
    return await sendSigned(baseUrl, {
      method: "POST",
      target: "/v1/wallet/transaction",
      body: JSON.stringify(transaction),
      secret: SECRET,
      tenantId: TENANT,
    });
  } finally {
    await close();
  }
}

const servers: Array<{ name: string; prefix: string; setup(handler: WalletCallbackHandler): Promise<{ baseUrl: string; close(): Promise<void> }> }> =
  [
    { name: "node:http", prefix: "", setup: (handler) => listen(toNodeListener(handler)) },
    { name: "node:http under a prefix", prefix: "/croupier", setup: (handler) => listen(toNodeListener(handler)) },
    {
      name: "Express 5 mounted under a prefix, before express.json",
      prefix: "/hooks/wallet",
      setup: (handler) => {
        const app = express();
        app.use("/hooks/wallet", toExpressMiddleware(handler));
        app.use(express.json());
        return listen(app);
      },
    },
  ];

for (const kind of servers) {
  describe(`wallet callback handler over ${kind.name}`, () => {
    const received: TransactionRequest[] = [];
    let baseUrl = "";
    let close: () => Promise<void> = async () => {};
    beforeAll(async () => ({ baseUrl, close } = await kind.setup(makeHandler(received))));
    afterAll(() => close());

    const post = (body: unknown, over: Partial<Parameters<typeof sendSigned>[1]> = {}) =>
      sendSigned(baseUrl, {
        method: "POST",
        target: `${kind.prefix}/v1/wallet/transaction`,
        body: JSON.stringify(body),
        secret: SECRET,
        tenantId: TENANT,
        ...over,
      });

    it("answers a good transaction with the callback's JSON", async () => {
      const before = received.length;
      const body = bet({ metadata: { spin: 3 } });
      const answer = await post(body);
      expect(answer).toEqual({ status: 200, type: "application/json", text: '{"status":"OK","balance":900}' });
      expect(received.slice(before)).toEqual([body]);
    });

    it("answers the balance query, signed over path and query", async () => {
      const answer = await sendSigned(baseUrl, {
        method: "GET",
        target: `${kind.prefix}/v1/wallet/balance?playerRef=p-1`,
        secret: SECRET,
        tenantId: TENANT,
      });
      expect(answer).toMatchObject({ status: 200, text: '{"balance":1234}' });
    });

    it("accepts both secrets during a rotation", async () => {
      expect((await post(bet({ transactionId: "tx-old" }), { secret: OLD_SECRET })).status).toBe(200);
    });

    it("refuses a tampered body, a wrong secret, a stale timestamp and a wrong tenant with 401 text", async () => {
      const refused = { status: 401, type: "text/plain", text: "invalid signature" };
      expect(await post(bet(), { sentBody: JSON.stringify(bet({ amount: 1 })) })).toEqual(refused);
      expect(await post(bet(), { secret: "wrong" })).toEqual(refused);
      expect(await post(bet(), { timestamp: Math.floor(Date.now() / 1000) - 301 })).toEqual(refused);
      expect(await post(bet(), { tenantId: "op-other" })).toEqual(refused);
    });

    it("refuses a swapped query parameter (the query is signed)", async () => {
      const signedFor = `${kind.prefix}/v1/wallet/balance?playerRef=p-1`;
      const { sign } = await import("@croupier/signing");
      const headers = sign({ secret: SECRET, tenantId: TENANT, method: "GET", target: signedFor });
      const response = await fetch(`${baseUrl}${kind.prefix}/v1/wallet/balance?playerRef=p-2`, { headers: { ...headers } });
      expect([response.status, await response.text()]).toEqual([401, "invalid signature"]);
    });

    it("refuses a replayed nonce with 401 JSON, and a malformed nonce with 400", async () => {
      const nonce = `n-${kind.name.length}-${Date.now()}`;
      expect((await post(bet({ transactionId: "tx-n" }), { nonce })).status).toBe(200);
      expect(await post(bet({ transactionId: "tx-n" }), { nonce })).toEqual({
        status: 401,
        type: "application/json",
        text: '{"error":"replayed request"}',
      });
      expect(await post(bet(), { nonce: "bad nonce!" })).toEqual({ status: 400, type: "application/json", text: '{"error":"invalid nonce"}' });
    });

    it("validates the body shape with 400 {error}", async () => {
      const cases: Array<[unknown, string]> = [
        [{ ...bet(), amount: 1.5 }, "amount must be an integer >= 0"],
        [{ ...bet(), amount: -1 }, "amount must be an integer >= 0"],
        [{ ...bet(), currency: "eur" }, "currency must be an uppercase 3-letter ISO-4217 code"],
        [{ ...bet(), metadata: [1] }, "metadata must be a JSON object"],
        [{ ...bet(), type: "ROLLBACK" }, "originalTransactionId must be a non-empty string"],
        [{ ...bet(), type: "ADJUSTMENT" }, "direction must be one of DEBIT, CREDIT"],
        [{ ...bet(), transactionId: undefined }, "transactionId must be a non-empty string"],
        [[bet()], "body must be a JSON object"],
        // The contract's limits (generated from the TypeSpec), as the service checks them.
        [{ ...bet(), transactionId: "t".repeat(256) }, "transactionId must be at most 255 characters"],
        [
          { ...bet(), roundId: "r-1\n" },
          "roundId must not contain control, line separator or bidirectional control characters (U+0000 to U+001F, U+007F to U+009F, U+2028 to U+202E, U+2066 to U+2069) or unpaired surrogates",
        ],
        [
          { ...bet(), playerRef: "p-\u2067" },
          "playerRef must not contain control, line separator or bidirectional control characters (U+0000 to U+001F, U+007F to U+009F, U+2028 to U+202E, U+2066 to U+2069) or unpaired surrogates",
        ],
        [{ ...bet(), amount: 2 ** 53 }, "amount must be at most 9007199254740991"],
        [{ ...bet(), metadata: { note: "x".repeat(8192) } }, "metadata exceeds 8192 bytes serialized"],
        [
          { ...bet(), metadata: JSON.parse(`${"[".repeat(1025)}${"]".repeat(1025)}`.replace(/^\[/, '{"a":[').replace(/\]$/, "]}")) as unknown },
          "metadata must not nest deeper than 1024 levels",
        ],
      ];
      for (const [body, error] of cases) {
        expect(await post(body)).toMatchObject({ status: 400, text: JSON.stringify({ error }) });
      }
      expect(await post("x", { body: "{not json" })).toMatchObject({ status: 400, text: '{"error":"body must be valid JSON"}' });
    });

    it("maps WalletError, other throws and contract-breaking answers", async () => {
      expect(await post(bet({ playerRef: "p-missing" }))).toMatchObject({ status: 404, text: '{"error":"unknown player"}' });
      expect(await post(bet({ playerRef: "p-crash" }))).toMatchObject({ status: 500, text: '{"error":"internal error"}' });
      expect(await post(bet({ playerRef: "p-broke" }))).toMatchObject({ status: 200, text: '{"status":"DECLINED","balance":0}' });
      expect(await post(bet({ playerRef: "p-bad-answer", type: "WIN" }))).toMatchObject({ status: 500 });
    });

    it("answers 404 for an unknown route, after checking the signature", async () => {
      const answer = await sendSigned(baseUrl, {
        method: "POST",
        target: `${kind.prefix}/v1/wallet/other`,
        body: "{}",
        secret: SECRET,
        tenantId: TENANT,
      });
      expect(answer).toMatchObject({ status: 404 });
    });
  });
}

describe("adapters", () => {
  const handler = makeHandler([]);

  it("node:http answers 413 above the body limit", async () => {
    const answer = await postOnce(toNodeListener(handler, { maxBodyBytes: 64 }), bet({ metadata: { pad: "x".repeat(200) } }));
    expect(answer).toMatchObject({ status: 413, text: '{"error":"request body too large"}' });
  });

  it("Express refuses a body already parsed by express.json with an explanation", async () => {
    const app = express();
    const errors: unknown[] = [];
    app.use(express.json());
    app.use(toExpressMiddleware(handler));
    app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      errors.push(error);
      res.status(500).send("see log");
    });
    const answer = await postOnce(app, bet());
    expect(answer.status).toBe(500);
    expect(String(errors[0])).toMatch(/already-parsed body.*express\.raw/);
  });

  it("Express works behind express.raw", async () => {
    const app = express();
    app.use(express.raw({ type: "*/*" }), toExpressMiddleware(handler));
    expect(await postOnce(app, bet())).toMatchObject({ status: 200, text: '{"status":"OK","balance":900}' });
  });

  it("the neutral core refuses a parsed object body with an explanation", async () => {
    await expect(handler({ method: "POST", target: "/v1/wallet/transaction", headers: {}, body: bet() as unknown as string })).rejects.toThrow(
      /raw request bytes/,
    );
  });
});

describe("an answer built before it is returned", () => {
  it("compiles without `as const` and is sent as is; a status outside OK/DECLINED is still refused with 500", async () => {
    const handler = createWalletCallbackHandler({
      tenantId: TENANT,
      secrets: [SECRET],
      onTransaction(request) {
        // `status` is typed string here: the handler's answer type accepts it and checks it at run time.
        const answer = { status: request.playerRef === "p-odd" ? "MAYBE" : "OK", balance: 990 };
        return answer;
      },
      onBalance: () => ({ balance: 1 }),
      onError: () => {},
    });
    const send = (playerRef: string) => postOnce(toNodeListener(handler), bet({ playerRef }));
    expect(await send("p-1")).toMatchObject({ status: 200, text: '{"status":"OK","balance":990}' });
    expect((await send("p-odd")).status).toBe(500);
  });
});
