import { describe, expect, it } from "vitest";
import { SERVICE_OPENAPI_PATH } from "../src/http/openapi-validator.js";
import { readOpenApiDocument, validationDocument } from "../src/http/validation-document.js";

type Document = { paths: Record<string, unknown>; components: Record<string, Record<string, unknown>> };

describe("validationDocument", () => {
  const parsed = readOpenApiDocument(SERVICE_OPENAPI_PATH);
  const whole = validationDocument(parsed) as Document;

  it("keeps, for some paths, only those paths and the components they reach, through other components too", () => {
    const transaction = validationDocument(parsed, { paths: ["/v1/wallet/transaction"] }) as Document;
    expect(Object.keys(transaction.paths)).toEqual(["/v1/wallet/transaction"]);
    const schemas = Object.keys(transaction.components.schemas ?? {});
    // The request's three forms (by its oneOf and its discriminator's mapping), what they refer to, the answer, the errors.
    expect(schemas).toEqual(expect.arrayContaining(["TransactionRequest", "BetTransaction", "WinTransaction", "RollbackTransaction"]));
    expect(schemas).toEqual(expect.arrayContaining(["AmountMinor", "CurrencyCode", "TransactionResponse", "ErrorBody"]));
    expect(schemas).not.toContain("LaunchGameRequestBody");
    expect(schemas.length).toBeLessThan(Object.keys(whole.components.schemas ?? {}).length);
    expect(transaction.components.securitySchemes).toEqual(whole.components.securitySchemes);
    // A copy: the parsed document keeps every path and component for the next instance.
    expect(Object.keys(parsed.paths as object)).toEqual(Object.keys(whole.paths));
    expect(validationDocument(parsed)).toEqual(whole);
  });

  it("keeps every component without a choice of paths, and refuses a path the document lacks", () => {
    expect(Object.keys(whole.paths).length).toBeGreaterThan(20);
    expect(() => validationDocument(parsed, { paths: ["/v1/wallet/nope"] })).toThrow("no path /v1/wallet/nope");
  });
});
