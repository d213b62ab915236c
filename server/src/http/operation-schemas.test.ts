import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeFindings, errorHandler } from "./error-handler.js";
import { jsonBody } from "./json-body.js";
import { OperationSchemas, type OperationKey } from "./operation-schemas.js";
import { SERVICE_OPENAPI_PATH, openApiValidator } from "./openapi-validator.js";
import { rawBody } from "./raw-body.js";

const WALLET_PATHS = ["/v1/wallet/session/verify", "/v1/wallet/balance", "/v1/wallet/transaction"];
const keys: OperationKey[] = WALLET_PATHS.map((path) => ({ method: "post", path }));

/** Mostly a value the schema accepts, so that one bad field at a time decides the message; sometimes any JSON value. */
const field = (valid: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: fc.jsonValue(), weight: 1 });
const identifier = fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constant(""), fc.string({ minLength: 250, maxLength: 260 }));
const transactionFields = {
  transactionId: field(identifier),
  sessionToken: field(identifier),
  type: field(fc.constantFrom("BET", "WIN", "ROLLBACK", "ADJUSTMENT", "bet")),
  roundId: field(identifier),
  roundComplete: field(fc.boolean()),
  originalTransactionId: field(identifier),
  playerRef: field(identifier),
  amount: field(fc.oneof(fc.integer({ min: -5, max: 1_000 }), fc.constantFrom(2 ** 53 - 1, 2 ** 53, 1.5, -0))),
  currency: field(fc.constantFrom("EUR", "eur", "EURO", "E1R")),
  gameId: field(identifier),
  direction: field(fc.constantFrom("DEBIT", "CREDIT", "UP")),
  metadata: field(fc.dictionary(fc.string(), fc.jsonValue())),
};
const required = ["transactionId", "sessionToken", "type", "roundId", "playerRef", "amount", "currency", "gameId"] as const;
const transaction = fc.oneof(fc.record(transactionFields, { requiredKeys: [...required] }), fc.record(transactionFields, { requiredKeys: [] }));
/** Bodies as JSON text: objects shaped like the route's request, any JSON value, or nothing at all. */
const bodies = fc.oneof(
  transaction.map((body) => JSON.stringify(body)),
  fc.record({ sessionToken: field(identifier) }, { requiredKeys: [] }).map((body) => JSON.stringify(body)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.constant(""),
);

describe("OperationSchemas refuses what express-openapi-validator refuses, with the same message", () => {
  let server: Server;
  let url = "";
  const schemas = new OperationSchemas(SERVICE_OPENAPI_PATH, keys, { checkResponses: true });

  beforeAll(async () => {
    // The Express pipeline the other routes use, from the raw body to the error handler, with a route that accepts.
    const app = express();
    app.use(rawBody, jsonBody, openApiValidator({ validateResponses: false }));
    app.post(WALLET_PATHS, (_req, res) => {
      res.json({ accepted: true });
    });
    app.use(errorHandler);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("on every provider wallet operation, for any body", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...keys), bodies, async (key, text) => {
        const response = await fetch(url + key.path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          ...(text ? { body: text } : {}),
        });
        const express = { status: response.status, body: await response.text() };
        const findings = schemas.checkRequestBody(key, text ? JSON.parse(text) : undefined);
        const ours = findings
          ? { status: 400, body: JSON.stringify({ error: describeFindings(findings), code: "bad_request" }) }
          : { status: 200, body: '{"accepted":true}' };
        expect(ours).toEqual(express);
      }),
      { numRuns: 300 },
    );
  });

  it("checks an answer's status and body against the document", () => {
    const transactionKey = keys[2]!;
    expect(schemas.checkResponse(transactionKey, 200, "application/json; charset=utf-8", '{"status":"OK","balance":-5}')).toBeUndefined();
    expect(schemas.checkResponse(transactionKey, 200, "application/json", '{"status":"MAYBE","balance":5}')).toMatch(
      /status must be equal to one of the allowed values/,
    );
    expect(schemas.checkResponse(transactionKey, 200, "application/json", '{"status":"OK","balance":1.5}')).toMatch(/balance must be integer/);
    expect(schemas.checkResponse(transactionKey, 401, "text/plain; charset=utf-8", "invalid signature")).toBeUndefined();
    expect(schemas.checkResponse(transactionKey, 401, "text/plain", "go away")).toMatch(/must be equal to one of the allowed values/);
    expect(schemas.checkResponse(transactionKey, 404, "application/json", '{"error":"x"}')).toBe(
      "no schema defined for status code '404' in the openapi spec",
    );
    expect(schemas.checkResponse(transactionKey, 409, "text/html", "<p>")).toMatch(/no schema defined for text\/html/);
    const requestsOnly = new OperationSchemas(SERVICE_OPENAPI_PATH, keys, { checkResponses: false });
    expect(() => requestsOnly.checkResponse(transactionKey, 200, "application/json", '{"status":"OK","balance":5}')).toThrow(/checkResponses/);
  });

  it("refuses to start on an operation the document does not have", () => {
    expect(() => new OperationSchemas(SERVICE_OPENAPI_PATH, [{ method: "post", path: "/v1/wallet/nothing" }], { checkResponses: false })).toThrow(
      /no POST \/v1\/wallet\/nothing/,
    );
  });
});
