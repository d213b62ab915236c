import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWallet, type RunningWallet } from "../../mock-operator-wallet/src/index.js";
import { startMockProvider, type RunningMockProvider } from "../../scripts/src/sandbox/mock-provider/mock-provider-server.js";
import { formatJunitReport, formatTerminalReport, runProviderChecks, runWalletChecks } from "../src/index.js";
import { providerChecks } from "../src/provider/provider-checks.js";
import { walletChecks } from "../src/wallet/run-wallet-checks.js";

/* The project's own mocks are the reference: the mock wallet passes every wallet check, the sandbox studio every provider check. */
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
    // Only amount-0 transactions reached the ledger.
    expect(
      wallet.ledger
        .entries("p-1")
        .slice(before)
        .every((entry) => entry.amount === 0 && entry.delta === 0),
    ).toBe(true);
    expect(wallet.ledger.balance("p-1")).toBe(10_000);
  });

  it("without a player skips the checks that need one, and says why", async () => {
    const report = await runWalletChecks({ url: wallet.url, ...OPERATOR, allowMoneyMoves: true });
    const skipped = report.results.filter((result) => result.status === "skip");
    expect(skipped.map((result) => result.id)).toEqual(walletChecks.filter((check) => check.needsPlayer).map((check) => check.id));
    expect(skipped[0]?.reason).toContain("--player");
    expect(report.ok).toBe(true);
    expect(report.ledger.every((line) => line.amount === 0)).toBe(true);
  });

  it("reports a wrong secret as failures with expected, got and the rule, in text and JUnit", async () => {
    const report = await runWalletChecks({ url: wallet.url, operatorId: OPERATOR.operatorId, secret: "wrong", players: ["p-1"], only: ["B1", "S1"] });
    expect(report.results.map((result) => [result.id, result.status])).toEqual([
      ["S1", "pass"],
      ["B1", "fail"],
    ]);
    const text = formatTerminalReport(report);
    expect(text).toMatch(/FAIL {2}B1 .*\n {8}expected: 200 \{ balance: <integer> \}\n {8}got: {6}401 invalid signature\n {8}rule: {5}Section C/);
    expect(text).toContain("Result: FAIL");
    const junit = formatJunitReport(report);
    expect(junit).toContain('tests="2" failures="1" skipped="0"');
    expect(junit).toContain('<failure message="expected 200 { balance: &lt;integer&gt; }, got 401 invalid signature">');
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
    // The studio saw the kit's grants and revokes, under the path prefix of its webhook URL.
    expect(studio.batches.list("croupier-conformance-player").length).toBeGreaterThanOrEqual(3);
    expect(studio.revocations.some((revocation) => revocation.reason === "EXPIRED")).toBe(true);
  });
});
