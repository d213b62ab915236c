/**
 * Contract coverage: the endpoint tables A to E of docs/interface.md (and docs/decisions.md §2-§3), written
 * out by hand below, must all appear in the committed OpenAPI documents with every status code the
 * spec lists. The test reads the generated YAML, so it fails when the TypeSpec drifts from the spec.
 */
import { describe, expect, it } from "vitest";
import {
  loadDocument,
  operationsOf,
  resolveSchema,
  type DocumentName,
  type OpenApiDocument,
  type Operation,
  type Schema,
} from "./openapi-document.js";

interface Endpoint {
  document: DocumentName;
  method: string;
  path: string;
  statuses: string[];
}

/** Straight from the spec's tables and "Errors" sections; "200" is the success response. */
const ENDPOINTS: Endpoint[] = [
  // A. Provider calls to the service.
  { document: "service", method: "POST", path: "/v1/wallet/session/verify", statuses: ["200", "400", "401", "403", "429", "500"] },
  { document: "service", method: "POST", path: "/v1/wallet/transaction", statuses: ["200", "400", "401", "403", "409", "429", "500", "503"] },
  { document: "service", method: "POST", path: "/v1/wallet/balance", statuses: ["200", "400", "401", "403", "429", "500", "503"] },
  // B. Operator calls to the service, including free spins.
  { document: "service", method: "POST", path: "/v1/operator/games/launch", statuses: ["200", "400", "401", "403", "404", "429", "500"] },
  { document: "service", method: "GET", path: "/v1/operator/games", statuses: ["200", "401", "429", "500"] },
  { document: "service", method: "POST", path: "/v1/operator/players/kick", statuses: ["200", "400", "401", "429", "500"] },
  { document: "service", method: "POST", path: "/v1/operator/rounds/replay", statuses: ["200", "400", "401", "404", "429", "500"] },
  { document: "service", method: "POST", path: "/v1/operator/free-spins/grants", statuses: ["200", "400", "401", "403", "404", "429", "502"] },
  { document: "service", method: "GET", path: "/v1/operator/free-spins/grants", statuses: ["200", "401", "429", "500"] },
  { document: "service", method: "GET", path: "/v1/operator/free-spins/grants/{id}", statuses: ["200", "400", "401", "404", "429", "500"] },
  { document: "service", method: "POST", path: "/v1/operator/free-spins/grants/{id}/cancel", statuses: ["200", "400", "401", "404", "429", "502"] },
  { document: "service", method: "GET", path: "/v1/operator/free-spins/campaigns", statuses: ["200", "400", "401", "429", "500"] },
  // E. Operator portal calls.
  { document: "service", method: "POST", path: "/portal/api/callback-url", statuses: ["200", "400", "401", "429", "500"] },
  { document: "service", method: "POST", path: "/portal/api/rotate-secret", statuses: ["200", "401", "403", "429", "500"] },
  { document: "service", method: "POST", path: "/portal/api/revoke-previous-secret", statuses: ["200", "401", "403", "429", "500"] },
  // Issue 21: the operator reconciliation API.
  { document: "service", method: "GET", path: "/v1/operator/transactions", statuses: ["200", "400", "401", "429", "500"] },
  {
    document: "service",
    method: "GET",
    path: "/v1/operator/transactions/{providerId}/{transactionId}",
    statuses: ["200", "401", "404", "429", "500"],
  },
  { document: "service", method: "GET", path: "/v1/operator/rounds/{gameId}/{roundId}", statuses: ["200", "401", "404", "429", "500"] },
  { document: "service", method: "GET", path: "/v1/operator/problems", statuses: ["200", "400", "401", "429", "500"] },
  {
    document: "service",
    method: "POST",
    path: "/v1/operator/problems/{id}/resend",
    statuses: ["200", "400", "401", "404", "409", "429", "500", "503"],
  },
  { document: "service", method: "POST", path: "/v1/operator/problems/{id}/resolve", statuses: ["200", "400", "401", "404", "409", "429", "500"] },
  { document: "service", method: "GET", path: "/v1/operator/audit-log", statuses: ["200", "400", "401", "429", "500"] },
  { document: "service", method: "GET", path: "/v1/provider/webhook-deliveries", statuses: ["200", "400", "401", "429", "500"] },
  { document: "service", method: "GET", path: "/v1/provider/webhook-deliveries/{id}", statuses: ["200", "400", "401", "404", "429", "500"] },
  { document: "service", method: "GET", path: "/v1/provider/free-spins/grants", statuses: ["200", "400", "401", "429", "500"] },
  { document: "service", method: "GET", path: "/v1/provider/free-spins/grants/{id}", statuses: ["200", "400", "401", "404", "429", "500"] },
  // Issue 33: the studio's re-sends, audit log and portal.
  {
    document: "service",
    method: "POST",
    path: "/v1/provider/webhook-deliveries/{id}/resend",
    statuses: ["200", "400", "401", "403", "404", "409", "429", "500"],
  },
  { document: "service", method: "GET", path: "/v1/provider/audit-log", statuses: ["200", "400", "401", "429", "500"] },
  { document: "service", method: "GET", path: "/v1/provider/transactions", statuses: ["200", "400", "401", "429", "500"] },
  { document: "service", method: "GET", path: "/v1/provider/transactions/{transactionId}", statuses: ["200", "401", "404", "429", "500"] },
  { document: "service", method: "GET", path: "/v1/provider/rounds/{operatorId}/{gameId}/{roundId}", statuses: ["200", "401", "404", "429", "500"] },
  { document: "service", method: "GET", path: "/v1/provider/sessions", statuses: ["200", "400", "401", "429", "500"] },
  { document: "service", method: "GET", path: "/v1/provider/portal/settings", statuses: ["200", "401", "403", "429", "500"] },
  { document: "service", method: "POST", path: "/v1/provider/portal/webhook-url", statuses: ["200", "400", "401", "403", "429", "500"] },
  { document: "service", method: "POST", path: "/v1/provider/portal/test-webhook", statuses: ["200", "401", "403", "429", "500"] },
  { document: "service", method: "POST", path: "/v1/provider/portal/rotate-secret", statuses: ["200", "401", "403", "429", "500"] },
  { document: "service", method: "POST", path: "/v1/provider/portal/revoke-previous-secret", statuses: ["200", "401", "403", "429", "500"] },
  { document: "service", method: "GET", path: "/v1/operator/sessions", statuses: ["200", "400", "401", "429", "500"] },
  { document: "service", method: "GET", path: "/v1/operator/overview", statuses: ["200", "400", "401", "429", "500"] },
  // Issue 21: the settings page's wallet test call, and the back office's own routes (session cookie, not signed).
  { document: "service", method: "POST", path: "/portal/api/test-call", statuses: ["200", "400", "401", "429", "500", "503"] },
  { document: "service", method: "POST", path: "/backoffice/api/sign-in", statuses: ["200", "400", "401", "403", "415", "429", "500"] },
  { document: "service", method: "POST", path: "/backoffice/api/sign-out", statuses: ["200", "401", "403", "500"] },
  { document: "service", method: "GET", path: "/backoffice/api/me", statuses: ["200", "401", "500"] },
  { document: "service", method: "GET", path: "/backoffice/api/operators", statuses: ["200", "401", "500"] },
  // Issue 33 item 1: the platform manages game studios' accounts.
  { document: "service", method: "GET", path: "/backoffice/api/studio-accounts", statuses: ["200", "400", "401", "403", "500"] },
  { document: "service", method: "POST", path: "/backoffice/api/studio-accounts", statuses: ["200", "400", "401", "403", "409", "500"] },
  { document: "service", method: "DELETE", path: "/backoffice/api/studio-accounts/{username}", statuses: ["200", "401", "403", "404", "500"] },
  // decisions.md §3: readiness probe.
  { document: "service", method: "GET", path: "/healthz", statuses: ["200"] },
  // Operations: readiness for load balancers (503 while draining) and Prometheus metrics.
  { document: "service", method: "GET", path: "/readyz", statuses: ["200", "503"] },
  { document: "service", method: "GET", path: "/metrics", statuses: ["200"] },
  // C. Wallet callbacks the operator implements: 200 is success, 401 a failed signature check.
  { document: "operator-wallet", method: "POST", path: "/v1/wallet/transaction", statuses: ["200", "401"] },
  { document: "operator-wallet", method: "GET", path: "/v1/wallet/balance", statuses: ["200", "401"] },
  // D. Webhooks the provider implements.
  { document: "provider-webhooks", method: "POST", path: "/v1/game/free-spins/grant", statuses: ["200", "401"] },
  { document: "provider-webhooks", method: "POST", path: "/v1/game/free-spins/status", statuses: ["200", "401"] },
  { document: "provider-webhooks", method: "POST", path: "/v1/game/free-spins/cancel", statuses: ["200", "401"] },
  { document: "provider-webhooks", method: "POST", path: "/v1/game/session/revoke", statuses: ["200", "401"] },
];

const UNSIGNED = new Set(["GET /healthz", "GET /readyz", "GET /metrics", "POST /backoffice/api/sign-in"]);
/** Authenticated by the back-office session cookie instead of a signature. */
const SESSION_ONLY = new Set([
  "POST /backoffice/api/sign-out",
  "GET /backoffice/api/me",
  "GET /backoffice/api/operators",
  "GET /backoffice/api/studio-accounts",
  "POST /backoffice/api/studio-accounts",
  "DELETE /backoffice/api/studio-accounts/{username}",
]);
const isBackoffice = (path: string) => path.startsWith("/backoffice/");
const SIGNING_HEADERS = ["X-Tenant-ID", "X-Timestamp", "X-Nonce", "X-Signature"];
const MAX_SAFE = 9007199254740991;
const DOCUMENT_NAMES: DocumentName[] = ["service", "operator-wallet", "provider-webhooks"];
const documents = Object.fromEntries(DOCUMENT_NAMES.map((name) => [name, loadDocument(name)])) as Record<DocumentName, OpenApiDocument>;

function operation(document: DocumentName, method: string, path: string): Operation {
  const found = documents[document].paths[path]?.[method.toLowerCase()];
  if (found === undefined) throw new Error(`${method} ${path} missing from ${document}`);
  return found;
}

/** The JSON request body schema of an operation, resolved. */
function requestSchema(document: DocumentName, method: string, path: string): Schema {
  const schema = operation(document, method, path).requestBody?.content["application/json"]?.schema;
  if (schema === undefined) throw new Error(`${method} ${path} has no JSON request body`);
  return resolveSchema(documents[document], schema);
}

/** The JSON 200 body schema of an operation, resolved. */
function responseSchema(document: DocumentName, method: string, path: string): Schema {
  const schema = operation(document, method, path).responses["200"]?.content?.["application/json"]?.schema;
  if (schema === undefined) throw new Error(`${method} ${path} has no JSON 200 body`);
  return resolveSchema(documents[document], schema);
}

function property(document: DocumentName, schema: Schema, name: string): Schema {
  const found = schema.properties?.[name];
  if (found === undefined) throw new Error(`property ${name} missing`);
  return resolveSchema(documents[document], found);
}

function expectSafeInteger(schema: Schema, minimum: number): void {
  expect(schema).toMatchObject({ type: "integer", format: "int64", minimum, maximum: MAX_SAFE });
}

describe("the three documents", () => {
  it.each(DOCUMENT_NAMES)("%s is OpenAPI 3.1.0 with only the spec's operations", (name) => {
    expect(documents[name].openapi).toBe("3.1.0");
    const listed = ENDPOINTS.filter((e) => e.document === name).map((e) => `${e.method} ${e.path}`);
    const present = operationsOf(documents[name]).map((o) => `${o.method} ${o.path}`);
    expect(present.sort()).toEqual(listed.sort());
  });

  it.each(DOCUMENT_NAMES)("%s names its license and contact, and every operation has a one-line summary", (name) => {
    expect(documents[name].info.license).toEqual({ name: "MIT", url: "https://github.com/croupier-dev/croupier/blob/main/LICENSE" });
    expect(documents[name].info.contact?.url).toBe("https://github.com/croupier-dev/croupier/issues");
    for (const { method, path, operation: op } of operationsOf(documents[name])) {
      expect(op.summary, `${method} ${path}`).toMatch(/^[A-Z][^.\n]{5,60}$/);
    }
  });

  it.each(ENDPOINTS)("$document: $method $path answers $statuses", ({ document, method, path, statuses }) => {
    const responses = Object.keys(operation(document, method, path).responses);
    expect(responses).toEqual(expect.arrayContaining(statuses));
  });

  it("gives every operation an explicit operationId, unique across the documents", () => {
    const ids = DOCUMENT_NAMES.flatMap((name) => operationsOf(documents[name]).map((o) => o.operation.operationId));
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("signing", () => {
  it.each(DOCUMENT_NAMES)("%s declares the four signing headers as header apiKey schemes", (name) => {
    const schemes = Object.values(documents[name].components.securitySchemes ?? {});
    for (const header of SIGNING_HEADERS) {
      expect(schemes).toContainEqual({ type: "apiKey", in: "header", name: header, description: expect.any(String) });
    }
  });

  it.each(ENDPOINTS)("$document: $method $path requires all four headers together unless unsigned", ({ document, method, path }) => {
    const doc = documents[document];
    const security = operation(document, method, path).security ?? doc.security ?? [];
    const headerSets = security.map((requirement) =>
      Object.keys(requirement)
        .map((scheme) => doc.components.securitySchemes?.[scheme]?.name)
        .sort(),
    );
    if (UNSIGNED.has(`${method} ${path}`)) {
      expect(headerSets).toEqual([[]]);
    } else if (SESSION_ONLY.has(`${method} ${path}`)) {
      expect(headerSets).toEqual([["croupier_session"]]);
    } else {
      // One AND requirement holding all four headers; no alternative that would allow fewer.
      expect(headerSets).toEqual([[...SIGNING_HEADERS].sort()]);
    }
  });

  it.each(ENDPOINTS.filter((e) => e.statuses.includes("401") && !isBackoffice(e.path)))(
    "$document: $method $path has the plain-text `invalid signature` 401",
    ({ document, method, path }) => {
      const content = operation(document, method, path).responses["401"]?.content ?? {};
      // With an example, so a Prism mock answers a signature failure as the service does.
      expect(resolveSchema(documents[document], content["text/plain"]?.schema ?? {})).toMatchObject({
        type: "string",
        enum: ["invalid signature"],
        examples: ["invalid signature"],
      });
      // The second 401 shape: JSON {"error":"replayed request"} (the service's adds its `code`).
      const json = resolveSchema(documents[document], content["application/json"]?.schema ?? {}) as { required?: string[] };
      expect(json).toMatchObject({ properties: { error: { type: "string" } } });
      expect(json.required).toContain("error");
    },
  );

  it("answers 429 with a required integer Retry-After header and a JSON error everywhere", () => {
    const withRateLimit = ENDPOINTS.filter((e) => e.statuses.includes("429"));
    expect(withRateLimit.length).toBeGreaterThan(10);
    for (const { document, method, path } of withRateLimit) {
      const response = operation(document, method, path).responses["429"];
      expect(response?.headers?.["Retry-After"]).toMatchObject({ required: true, schema: { type: "integer", minimum: 1 } });
      expect(response?.content?.["application/json"]).toBeDefined();
    }
  });

  it("gives every service error a machine code (body and X-Error-Code) and an X-Request-Id header", () => {
    const doc = documents.service;
    const codes = doc.components.schemas.ErrorCode as { enum?: string[] };
    expect(codes.enum).toContain("invalid_signature");
    let checked = 0;
    // The unsigned operational probes (/healthz, /readyz, /metrics) answer their own shapes, not API errors.
    for (const { path, method, operation: op } of operationsOf(doc).filter((o) => !/^\/(healthz|readyz|metrics)$/.test(o.path))) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (!/^[45]/.test(status)) continue;
        checked++;
        expect(Object.keys(response.headers ?? {}).sort(), `${method} ${path} ${status}`).toEqual(
          expect.arrayContaining(["X-Error-Code", "X-Request-Id"]),
        );
        const json = response.content?.["application/json"];
        if (!json) continue;
        expect(resolveSchema(doc, json.schema ?? {}), `${method} ${path} ${status}`).toMatchObject({
          required: ["error", "code"],
          properties: { code: { allOf: [{ $ref: "#/components/schemas/ErrorCode" }] } },
        });
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it("documents `invalid nonce` on the 400 of signed calls", () => {
    expect(operation("service", "POST", "/v1/wallet/balance").responses["400"]?.description).toContain("invalid nonce");
  });
});

describe("fields and constraints", () => {
  it("requires exactly the spec's TransactionRequest fields, per type, in both directions", () => {
    const common = ["amount", "currency", "gameId", "playerRef", "roundId", "sessionToken", "transactionId", "type"];
    // What each type adds to the common fields: required (originalTransactionId, direction) or optional.
    const own: Record<string, { required: string[]; optional: string[] }> = {
      BET: { required: [], optional: ["metadata", "roundComplete"] },
      WIN: { required: [], optional: ["metadata", "roundComplete"] },
      ROLLBACK: { required: ["originalTransactionId"], optional: ["metadata", "roundComplete"] },
      ADJUSTMENT: { required: ["direction"], optional: ["metadata", "roundComplete"] },
    };
    // The provider may not send ADJUSTMENT; the platform sends it to the operator's wallet.
    const types = { service: ["BET", "WIN", "ROLLBACK"], "operator-wallet": ["BET", "WIN", "ROLLBACK", "ADJUSTMENT"] } as const;
    for (const document of ["service", "operator-wallet"] as const) {
      const union = requestSchema(document, "POST", "/v1/wallet/transaction");
      expect(union.discriminator?.propertyName).toBe("type");
      expect(Object.keys(union.discriminator?.mapping ?? {})).toEqual(types[document]);
      expect(union.oneOf).toHaveLength(types[document].length);
      for (const [type, ref] of Object.entries(union.discriminator?.mapping ?? {})) {
        expect(union.oneOf).toContainEqual({ $ref: ref });
        const schema = resolveSchema(documents[document], { $ref: ref });
        expect([...(schema.required ?? [])].sort(), type).toEqual([...common, ...own[type]!.required].sort());
        expect(Object.keys(schema.properties ?? {}).sort(), type).toEqual([...common, ...own[type]!.required, ...own[type]!.optional].sort());
        expect(property(document, schema, "type").enum).toEqual([type]);
        if (type === "ADJUSTMENT") expect(property(document, schema, "direction").enum).toEqual(["DEBIT", "CREDIT"]);
        expect(property(document, schema, "metadata").type).toBe("object");
        expect(property(document, schema, "roundComplete").type).toBe("boolean");
        expect(property(document, schema, "transactionId")).toMatchObject({ type: "string", minLength: 1 });
        expectSafeInteger(property(document, schema, "amount"), 0);
      }
      const response = responseSchema(document, "POST", "/v1/wallet/transaction");
      expect(property(document, response, "status").enum).toEqual(["OK", "DECLINED"]);
      expect(property(document, response, "balance")).toMatchObject({ type: "integer", maximum: MAX_SAFE });
    }
  });

  it("constrains every currency, in requests and responses, to ^[A-Z]{3}$", () => {
    let seen = 0;
    for (const name of DOCUMENT_NAMES) {
      const doc = documents[name];
      for (const schema of Object.values(doc.components.schemas)) {
        for (const [field, raw] of Object.entries(schema.properties ?? {})) {
          const resolved = resolveSchema(doc, raw);
          // A campaign grant's currency is ignored, whatever it holds (its schema says so and is empty).
          if (field === "currency" && !(schema === doc.components.schemas.CampaignGrantRequestBody)) {
            expect(resolved.pattern).toBe("^[A-Z]{3}$");
            seen += 1;
          }
          if (field === "currencies") expect(resolveSchema(doc, resolved.items ?? {}).pattern).toBe("^[A-Z]{3}$");
        }
      }
    }
    // TransactionRequest, VerifySessionResponse, LaunchGameRequestBody, grant request and response, webhook grant.
    expect(seen).toBeGreaterThanOrEqual(7);
    const pattern = new RegExp("^[A-Z]{3}$");
    expect(["EUR", "USD"].every((code) => pattern.test(code))).toBe(true);
    expect(["eur", "EURO", "E1R"].some((code) => pattern.test(code))).toBe(false);
  });

  it("gives the grant request two forms: a campaign grant whose game, spins, stake and currency are ignored, or a direct one", () => {
    const schemas = documents.service.components.schemas;
    const body = operation("service", "POST", "/v1/operator/free-spins/grants").requestBody?.content["application/json"]?.schema;
    expect(resolveSchema(documents.service, body ?? {}).anyOf).toEqual([
      { $ref: "#/components/schemas/CampaignGrantRequestBody" },
      { $ref: "#/components/schemas/DirectGrantRequestBody" },
    ]);
    const campaign = schemas.CampaignGrantRequestBody!;
    expect(campaign.required?.sort()).toEqual(["campaignId", "idempotencyKey", "playerRef"]);
    for (const ignored of ["gameId", "spins", "betAmountMinor", "currency"]) {
      expect(Object.keys(campaign.properties?.[ignored] ?? { missing: true })).toEqual(["description"]);
    }
    expect(schemas.DirectGrantRequestBody!.required?.sort()).toEqual(["currency", "gameId", "idempotencyKey", "playerRef", "spins"]);
  });

  it("makes amounts and counts int64 integers from 0 (spins from 1) to 2^53-1", () => {
    const grant = resolveSchema(documents.service, documents.service.components.schemas.DirectGrantRequestBody!);
    expectSafeInteger(property("service", grant, "betAmountMinor"), 0);
    expectSafeInteger(property("service", grant, "spins"), 1);
    const kick = responseSchema("service", "POST", "/v1/operator/players/kick");
    expectSafeInteger(property("service", kick, "revokedCount"), 0);
    const portal = responseSchema("service", "POST", "/portal/api/callback-url");
    expectSafeInteger(property("service", portal, "callbackTimeoutMs"), 0);
    const webhookGrant = requestSchema("provider-webhooks", "POST", "/v1/game/free-spins/grant");
    expectSafeInteger(property("provider-webhooks", webhookGrant, "spins"), 1);
    expectSafeInteger(property("provider-webhooks", webhookGrant, "betAmountMinor"), 0);
    const status = responseSchema("provider-webhooks", "POST", "/v1/game/free-spins/status");
    expectSafeInteger(property("provider-webhooks", status, "remainingSpins"), 0);
    for (const [document, method] of [
      ["service", "POST"],
      ["operator-wallet", "GET"],
    ] as const) {
      const balance = property(document, responseSchema(document, method, "/v1/wallet/balance"), "balance");
      expect(balance).toMatchObject({ type: "integer", format: "int64", maximum: MAX_SAFE });
    }
  });

  it("identifies grants by UUID, in the body and in the {id} path parameter", () => {
    const grant = responseSchema("service", "POST", "/v1/operator/free-spins/grants");
    expect(property("service", grant, "id").format).toBe("uuid");
    expect(property("service", grant, "status").enum).toEqual(["pending", "active", "cancelled", "failed"]);
    for (const [method, path] of [
      ["GET", "/v1/operator/free-spins/grants/{id}"],
      ["POST", "/v1/operator/free-spins/grants/{id}/cancel"],
    ] as const) {
      const id = operation("service", method, path).parameters?.find((p) => p.name === "id");
      expect(id).toMatchObject({ in: "path", required: true });
      expect(resolveSchema(documents.service, id?.schema ?? {}).format).toBe("uuid");
    }
    const list = operation("service", "GET", "/v1/operator/free-spins/grants").parameters ?? [];
    expect(list).toContainEqual(expect.objectContaining({ name: "playerRef", in: "query" }));
    expect(list.find((p) => p.name === "playerRef")?.required ?? false).toBe(false);
  });

  it("accepts only an absolute http(s) lobbyUrl and callbackUrl", () => {
    const launch = requestSchema("service", "POST", "/v1/operator/games/launch");
    expect(launch.required?.sort()).toEqual(["currency", "gameId", "mode", "playerRef"]);
    expect(property("service", launch, "mode").enum).toEqual(["REAL", "DEMO"]);
    const portal = requestSchema("service", "POST", "/portal/api/callback-url");
    for (const url of [property("service", launch, "lobbyUrl"), property("service", portal, "callbackUrl")]) {
      expect(url).toMatchObject({ type: "string", format: "uri" });
      const pattern = new RegExp(url.pattern ?? "");
      expect(pattern.test("https://casino.example/lobby")).toBe(true);
      expect(pattern.test("http://127.0.0.1:9001")).toBe(true);
      expect(pattern.test("ftp://casino.example")).toBe(false);
      expect(pattern.test("/lobby")).toBe(false);
      expect(pattern.test("javascript:alert(1)")).toBe(false);
    }
  });

  it("requires playerRef on the operator's balance callback query", () => {
    const parameters = operation("operator-wallet", "GET", "/v1/wallet/balance").parameters ?? [];
    expect(parameters).toContainEqual(expect.objectContaining({ name: "playerRef", in: "query", required: true }));
  });

  it("shapes session verify, session revoke and the portal as decisions.md §2 says", () => {
    const verify = responseSchema("service", "POST", "/v1/wallet/session/verify");
    expect(verify.required?.sort()).toEqual(["currency", "expiresAt", "gameId", "language", "mode", "playerRef"]);
    expect(verify.properties).not.toHaveProperty("operatorId");
    const revoke = requestSchema("provider-webhooks", "POST", "/v1/game/session/revoke");
    expect(revoke.required?.sort()).toEqual(["gameId", "playerRef", "reason", "sessionToken"]);
    expect(property("provider-webhooks", revoke, "reason").enum).toEqual(["KICK", "SELF_EXCLUSION", "FRAUD_HOLD", "EXPIRED"]);
    const rotated = responseSchema("service", "POST", "/portal/api/rotate-secret");
    expect(property("service", rotated, "previousSecretValidUntil").format).toBe("date-time");
    expect(operation("service", "POST", "/portal/api/rotate-secret").requestBody).toBeUndefined();
    const revokedPrevious = responseSchema("service", "POST", "/portal/api/revoke-previous-secret");
    expect(property("service", revokedPrevious, "previousSecretValidUntil").type).toBe("null");
    expect(operation("service", "POST", "/portal/api/revoke-previous-secret").requestBody).toBeUndefined();
    expect(property("service", responseSchema("service", "GET", "/healthz"), "status").enum).toEqual(["ok"]);
  });
});
