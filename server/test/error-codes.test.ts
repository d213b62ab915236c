import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { SERVICE_OPENAPI_PATH } from "../src/http/openapi-validator.js";
import { STATUS_BY_CODE } from "../src/http/error-handler.js";
import { OPERATOR, PROVIDER, signedRequest, startTestServer } from "./harness.js";

/*
 * Every error answer carries a machine code: in the JSON body's `code` and in the X-Error-Code header, which is
 * the only place the plain-text 401 `invalid signature` carries it. The codes are the contract's ErrorCode enum.
 */
describe("error codes", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("the service's code table is exactly the contract's ErrorCode enum", () => {
    const document = parse(readFileSync(SERVICE_OPENAPI_PATH, "utf8")) as { components: { schemas: Record<string, { enum?: string[] }> } };
    expect(Object.keys(STATUS_BY_CODE).sort()).toEqual([...document.components.schemas.ErrorCode!.enum!].sort());
  });

  it("JSON errors carry { error, code } and X-Error-Code, on the provider wallet API and on Express routes", async () => {
    const cases = [
      {
        reply: await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/balance", { sessionToken: "nope" }),
        status: 401,
        code: "unauthenticated",
      },
      { reply: await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/balance", {}), status: 400, code: "bad_request" },
      {
        reply: await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/balance", { sessionToken: "x" }, { nonce: "bad nonce" }),
        status: 400,
        code: "invalid_nonce",
      },
      {
        reply: await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/games/launch", {
          playerRef: "p",
          gameId: "zzz",
          currency: "EUR",
          mode: "REAL",
        }),
        status: 404,
        code: "not_found",
      },
      { reply: await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/no-such-route"), status: 404, code: "not_found" },
      { reply: await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/players/kick", { playerRef: 5 }), status: 400, code: "bad_request" },
    ];
    for (const { reply, status, code } of cases) {
      expect({ status: reply.status, json: reply.json, header: reply.headers.get("x-error-code") }).toEqual({
        status,
        json: { error: expect.any(String), code },
        header: code,
      });
    }
  });

  it("the plain-text 401 stays plain text and carries its code in X-Error-Code only, on both HTTP paths", async () => {
    for (const target of ["/v1/wallet/balance", "/v1/operator/players/kick"]) {
      const forged = await signedRequest(server.url, { id: OPERATOR.id, secret: "wrong" }, "POST", target, { sessionToken: "x", playerRef: "p" });
      expect(forged.status).toBe(401);
      expect(forged.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(forged.text).toBe("invalid signature");
      expect(forged.headers.get("x-error-code")).toBe("invalid_signature");
    }
  });

  it("a success carries no X-Error-Code", async () => {
    const games = await signedRequest(server.url, OPERATOR, "GET", "/v1/operator/games");
    expect(games.status).toBe(200);
    expect(games.headers.get("x-error-code")).toBeNull();
  });
});
