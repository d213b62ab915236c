import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import axe from "axe-core";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperatorClient } from "@croupier/sdk-operator";
import { parseConfig } from "@croupier/server/config";
import { startServer, type RunningServer } from "@croupier/server/server";
import { runDemo, type DemoReport } from "../src/demo/demo-session.js";
import { startSandbox, type RunningSandbox } from "../src/sandbox/sandbox.js";
import { buildSandboxConfig, SANDBOX_ACCOUNTS, SANDBOX_OPERATOR } from "../src/sandbox/sandbox-config.js";
import { tempDir } from "./process-harness.js";

/*
 * The web back office end to end, in headless Chromium (Debian's package; never a browser download) against the real
 * sandbox: the service, the mock wallet with its fault switch, and the demo's failed WIN. Every page is checked with
 * axe-core and photographed into a folder this test prints; CROUPIER_UPDATE_SCREENSHOTS=1 writes them to
 * docs/screenshots/ for the README instead.
 */

const CHROMIUM = "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const REPO = resolve(import.meta.dirname, "../..");
const SHOTS =
  process.env.CROUPIER_UPDATE_SCREENSHOTS === "1" ? join(REPO, "docs/screenshots") : mkdtempSync(join(tmpdir(), "croupier-backoffice-shots-"));
const account = (username: string) => SANDBOX_ACCOUNTS.find((a) => a.username === username)!;

let browser: Browser;
let sandbox: RunningSandbox;
let dir: ReturnType<typeof tempDir>;
let demo: DemoReport;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium); .ci/run does`);
  mkdirSync(SHOTS, { recursive: true });
  console.log(`back-office screenshots: ${SHOTS}`);
  dir = tempDir();
  sandbox = await startSandbox({ dataDir: dir.path, servicePort: 0, walletPort: 0, providerPort: 0, logLevel: "silent" });
  demo = await runDemo(sandbox.target);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
}, 120_000);

/** A fresh page; a step that cannot happen fails within 15 s naming the locator, not at the test's timeout. */
async function newPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  page.setDefaultTimeout(15_000);
  return page;
}

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
  dir?.remove();
});

/** Fails on any serious or critical axe-core violation of the page as it is now, naming each. */
async function expectAccessible(page: Page, name: string): Promise<void> {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  await page.evaluate(axe.source);
  const { violations, passed } = await page.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] });
    return {
      violations: results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      passed: results.passes.length,
    };
  });
  expect(violations, `axe-core on ${name}`).toEqual([]);
  // The rules did run (contrast, labels, landmarks ...): an empty page would pass nothing.
  expect(passed, `axe-core rules passed on ${name}`).toBeGreaterThan(10);
}

async function shoot(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

async function signIn(page: Page, baseUrl: string, username: string, password = account(username).password): Promise<void> {
  await page.goto(`${baseUrl}/backoffice/`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("navigation", { name: "Main" }).waitFor();
}

async function walletState(transactionId: string) {
  const players = (await (await fetch(`${sandbox.wallet.url}/players`)).json()) as { players: { playerRef: string; balance: number }[] };
  return {
    balance: players.players.find((p) => p.playerRef === demo.playerRef)?.balance,
    entries: sandbox.wallet.ledger.entries(demo.playerRef).filter((e) => e.transactionId === transactionId).length,
  };
}

describe("the web back office in a real browser", () => {
  it("lets a manager find a player's failed WIN, read its delivery log and re-send it once; every page is accessible", async () => {
    expect(demo.ok).toBe(true);
    const win = demo.unsettled!;
    expect(win).toMatchObject({ type: "WIN", outcome: "failed" });
    // A live session for the sessions page (the demo kicked its own player).
    const operator = createOperatorClient({ baseUrl: sandbox.service.url, tenantId: SANDBOX_OPERATOR.id, secret: SANDBOX_OPERATOR.secret });
    expect((await operator.launchGame({ playerRef: "p-browsing", gameId: "starfall", currency: "EUR", mode: "REAL" })).error).toBeUndefined();

    const page = await newPage();
    await page.goto(`${sandbox.service.url}/backoffice/`);
    await page.getByRole("heading", { name: "Croupier back office" }).waitFor();
    await shoot(page, "sign-in");
    await page.getByLabel("Username").fill("acme-manager");
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "Wrong username or password." }).waitFor();
    await signIn(page, sandbox.service.url, "acme-manager");

    await page.getByRole("heading", { name: "Open problems" }).waitFor();
    expect(await page.locator("section[aria-labelledby=problems-title] .figure").textContent()).toBe("1");
    await shoot(page, "overview");

    await page.getByRole("link", { name: "Problems", exact: true }).click();
    await page.getByRole("heading", { name: new RegExp(`Unsettled credit: ${demo.playerRef}`) }).waitFor();
    await shoot(page, "problems");

    // Find the player's failed WIN with the filters.
    await page.getByRole("link", { name: "Transactions", exact: true }).click();
    await page.getByRole("form", { name: "Filter transactions" }).waitFor();
    await page.getByLabel("Player").fill(demo.playerRef);
    await page.getByLabel("Type").selectOption("WIN");
    await page.getByLabel("State").selectOption("FAILED");
    await page.getByRole("button", { name: "Apply filters" }).click();
    // The unfiltered list holds the WIN too: wait for the filtered one.
    await expect.poll(() => page.locator("tbody tr").count(), { timeout: 15_000 }).toBe(1);
    const row = page.getByRole("link", { name: win.transactionId });
    expect(await page.locator("tbody tr td").nth(3).textContent()).toBe("€3.00");
    await shoot(page, "transactions");
    await row.click();

    // Its delivery log: the game's call and the settlement retries, each answered 500 by the flaky wallet.
    await page.getByRole("heading", { name: "Delivery log" }).waitFor();
    const attempts = page.locator("ol.timeline > li");
    const logged = await attempts.count();
    expect(logged).toBeGreaterThanOrEqual(2);
    expect(await attempts.first().textContent()).toContain("Asked by the game");
    expect(await attempts.first().textContent()).toContain("The wallet answered HTTP 500.");
    expect(await page.getByRole("heading", { name: /^Round / }).textContent()).toBe(`Round ${win.roundId}: Open`);
    await shoot(page, "transaction-detail");

    const before = await walletState(win.transactionId);
    expect(before.entries).toBe(0);
    await page.getByRole("button", { name: "Re-send now" }).click();
    await page.getByRole("status").filter({ hasText: "Re-sent: the wallet applied it." }).waitFor();
    await page.locator(".state-OK").first().waitFor();
    expect(await attempts.count()).toBe(logged + 1);
    expect(await attempts.last().textContent()).toContain("Asked by a person (backoffice:acme-manager)");
    const after = await walletState(win.transactionId);
    expect(after).toEqual({ balance: before.balance! + 300, entries: 1 });

    await page.getByRole("link", { name: "Problems", exact: true }).click();
    await page.getByText("Nothing needs a person right now.").waitFor();

    await page.getByRole("link", { name: "Players' sessions", exact: true }).click();
    await page.getByRole("button", { name: "Kick p-browsing" }).waitFor();
    await shoot(page, "sessions");

    await page.getByRole("link", { name: "Free spins", exact: true }).click();
    await page.getByRole("cell", { name: demo.playerRef }).first().waitFor();
    await shoot(page, "free-spins");

    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByRole("heading", { name: "Send a test call" }).waitFor();
    await page.getByLabel("Player").fill(demo.playerRef);
    await page.getByRole("button", { name: "Send a test call" }).click();
    await page.getByText(/The wallet answered in \d+ ms\./).waitFor();
    expect(await page.getByLabel("The wallet's answer").textContent()).toContain(String(after.balance));
    await shoot(page, "settings");

    // Once more, at the wallet: the re-send moved the balance exactly once.
    expect(await walletState(win.transactionId)).toEqual(after);
    await page.close();
  }, 120_000);

  it("resolves a problem only with a note, and lists who did what in the audit log", async () => {
    // A second demo leaves a second failed WIN in the queue.
    const again = await runDemo(sandbox.target);
    expect(again.ok).toBe(true);
    const page = await newPage();
    await signIn(page, sandbox.service.url, "acme-manager");
    await page.getByRole("link", { name: "Problems", exact: true }).click();
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: new RegExp(`Unsettled credit: ${again.playerRef}`) }) });
    await card.getByRole("button", { name: "Mark resolved…" }).click();
    await card.getByLabel("Why is it resolved? (required)").fill("   ");
    await card.getByRole("button", { name: "Mark resolved", exact: true }).click();
    await card.getByRole("alert").filter({ hasText: "Write a note saying why it is resolved." }).waitFor();
    await card.getByLabel("Why is it resolved? (required)").fill("credited by hand, ticket 4711");
    await card.getByRole("button", { name: "Mark resolved", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "Marked resolved." }).waitFor();
    await page.getByText("Nothing needs a person right now.").waitFor();
    // Resolving sends nothing: the wallet still has no trace of that WIN.
    expect(sandbox.wallet.ledger.entries(again.playerRef).filter((e) => e.transactionId === again.unsettled!.transactionId)).toEqual([]);

    await page.getByRole("link", { name: "Audit log", exact: true }).click();
    await page.getByRole("cell", { name: "credited by hand, ticket 4711" }).waitFor();
    const rows = await page.locator("tbody tr").evaluateAll((trs) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll("td"))
          .slice(1)
          .map((td) => td.textContent),
      ),
    );
    expect(rows.map((r) => [r[0], r[1], r[3], r[4]])).toEqual([
      ["backoffice:acme-manager", "Resolve", "credited by hand, ticket 4711", "RESOLVED"],
      ["backoffice:acme-manager", "Resend", "—", "OK"],
    ]);
    await shoot(page, "audit-log");
    await page.close();
  }, 120_000);

  it("shows a viewer no change buttons, and the service refuses its re-send anyway", async () => {
    const page = await newPage();
    await signIn(page, sandbox.service.url, "acme-viewer");
    await page.getByRole("link", { name: "Problems", exact: true }).click();
    await page.getByLabel("Status").selectOption("all");
    await page.getByRole("heading", { name: new RegExp(`Unsettled credit: ${demo.playerRef}`) }).waitFor();
    expect(await page.getByRole("button", { name: /Re-send|Mark resolved/ }).count()).toBe(0);
    await page.getByRole("link", { name: "Players' sessions", exact: true }).click();
    await page.getByRole("cell", { name: "p-browsing" }).waitFor();
    expect(await page.getByRole("button", { name: /Kick/ }).count()).toBe(0);
    const refused = await page.evaluate(async () => {
      const me = (await (await fetch("/backoffice/api/me")).json()) as { csrfToken: string };
      const problems = (await (await fetch("/v1/operator/problems?status=all")).json()) as { items: { id: string }[] };
      const reply = await fetch(`/v1/operator/problems/${problems.items[0]!.id}/resend`, {
        method: "POST",
        headers: { "X-CSRF-Token": me.csrfToken },
      });
      return { status: reply.status, body: await reply.json() };
    });
    expect(refused).toEqual({ status: 403, body: { error: "a viewer account can only read", code: "forbidden" } });
    await page.close();
  }, 60_000);

  it("lets a platform account pick the operator and see the tenants' configuration", async () => {
    const page = await newPage();
    await signIn(page, sandbox.service.url, "platform");
    await page.getByLabel("Operator").selectOption(SANDBOX_OPERATOR.id);
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByRole("heading", { name: "Tenants' configuration" }).waitFor();
    expect(await page.getByRole("cell", { name: sandbox.wallet.url }).count()).toBeGreaterThanOrEqual(1);
    await shoot(page, "settings-platform");
    await page.close();
  }, 60_000);

  // Last of the sandbox's tests: it rotates op-acme's secret, which a later demo would not know.
  it("lets a manager kick a player, issue and cancel free spins, set the callback URL and rotate the secret (shown once)", async () => {
    const page = await newPage();
    await signIn(page, sandbox.service.url, "acme-manager");
    await page.getByRole("link", { name: "Players' sessions", exact: true }).click();
    await page.getByRole("button", { name: "Kick p-browsing" }).click();
    await page.getByRole("status").filter({ hasText: "p-browsing: 1 session ended." }).waitFor();
    await page.getByText("No sessions match these filters.").waitFor();

    await page.getByRole("link", { name: "Free spins", exact: true }).click();
    const issue = page.getByRole("region", { name: "Issue free spins" });
    await issue.getByLabel("Player").fill("p-gift");
    await issue.getByLabel("Campaign id").fill("welcome-10");
    await issue.getByRole("button", { name: "Issue grant" }).click();
    await page.getByRole("status").filter({ hasText: "Issued 10 free spins on starfall to p-gift." }).waitFor();
    await page.getByRole("button", { name: "Cancel grant for p-gift" }).click();
    await page.getByRole("status").filter({ hasText: "Grant for p-gift cancelled: its unplayed spins are void." }).waitFor();

    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByLabel("New callback URL").fill(sandbox.wallet.url);
    await page.getByRole("button", { name: "Save callback URL" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Saved: wallet calls now go to ${sandbox.wallet.url}.` })
      .waitFor();

    await page.getByRole("button", { name: "Rotate the secret…" }).click();
    await page.getByRole("button", { name: "Rotate now" }).click();
    const secret = (await page.getByLabel("New secret").textContent()) ?? "";
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const rotated = createOperatorClient({ baseUrl: sandbox.service.url, tenantId: SANDBOX_OPERATOR.id, secret });
    expect((await rotated.listGames()).error).toBeUndefined();
    await page.reload();
    await page.getByRole("heading", { name: `API secret of ${SANDBOX_OPERATOR.id}` }).waitFor();
    expect(await page.getByText(secret).count()).toBe(0);
    await page.close();
  }, 120_000);

  it("signs the person out once the session expires", async () => {
    const config = buildSandboxConfig({
      host: "127.0.0.1",
      servicePort: 0,
      walletUrl: sandbox.wallet.url,
      providerUrl: sandbox.provider.url,
      sqlitePath: ":memory:",
      logLevel: "silent",
    });
    // A service of its own, on an in-memory database sealed with a throwaway key, whose sessions last 2 seconds.
    const short: RunningServer = await startServer(parseConfig({ ...config, backoffice: { sessionTtlSeconds: 2 } }), { secretKey: randomBytes(32) });
    try {
      const manager = account("acme-manager");
      await short.services.backoffice.addUser(manager);
      const page = await newPage();
      await signIn(page, short.url, manager.username);
      await new Promise((done) => setTimeout(done, 2500));
      await page.getByRole("link", { name: "Transactions", exact: true }).click();
      await page.getByText("Your session has ended. Sign in again.").waitFor();
      expect(await page.getByLabel("Password").isVisible()).toBe(true);
      await page.close();
    } finally {
      await short.close();
    }
  }, 60_000);
});
