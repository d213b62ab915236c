import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "./harness.js";

describe("the back office's static files at /backoffice/", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("serves the built app unsigned, with a strict Content-Security-Policy, and nothing else under its path", async () => {
    const bare = await fetch(`${server.url}/backoffice`, { redirect: "manual" });
    expect([bare.status, bare.headers.get("location")]).toEqual([301, "/backoffice/"]);

    const index = await fetch(`${server.url}/backoffice/`);
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toMatch(/^text\/html/);
    expect(index.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(index.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(index.headers.get("x-frame-options")).toBe("DENY");
    const html = await index.text();
    const script = /src="(\/backoffice\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    // Everything the page loads comes from the service itself.
    expect(html).not.toMatch(/https?:\/\//);
    const bundle = await fetch(server.url + script!);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toMatch(/javascript/);
    expect(bundle.headers.get("cache-control")).toContain("immutable");

    const missing = await fetch(`${server.url}/backoffice/nothing-here.js`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "no such file in the back office", code: "not_found" });
    // The API beside it is not static: still the authentication pipeline's.
    expect((await fetch(`${server.url}/backoffice/api/me`)).status).toBe(401);
  });
});
