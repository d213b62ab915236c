import { afterEach, describe, expect, it } from "vitest";
import { runWalletChecks } from "../src/index.js";
import { walletChecks } from "../src/wallet/run-wallet-checks.js";
import { startTestWallet, type WalletDefects } from "./support/test-wallet.js";

/*
 * Proof that the kit can fail: one wallet per defect, each wrong in exactly one way, and the check that enforces
 * the broken rule (only it) fails. The same wallet with no defect passes every check, so each failure is the
 * defect's and not the test wallet's.
 */
const OPERATOR = { operatorId: "op-broken", secret: "broken-secret" };
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function failingChecks(defects: WalletDefects, extra: { timeoutMs?: number } = {}) {
  const wallet = await startTestWallet({ tenantId: OPERATOR.operatorId, secret: OPERATOR.secret, players: { "p-1": 50_000 }, defects });
  close = wallet.close;
  const report = await runWalletChecks({ url: wallet.url, ...OPERATOR, players: ["p-1"], allowMoneyMoves: true, ...extra });
  return {
    report,
    failed: report.results.filter((result) => result.status === "fail").map((result) => result.id),
    balance: wallet.balances.get("p-1"),
  };
}

describe("the kit against deliberately broken wallets", () => {
  it("passes the test wallet with no defect, every check run, the balance left as found", async () => {
    const { report, failed, balance } = await failingChecks({});
    expect(failed).toEqual([]);
    expect(report.summary).toEqual({ total: walletChecks.length, passed: walletChecks.length, failed: 0, skipped: 0 });
    expect(balance).toBe(50_000);
  });

  const cases: [string, WalletDefects, string][] = [
    ["accepts calls without signing headers", { acceptsUnsigned: true }, "S2"],
    ["never checks the timestamp's age", { ignoresTimestamp: true }, "S3"],
    ["has no replay protection", { noReplayProtection: true }, "S4"],
    ["verifies GET calls only, so a tampered transaction body passes", { skipsPostVerification: true }, "S5"],
    ["ignores the query in the signature (accepts one over the bare path)", { ignoresQuery: true }, "S6"],
    ["does not check X-Tenant-ID", { ignoresTenant: true }, "S7"],
    ["applies retries again (no idempotency cache)", { doubleAppliesRetries: true }, "I1"],
    ["lets concurrent duplicates race past its cache", { racyIdempotency: true }, "I2"],
    ["keys its cache on the amount too", { cacheKeyedOnAmount: true }, "I3"],
    ["refunds the ROLLBACK's amount instead of the BET's", { refundsRollbackAmount: true }, "R2"],
    ["refunds a ROLLBACK of an unknown BET", { refundsUnknownRollbacks: true }, "R3"],
    ["refunds a BET again on a second ROLLBACK", { refundsTwice: true }, "R4"],
    ["refuses the reconciler's sentinel session token", { refusesSentinelSession: true }, "R5"],
    ["lets a BET overdraw the balance", { allowsOverdraft: true }, "D1"],
    ["answers DECLINED to a WIN without a BET", { declinesWinWithoutBet: true }, "D2"],
    ["refuses a BET of 0", { refusesZeroBet: true }, "E1"],
    ["keeps balances as floats", { floatBalances: true }, "E3"],
    ["refuses 8 KiB of metadata", { smallBodyLimit: true }, "E4"],
    ["credits every ADJUSTMENT whatever its direction", { ignoresAdjustmentDirection: true }, "A1"],
  ];
  for (const [defect, defects, check] of cases) {
    it(`a wallet that ${defect} fails ${check}, and only it`, async () => {
      const { report, failed } = await failingChecks(defects);
      expect(failed).toEqual([check]);
      const result = report.results.find((r) => r.id === check);
      expect(result?.expected).toBeTruthy();
      expect(result?.got).toBeTruthy();
    });
  }

  it("a wallet slower than the callback timeout fails L1, and only it", async () => {
    const { failed } = await failingChecks({ latencyMs: 60 }, { timeoutMs: 40 });
    expect(failed).toEqual(["L1"]);
  }, 120_000);

  it("skips the checks after I1 that a wallet without idempotency makes meaningless, naming I1", async () => {
    const { report } = await failingChecks({ doubleAppliesRetries: true });
    const skipped = report.results.filter((result) => result.status === "skip");
    expect(skipped.map((result) => result.id)).toEqual(["I2", "I3"]);
    expect(skipped[0]?.reason).toBe("meaningless after I1 failed");
  });

  it("sends everything to the base address given, path prefix included and signed", async () => {
    const wallet = await startTestWallet({ tenantId: OPERATOR.operatorId, secret: OPERATOR.secret, players: { "p-1": 50_000 } });
    close = wallet.close;
    const report = await runWalletChecks({ url: `${wallet.url}/croupier/callbacks/`, ...OPERATOR, players: ["p-1"], allowMoneyMoves: true });
    expect(report.summary.failed).toBe(0);
    expect(wallet.targets.length).toBeGreaterThan(50);
    expect(wallet.targets.filter((target) => !target.startsWith("/croupier/callbacks/v1/wallet/"))).toEqual([]);
  });

  it("puts back what a broken wallet kept, with one ADJUSTMENT listed in the ledger", async () => {
    const { report, balance } = await failingChecks({ refundsUnknownRollbacks: true });
    expect(balance).toBe(50_000);
    expect(report.balances).toEqual([{ playerRef: "p-1", before: 50_000, after: 50_000 }]);
  });
});
