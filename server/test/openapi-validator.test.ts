import express, { type ErrorRequestHandler } from "express";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openApiValidator, SERVICE_OPENAPI_PATH } from "../src/http/openapi-validator.js";
import { readOpenApiDocument } from "../src/http/validation-document.js";

/** Serves `handlers` then a 200, and answers with the message of any error they pass on. */
async function serve(handlers: express.RequestHandler[]): Promise<{ url: string; close(): void }> {
  const app = express();
  app.use(...handlers);
  app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
  const report: ErrorRequestHandler = (error: Error, _req, res, _next) => void res.status(599).json({ message: error.message });
  app.use(report);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe("openApiValidator", () => {
  const servers: { close(): void }[] = [];
  afterAll(() => servers.forEach((server) => server.close()));

  it("checks each instance's document against the OpenAPI schema, and the process parses the document once", async () => {
    const document = readOpenApiDocument(SERVICE_OPENAPI_PATH);
    expect(readOpenApiDocument(SERVICE_OPENAPI_PATH)).toBe(document);
    const valid = await serve(openApiValidator({ document, validateResponses: false }).handlers);
    servers.push(valid);
    expect((await fetch(`${valid.url}/healthz`)).status).toBe(200);

    // The same document with an operation whose answers are a number, not a map of statuses.
    const broken = structuredClone(document) as { paths: Record<string, { get?: { responses: unknown } }> };
    broken.paths["/healthz"]!.get!.responses = 42;
    // The library prints the schema's complaints before refusing: kept out of the test output, and checked.
    const printed = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const refusing = await serve(openApiValidator({ document: broken, validateResponses: false }).handlers);
    servers.push(refusing);
    const reply = await fetch(`${refusing.url}/healthz`);
    expect(reply.status).toBe(599);
    expect(((await reply.json()) as { message: string }).message).toMatch(/apiDoc was invalid/);
    expect(printed.mock.calls.flat().join(" ")).toMatch(/responses/);
    printed.mockRestore();
  });
});
