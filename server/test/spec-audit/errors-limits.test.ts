import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, PROVIDER, signedRequest } from "../harness.js";
import { betRequest, launchSession, postTransaction } from "../wallet-harness.js";
import { isJsonError, startWorld, type World } from "./world.js";

/** Builds metadata whose compact JSON serialisation is exactly `bytes` UTF-8 bytes, padded with `unit`. */
function metadataOfBytes(bytes: number, unit = "x"): Record<string, string> {
  const overhead = Buffer.byteLength('{"p":""}');
  const unitBytes = Buffer.byteLength(unit);
  const count = Math.floor((bytes - overhead) / unitBytes);
  const filler = "y".repeat(bytes - overhead - count * unitBytes);
  const metadata = { p: unit.repeat(count) + filler };
  expect(Buffer.byteLength(JSON.stringify(metadata))).toBe(bytes);
  return metadata;
}

/** Spec "Errors" and "Limits". */
describe("errors and limits", () => {
  let w: World;
  let token: string;
  beforeAll(async () => {
    w = await startWorld();
    token = await launchSession(w.url);
  });
  afterAll(() => w.close());

  it("metadata of exactly 8 KiB (8192 bytes) is accepted and forwarded; 8193 bytes is 400", async () => {
    const exact = betRequest(token, { amount: 1, metadata: metadataOfBytes(8192) });
    expect((await postTransaction(w.url, exact)).status).toBe(200);
    const forwarded = w.wallet.transactionCalls().find((t) => t.transactionId === exact.transactionId)!;
    expect(forwarded.metadata).toEqual(exact.metadata);
    const over = await postTransaction(w.url, betRequest(token, { amount: 1, metadata: metadataOfBytes(8193) }));
    expect(over.status).toBe(400);
    expect(isJsonError(over)).toBe(true);
  });

  it("the 8 KiB limit counts UTF-8 bytes, not characters", async () => {
    const over = await postTransaction(w.url, betRequest(token, { amount: 1, metadata: metadataOfBytes(8193, "€") }));
    expect(over.status).toBe(400);
  });

  it("the largest exact integer amount passes validation (int64 range, minor units)", async () => {
    const reply = await postTransaction(w.url, betRequest(token, { amount: Number.MAX_SAFE_INTEGER }));
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe("DECLINED");
  });

  it("an unknown signed route is 404 JSON { error }", async () => {
    for (const [tenant, target] of [
      [OPERATOR, "/v1/operator/nope"],
      [PROVIDER, "/v1/wallet/nope"],
      [OPERATOR, "/v2/operator/games"],
    ] as const) {
      const reply = await signedRequest(w.url, tenant, "GET", target);
      expect(reply.status, target).toBe(404);
      expect(isJsonError(reply), target).toBe(true);
    }
  });

  it("malformed JSON and non-object bodies on operator routes are 400 JSON { error }", async () => {
    for (const raw of ["{oops", "[]", "42", '"str"', "null"]) {
      const reply = await signedRequest(w.url, OPERATOR, "POST", "/v1/operator/games/launch", undefined, { rawBody: raw });
      expect(reply.status, raw).toBe(400);
      expect(isJsonError(reply), raw).toBe(true);
    }
  });

  it("every 2xx answer is JSON", async () => {
    const games = await signedRequest(w.url, OPERATOR, "GET", "/v1/operator/games");
    expect(games.headers.get("content-type") ?? "").toMatch(/application\/json/);
    const tx = await postTransaction(w.url, betRequest(token, { amount: 1 }));
    expect(tx.headers.get("content-type") ?? "").toMatch(/application\/json/);
  });

  it("the error bodies are exactly { error, code } (no stack, no extra fields), the code also in X-Error-Code", async () => {
    const replies = [
      await postTransaction(w.url, betRequest(token, { currency: "eur" })),
      await postTransaction(w.url, betRequest("missing-token")),
      await signedRequest(w.url, OPERATOR, "POST", "/v1/operator/games/launch", { playerRef: "p", gameId: "zzz", currency: "EUR", mode: "REAL" }),
    ];
    for (const reply of replies) {
      expect(Object.keys(reply.json)).toEqual(["error", "code"]);
      expect(reply.headers.get("x-error-code")).toBe(reply.json.code);
    }
  });
});
