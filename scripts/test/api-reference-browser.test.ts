import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxBanner } from "../src/sandbox/sandbox-banner.js";
import { startSandbox, type RunningSandbox } from "../src/sandbox/sandbox.js";
import { launchChromium } from "./chromium.js";
import { expectAccessible } from "./page-checks.js";
import { tempDir } from "./process-harness.js";

/*
 * The API reference at /docs in headless Chromium (Debian's package) against the sandbox's service: every operation
 * of the three OpenAPI documents is on its page, the pages pass axe-core and fit a phone's width, and the browser
 * asks nothing of any host but the service.
 */
const DOCUMENTS = ["service", "operator-wallet", "provider-webhooks"] as const;

const documentText = (key: string) => readFileSync(createRequire(import.meta.url).resolve(`@croupier/spec/${key}.openapi.yaml`), "utf8");

/** Every operation of a generated document, as its page heads it (`METHOD /path`), read from the YAML's `paths` block. */
function operationsOf(key: string): string[] {
  const operations: string[] = [];
  let inPaths = false;
  let path = "";
  for (const line of documentText(key).split("\n")) {
    if (/^\S/.test(line)) inPaths = line === "paths:";
    else if (inPaths && /^ {2}\//.test(line)) path = line.trim().slice(0, -1);
    else if (inPaths && /^ {4}(get|put|post|delete|patch):$/.test(line)) operations.push(`${line.trim().slice(0, -1).toUpperCase()} ${path}`);
  }
  return operations;
}

let browser: Browser;
let sandbox: RunningSandbox;
const dir = tempDir();
/** Every URL the browser asked for, page loads, style sheets and anything else. */
const requested: string[] = [];
/** What the pages logged as errors: a request the Content-Security-Policy blocked is one, and is never sent. */
const consoleErrors: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: dir.path, servicePort: 0, walletPort: 0, providerPort: 0, logLevel: "silent" });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
  dir.remove();
});

async function open(path: string, width = 1200): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  page.setDefaultTimeout(15_000);
  page.on("request", (request) => requested.push(request.url()));
  page.on("console", (message) => void (message.type() === "error" && consoleErrors.push(message.text())));
  const response = await page.goto(`${sandbox.target.serviceUrl}${path}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toMatch(/^default-src 'self'; script-src 'none';/);
  return page;
}

describe("/docs: the API reference", () => {
  it("is linked from the sandbox's banner", () => {
    const banner = sandboxBanner(sandbox, { service: join(dir.path, "sandbox.db"), wallet: join(dir.path, "sandbox-wallet.db") });
    expect(banner).toContain(`${sandbox.target.serviceUrl}/docs/`);
  });

  it("lists the three documents' operations on its index, and each document's page shows every one of them", async () => {
    const index = await open("/docs/");
    const titles = await index.locator(".documents > li > h2").allTextContents();
    expect(titles).toEqual(["Croupier service API", "Croupier operator wallet callbacks", "Croupier provider webhooks"]);
    const listed = await index.locator(".documents a[href*='#']").allTextContents();
    expect(listed.map((text) => text.replace(/\s+/g, " ").trim()).sort()).toEqual(DOCUMENTS.flatMap(operationsOf).sort());
    await expectAccessible(index, "the index");
    await index.close();

    for (const key of DOCUMENTS) {
      const page = await open(`/docs/${key}.html`);
      const headed = await page.locator("section.operation > h3").allTextContents();
      expect(headed.map((text) => text.replace(/\s+/g, " ").trim()).sort(), key).toEqual(operationsOf(key).sort());
      if (key !== "service") await expectAccessible(page, `${key}.html`);
      await page.close();
    }
  }, 120_000);

  it("serves the OpenAPI documents themselves beside the pages", async () => {
    for (const key of DOCUMENTS) {
      const response = await fetch(`${sandbox.target.serviceUrl}/docs/${key}.openapi.yaml`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(documentText(key));
    }
  });

  it("names no other host in any page's src or href, answers /docs with a redirect and an unknown page with 404", async () => {
    const base = sandbox.target.serviceUrl;
    for (const page of ["", ...DOCUMENTS.map((key) => `${key}.html`), "reference.css", "favicon.svg"]) {
      const text = await (await fetch(`${base}/docs/${page}`)).text();
      expect(text.match(/(?:src|href)\s*=\s*["']?(?:[a-z]+:)?\/\//gi), page).toBeNull();
      expect(text.match(/@import|url\(/gi), page).toBeNull();
    }
    const bare = await fetch(`${base}/docs`, { redirect: "manual" });
    expect([bare.status, bare.headers.get("location")]).toEqual([301, "/docs/"]);
    const missing = await fetch(`${base}/docs/nothing.html`);
    expect([missing.status, await missing.json()]).toEqual([404, { error: "no such page in the API reference", code: "not_found" }]);
  });

  it("fits a phone's width: nothing scrolls sideways but code and tables inside their own boxes", async () => {
    for (const path of ["/docs/", "/docs/service.html"]) {
      const page = await open(path, 390);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(overflow, path).toBeLessThanOrEqual(390);
      await page.close();
    }
  });

  it("asked nothing of any host but the service, and nothing was refused by its Content-Security-Policy", () => {
    const origin = new URL(sandbox.target.serviceUrl).origin;
    expect(requested.length).toBeGreaterThan(5);
    expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    expect(consoleErrors, consoleErrors.join("\n")).toEqual([]);
    expect(new URL(sandbox.target.serviceUrl).hostname).toBe("127.0.0.1");
  });
});
