import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperatorClient } from "@croupier/sdk-operator";
import { parseConfig } from "@croupier/server/config";
import { startServer, type RunningServer } from "@croupier/server/server";
import { runDemo, type DemoReport } from "../src/demo/demo-session.js";
import { startSandbox, type RunningSandbox } from "../src/sandbox/sandbox.js";
import { buildSandboxConfig, SANDBOX_ACCOUNTS, SANDBOX_OPERATOR } from "../src/sandbox/sandbox-config.js";
import { launchChromium } from "./chromium.js";
import { expectAccessible, PHONE, shoot } from "./page-checks.js";
import { TEST_SANDBOX, tempDir } from "./process-harness.js";

/*
 * The web back office end to end, in headless Chromium (Debian's package; never a browser download) against the real
 * sandbox: the service, the mock wallet with its fault switch, and the demo's failed WIN. Every page is checked with
 * axe-core and photographed into a folder this test prints; CROUPIER_UPDATE_SCREENSHOTS=1 writes them to
 * docs/screenshots/ for docs/back-office.md instead.
 */

const REPO = resolve(import.meta.dirname, "../..");
const SHOTS =
  process.env.CROUPIER_UPDATE_SCREENSHOTS === "1" ? join(REPO, "docs/screenshots") : mkdtempSync(join(tmpdir(), "croupier-backoffice-shots-"));
const account = (username: string) => SANDBOX_ACCOUNTS.find((a) => a.username === username)!;

let browser: Browser;
let sandbox: RunningSandbox;
let dir: ReturnType<typeof tempDir>;
let demo: DemoReport;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  console.log(`back-office screenshots: ${SHOTS}`);
  dir = tempDir();
  sandbox = await startSandbox({ dataDir: dir.path, ...TEST_SANDBOX });
  demo = await runDemo(sandbox.target);
  browser = await launchChromium();
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
    // A first visit: nobody's session ended, so nothing says so.
    await page.getByLabel("Username").waitFor();
    expect(await page.getByText("Your session has ended").count()).toBe(0);
    await shoot(page, SHOTS, "sign-in");
    await page.getByLabel("Username").fill("acme-manager");
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "Wrong username or password." }).waitFor();
    await signIn(page, sandbox.service.url, "acme-manager");

    await page.getByRole("heading", { name: "Open problems" }).waitFor();
    expect(await page.locator("section[aria-labelledby=problems-title] .figure").textContent()).toBe("1");
    // The hour minute by minute (issue 31): three small charts, each an image named and described in words, drawn
    // from the demo's transactions and calls, inside the screen at a desktop's width and at a phone's.
    await page.getByRole("img", { name: /Transactions received per minute: highest \d+ a minute at/ }).waitFor();
    await page.getByRole("img", { name: /Wallet calls per minute, by outcome: highest \d+ a minute at/ }).waitFor();
    await page.getByRole("img", { name: /Wallet latency per minute: highest \d+ ms at/ }).waitFor();
    expect(await page.locator("#chart-transactions-title ~ svg rect").count()).toBeGreaterThan(0);
    expect(await page.locator("#chart-calls-title ~ svg rect.chart-failed").count()).toBeGreaterThan(0);
    expect(await page.locator("#chart-latency-title ~ svg rect.chart-mean").count()).toBeGreaterThan(0);
    for (const viewport of [{ width: 1200, height: 800 }, PHONE]) {
      await page.setViewportSize(viewport);
      for (const box of await Promise.all((await page.locator("svg.chart-plot").all()).map((plot) => plot.boundingBox()))) {
        expect(box!.width).toBeGreaterThan(200);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      }
    }
    await page.setViewportSize({ width: 1200, height: 800 });
    await shoot(page, SHOTS, "overview", { fullPage: true });

    await page.getByRole("link", { name: "Problems", exact: true }).click();
    await page.getByRole("heading", { name: new RegExp(`Unsettled credit: ${demo.playerRef}`) }).waitFor();
    // The card says how much is owed, in the player's currency.
    await page.getByText("€3.00 (Win)").waitFor();
    await shoot(page, SHOTS, "problems");

    // Find the player's failed WIN with the filters.
    await page.getByRole("link", { name: "Transactions", exact: true }).click();
    await page.getByRole("form", { name: "Filter transactions" }).waitFor();
    // Without a From, the list covers the last day only, and says so (issue 30 item 1).
    await page.getByText(/^Received from .+ to now \(the last 24 hours: set From to see older transactions\)\.$/).waitFor();
    await page.getByLabel("Player").fill(demo.playerRef);
    await page.getByLabel("Type").selectOption("WIN");
    await page.getByLabel("State").selectOption("FAILED");
    await page.getByRole("button", { name: "Apply filters" }).click();
    // The unfiltered list holds the WIN too: wait for the filtered one.
    await expect.poll(() => page.locator("tbody tr").count(), { timeout: 15_000 }).toBe(1);
    const row = page.getByRole("link", { name: win.transactionId });
    expect(await page.locator("tbody tr td").nth(3).textContent()).toBe("€3.00");
    await shoot(page, SHOTS, "transactions");
    await row.click();

    // Its delivery log: the game's call and the settlement retries, each answered 500 by the flaky wallet.
    await page.getByRole("heading", { name: "Delivery log" }).waitFor();
    const attempts = page.locator("ol.timeline > li");
    const logged = await attempts.count();
    expect(logged).toBeGreaterThanOrEqual(2);
    expect(await attempts.first().textContent()).toContain("Asked by the game");
    expect(await attempts.first().textContent()).toContain("The wallet answered HTTP 500.");
    expect(await page.getByRole("heading", { name: /^Round / }).textContent()).toBe(`Round ${win.roundId}: Open`);
    // The body sent, never its live session token (decisions.md §5).
    expect(JSON.parse((await page.locator("section[aria-labelledby=request-title] pre").textContent()) ?? "")).toMatchObject({
      transactionId: win.transactionId,
      sessionToken: "[redacted]",
    });
    await shoot(page, SHOTS, "transaction-detail");

    const before = await walletState(win.transactionId);
    expect(before.entries).toBe(0);
    await page.getByRole("button", { name: "Re-send now" }).click();
    await page.getByRole("status").filter({ hasText: "Re-sent: the wallet applied it." }).waitFor();
    await page.locator(".state-OK").first().waitFor();
    expect(await attempts.count()).toBe(logged + 1);
    expect(await attempts.last().textContent()).toContain("Asked by a person (backoffice:acme-manager)");
    const after = await walletState(win.transactionId);
    expect(after).toEqual({ balance: before.balance! + 300, entries: 1 });

    // Re-sent and settled: no longer a problem, in the list either.
    await page.getByRole("link", { name: "Transactions", exact: true }).click();
    await page.getByRole("link", { name: win.transactionId }).waitFor();
    const listed = page.locator("tbody tr").filter({ has: page.getByRole("link", { name: win.transactionId }) });
    await expect.poll(() => listed.locator(".state").textContent()).toBe("Ok");
    expect(await listed.textContent()).not.toMatch(/problem/i);

    await page.getByRole("link", { name: "Problems", exact: true }).click();
    await page.getByText("Nothing needs a person right now.").waitFor();

    await page.getByRole("link", { name: "Players' sessions", exact: true }).click();
    await page.getByRole("button", { name: "Kick p-browsing" }).waitFor();
    await shoot(page, SHOTS, "sessions");

    await page.getByRole("link", { name: "Free spins", exact: true }).click();
    await page.getByRole("cell", { name: demo.playerRef }).first().waitFor();
    await shoot(page, SHOTS, "free-spins");

    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByRole("heading", { name: "Send a test call" }).waitFor();
    await page.getByLabel("Player").fill(demo.playerRef);
    await page.getByRole("button", { name: "Send a test call" }).click();
    await page.getByText(/The wallet answered in \d+ ms\./).waitFor();
    expect(await page.getByLabel("The wallet's answer").textContent()).toContain(String(after.balance));
    // In major units with the currency chosen (EUR, the first the games take), the minor units beside them.
    const euros = new Intl.NumberFormat(undefined, { style: "currency", currency: "EUR" }).format(after.balance! / 100);
    await page.getByText(`Balance: ${euros} (${after.balance} minor units of EUR)`).waitFor();
    // The answer's box is labelled and scrolls: axe must find it a labelled, focusable region, not a prohibited label.
    await expectAccessible(page, "settings after a test call");
    await shoot(page, SHOTS, "settings");

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
    const rows = () =>
      page.locator("tbody tr").evaluateAll((trs) =>
        trs.map((tr) =>
          Array.from(tr.querySelectorAll("td"))
            .slice(1)
            .map((td) => td.textContent),
        ),
      );
    // Every change is there, the sandbox's own setup included (its accounts, its callback URL: issue 30 item 10).
    const all = await rows();
    const problemActions = all.filter((r) => r[0] === "backoffice:acme-manager" && (r[1] === "Resolve" || r[1] === "Resend"));
    expect(problemActions.map((r) => [r[0], r[1], r[3], r[4]])).toEqual([
      ["backoffice:acme-manager", "Resolve", "credited by hand, ticket 4711", "RESOLVED"],
      ["backoffice:acme-manager", "Resend", "—", "OK"],
    ]);
    expect(all.map((r) => r[1])).toEqual(expect.arrayContaining(["Account add", "Callback url", "Kick", "Grant issue", "Grant cancel", "Test call"]));
    // The filter by kind asks the service for that kind alone.
    await page.getByLabel("Kind").selectOption("RESOLVE");
    await page.waitForFunction(() => Array.from(document.querySelectorAll("tbody tr td:nth-child(3)")).every((td) => td.textContent === "Resolve"));
    expect((await rows()).map((r) => [r[1], r[3]])).toEqual([["Resolve", "credited by hand, ticket 4711"]]);
    await page.getByLabel("Kind").selectOption("");
    await page.getByRole("cell", { name: "Account add" }).first().waitFor();
    await shoot(page, SHOTS, "audit-log");
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
    // Nor a test call: the service refuses a viewer's (it is audited as a change), so the form would only fail.
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByRole("heading", { name: "Wallet callback" }).waitFor();
    expect(await page.getByRole("button", { name: /Send a test call|Save callback URL|Rotate the secret/ }).count()).toBe(0);
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
    await shoot(page, SHOTS, "settings-platform");
    await page.close();
  }, 60_000);

  // Last of the sandbox's tests: it rotates op-acme's secret, which a later demo would not know.
  it("lets a manager kick a player, issue and cancel free spins, set the callback URL and rotate the secret (shown once)", async () => {
    const page = await newPage();
    await signIn(page, sandbox.service.url, "acme-manager");
    await page.getByRole("link", { name: "Players' sessions", exact: true }).click();
    // A kick asks first, naming the player and what happens; "Keep it" does nothing.
    await page.getByRole("button", { name: "Kick p-browsing" }).click();
    const kickQuestion = page.getByText("Kick p-browsing? Every active session of p-browsing ends now, in every game");
    await kickQuestion.waitFor();
    await page.getByRole("button", { name: "Keep it" }).click();
    await page.getByRole("button", { name: "Kick p-browsing" }).click();
    await page.getByRole("button", { name: "Yes, kick p-browsing" }).click();
    await page.getByRole("status").filter({ hasText: "p-browsing: 1 session ended." }).waitFor();
    // The sandbox's own launches (p-sandbox) stay; p-browsing's is gone.
    await expect.poll(() => page.getByRole("cell", { name: "p-browsing", exact: true }).count()).toBe(0);

    await page.getByRole("link", { name: "Free spins", exact: true }).click();
    const issue = page.getByRole("region", { name: "Issue free spins" });
    await issue.getByLabel("Player").fill("p-gift");
    // The campaigns usable now are offered by what a grant gives (issue 31), not typed as an id.
    const campaign = issue.getByRole("combobox", { name: /^Campaign/ });
    await campaign.locator("option").first().waitFor({ state: "attached" });
    const offered = await campaign.locator("option").allTextContents();
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatch(/^welcome-10: 10 spins on Starfall, €0\.20 a spin, until .*2099/);
    await campaign.selectOption("welcome-10");
    await issue.getByRole("button", { name: "Issue grant" }).click();
    await page.getByRole("status").filter({ hasText: "Issued 10 free spins on starfall to p-gift." }).waitFor();
    // A direct grant offers only the currencies of the game chosen.
    await issue.getByLabel("a game, directly").check();
    await issue.locator("select[name=gameId]").selectOption("moonshot");
    expect(await issue.locator("select[name=currency] option").allTextContents()).toEqual(["EUR", "GBP"]);
    await issue.locator("select[name=gameId]").selectOption("starfall");
    expect(await issue.locator("select[name=currency] option").allTextContents()).toEqual(["EUR", "USD"]);
    await page.getByRole("button", { name: "Cancel grant for p-gift" }).click();
    await page.getByText("Cancel the grant of 10 free spins on starfall for p-gift? The studio voids the spins not yet played").waitFor();
    await page.getByRole("button", { name: "Yes, cancel the grant for p-gift" }).click();
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
    await expectAccessible(page, "settings showing a new secret");
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
