import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWallet, type RunningWallet } from "../../mock-operator-wallet/src/index.js";
import { startMockProvider, type RunningMockProvider } from "../../scripts/src/sandbox/mock-provider/mock-provider-server.js";
import { formatJunitReport, formatTerminalReport, runProviderChecks, runWalletChecks } from "../src/index.js";
import { providerChecks } from "../src/provider/provider-checks.js";
import { walletChecks } from "../src/wallet/run-wallet-checks.js";

/* The project's own mocks are the reference: the mock wallet passes every wallet check, the sandbox studio every provider check. */
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
/** The report's last lines from its result on: what the README shows of it. */
const resultOf = (text: string) => text.slice(text.indexOf("Result: ")).trimEnd();
const OPERATOR = { operatorId: "op-acme", secret: "acme-secret" };
let wallet: RunningWallet;
let studio: RunningMockProvider;
beforeAll(async () => {
  wallet = await startWallet({ tenantId: OPERATOR.operatorId, secret: OPERATOR.secret, players: { "p-1": 10_000 } });
  studio = await startMockProvider({ providers: [{ id: "prov-star", secret: "star-secret" }] });
});
afterAll(async () => {
  await wallet.close();
  await studio.close();
});

describe("the mock operator wallet", () => {
  it("passes every wallet check, leaves the balance as found, and the ledger lists what moved", async () => {
    const progress: string[] = [];
    const report = await runWalletChecks({
      url: wallet.url,
      ...OPERATOR,
      players: ["p-1"],
      allowMoneyMoves: true,
      onProgress: (_done, _total, check) => progress.push(check.id),
    });
    expect(report.results.filter((result) => result.status !== "pass")).toEqual([]);
    expect(report.summary.passed).toBe(walletChecks.length);
    expect(report.ok).toBe(true);
    expect(wallet.ledger.balance("p-1")).toBe(10_000);
    expect(report.balances).toEqual([{ playerRef: "p-1", before: 10_000, after: 10_000 }]);
    // Every transaction the wallet applied is in the kit's ledger, in order.
    const applied = wallet.ledger.entries("p-1").map((entry) => entry.transactionId);
    const sent = report.ledger.filter((line) => line.answer.startsWith("200")).map((line) => line.transactionId);
    expect([...new Set(sent)]).toEqual(applied);
    expect(progress).toEqual([...walletChecks.map((check) => check.id), ""]);
    const text = formatTerminalReport(report);
    expect(text).toContain("PASS  I2  concurrent duplicates of one transaction move the balance once");
    expect(text).toContain("p-1: balance 10000 before, 10000 after (left as found)");
    expect(text).toContain("Result: PASS");
  });

  it("without allowMoneyMoves runs no check that moves a balance, and says why", async () => {
    const before = wallet.ledger.entries("p-1").length;
    const report = await runWalletChecks({ url: wallet.url, ...OPERATOR, players: ["p-1"] });
    const skipped = report.results.filter((result) => result.status === "skip");
    expect(skipped.map((result) => result.id)).toEqual(walletChecks.filter((check) => check.movesMoney).map((check) => check.id));
    expect(skipped[0]?.reason).toContain("--allow-money-moves");
    expect(report.results.filter((result) => result.status === "fail")).toEqual([]);
    expect([report.verdict, report.ok]).toEqual(["incomplete", false]);
    // Only amount-0 transactions reached the ledger.
    expect(
      wallet.ledger
        .entries("p-1")
        .slice(before)
        .every((entry) => entry.amount === 0 && entry.delta === 0),
    ).toBe(true);
    expect(wallet.ledger.balance("p-1")).toBe(10_000);
  });

  it("without a player skips the checks that need one, and reports the run incomplete, not a pass, naming them", async () => {
    const report = await runWalletChecks({ url: wallet.url, ...OPERATOR, allowMoneyMoves: true });
    const skipped = report.results.filter((result) => result.status === "skip");
    const needPlayer = walletChecks.filter((check) => check.needsPlayer).map((check) => check.id);
    expect(skipped.map((result) => result.id)).toEqual(needPlayer);
    expect(skipped[0]?.reason).toContain("--player");
    expect(report.summary.failed).toBe(0);
    expect([report.verdict, report.ok]).toEqual(["incomplete", false]);
    expect(report.ledger.every((line) => line.amount === 0)).toBe(true);
    const text = formatTerminalReport(report);
    expect(text).not.toContain("Result: PASS");
    expect(text).toContain(
      `Result: INCOMPLETE: ${needPlayer.length} of ${walletChecks.length} checks were skipped, so this run is not a pass; run them before go-live:\n` +
        `  ${needPlayer.join(", ")}: needs a player: name a sandbox player with a known balance (--player REF)\n`,
    );
    expect(readme).toContain(`\`\`\`text\n${resultOf(text)}\n\`\`\``);
    const junit = formatJunitReport(report);
    expect(junit).toContain('<property name="verdict" value="incomplete"/>');
    expect(junit).toContain(`<system-out>incomplete: ${needPlayer.length} of ${walletChecks.length} checks were skipped`);
  });

  it.each([
    ["a wrong secret", { operatorId: OPERATOR.operatorId, secret: "wrong" }],
    ["a wrong operator id", { operatorId: "op-other", secret: OPERATOR.secret }],
  ])("with %s stops at the first call: your credentials were refused, no check run, nothing sent after it", async (_what, tenant) => {
    const calls = wallet.ledger.entries("p-1").length;
    const report = await runWalletChecks({ url: wallet.url, ...tenant, players: ["p-1"], allowMoneyMoves: true });
    expect([report.verdict, report.ok, report.results]).toEqual(["credentials-refused", false, []]);
    expect(report.credentials).toEqual({ accepted: false, call: "GET /v1/wallet/balance?playerRef=p-1", got: "401 invalid signature" });
    expect(report.ledger).toEqual([]);
    expect(wallet.ledger.entries("p-1").length).toBe(calls);
    const text = formatTerminalReport(report);
    expect(text).toContain(
      `The run stopped: your credentials were refused: GET /v1/wallet/balance?playerRef=p-1, signed as ${tenant.operatorId} with the secret given, was answered 401 invalid signature.\n` +
        "Check the operator id (--operator-id) and the secret (--secret)",
    );
    expect(text).not.toMatch(/FAIL {2}/);
    expect(text.trimEnd().endsWith("Result: CREDENTIALS REFUSED")).toBe(true);
    if (tenant.operatorId === OPERATOR.operatorId)
      expect(readme).toContain(`\`\`\`text\n${text.slice(text.indexOf("The run stopped: your credentials")).trimEnd()}\n\`\`\``);
    const junit = formatJunitReport(report);
    expect(junit).toContain('tests="1" failures="1" skipped="0"');
    expect(junit).toContain(
      '<failure message="your credentials were refused: GET /v1/wallet/balance?playerRef=p-1 was answered 401 invalid signature">',
    );
  });
});

describe("the sandbox's mock studio", () => {
  it("passes every provider check", async () => {
    const report = await runProviderChecks({
      url: studio.webhookUrlFor("prov-star"),
      providerId: "prov-star",
      secret: "star-secret",
      gameId: "starfall",
    });
    expect(report.results.filter((result) => result.status !== "pass")).toEqual([]);
    expect(report.summary.passed).toBe(providerChecks.length);
    expect([report.verdict, report.ok]).toEqual(["pass", true]);
    // The studio saw the kit's grants and revokes, under the path prefix of its webhook URL.
    expect(studio.batches.list("croupier-conformance-player").length).toBeGreaterThanOrEqual(3);
    expect(studio.revocations.some((revocation) => revocation.reason === "EXPIRED")).toBe(true);
  });

  it("with a wrong secret stops at the first call: your credentials were refused, no grant asked for", async () => {
    const grants = studio.batches.list("croupier-conformance-player").length;
    const report = await runProviderChecks({ url: studio.webhookUrlFor("prov-star"), providerId: "prov-star", secret: "wrong", gameId: "starfall" });
    expect([report.verdict, report.results]).toEqual(["credentials-refused", []]);
    expect(report.credentials).toMatchObject({ accepted: false, call: "POST /providers/prov-star/v1/game/session/revoke" });
    expect(report.credentials.got).toMatch(/^401 /);
    expect(formatTerminalReport(report)).toContain("Check the provider id (--provider-id) and the secret (--secret)");
    expect(studio.batches.list("croupier-conformance-player").length).toBe(grants);
  });
});
