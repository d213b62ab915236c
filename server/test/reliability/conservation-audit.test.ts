/**
 * The conservation audit must be able to fail: fed a wallet ledger with a lost bet, a double refund, a stuck stake,
 * an unexplained credit, a WIN credited on a round the reconciler refunded and a credit resolved by hand then paid
 * again, it reports each one. (The other reliability tests rely on it finding nothing.)
 */
import type { LedgerEntry } from "@croupier/mock-operator-wallet";
import { describe, expect, it } from "vitest";
import { auditConservation, type PlatformRow } from "./support/conservation-audit.js";
import { ProviderRecord } from "./support/game-play.js";
import type { ProviderTransaction } from "./support/provider-driver.js";

const tx = (
  transactionId: string,
  type: ProviderTransaction["type"],
  amount: number,
  extra: Partial<ProviderTransaction> = {},
): ProviderTransaction => ({
  transactionId,
  type,
  amount,
  sessionToken: "s",
  roundId: extra.roundId ?? "r1",
  playerRef: "p",
  currency: "EUR",
  gameId: "g",
  ...extra,
});
const entry = (transactionId: string, type: LedgerEntry["type"], delta: number, extra: Partial<LedgerEntry> = {}): LedgerEntry => ({
  playerRef: "p",
  transactionId,
  type,
  status: "OK",
  amount: Math.abs(delta),
  delta,
  balanceAfter: 0,
  roundId: "r1",
  gameId: "g",
  currency: "EUR",
  at: "2026-01-01T00:00:00Z",
  ...extra,
});
const ok = { kind: "settled", status: "OK", balance: 0, attempts: 1 } as const;
const row = (
  transactionId: string,
  type: string,
  amount: number,
  originalTransactionId: string | null = null,
  extra: Partial<PlatformRow> = {},
): PlatformRow => ({ transactionId, playerRef: "p", type, amount, originalTransactionId, state: "OK", resolvedByHand: false, ...extra });
const roundClosed = { kind: "rejected", status: 400, code: "ROUND_CLOSED", message: "round closed by the reconciler", attempts: 1 } as const;
const declined = { kind: "settled", status: "DECLINED", balance: 0, attempts: 2 } as const;

describe("conservation audit", () => {
  it("passes a consistent history: bet, win, and an abandoned bet refunded once by the reconciler", () => {
    const record = new ProviderRecord();
    record.add(tx("b1", "BET", 10, { roundComplete: false }), ok);
    record.add(tx("w1", "WIN", 25, { roundComplete: true }), ok);
    record.add(tx("b2", "BET", 7, { roundId: "r2" }), ok);
    const report = auditConservation({
      startBalances: new Map([["p", 100]]),
      finalBalances: new Map([["p", 115]]),
      record,
      walletEntries: [
        entry("b1", "BET", -10),
        entry("w1", "WIN", 25),
        entry("b2", "BET", -7, { roundId: "r2" }),
        entry("stale-rollback:b2", "ROLLBACK", 7, { originalTransactionId: "b2", roundId: "r2" }),
      ],
      platformRows: [row("b1", "BET", 10), row("w1", "WIN", 25), row("b2", "BET", 7), row("stale-rollback:b2", "ROLLBACK", 7, "b2")],
    });
    expect(report.problems).toEqual([]);
    expect(report.staleRefunds).toBe(1);
  });

  it("reports a lost bet, a stuck stake, a double refund and an unexplained credit", () => {
    const record = new ProviderRecord();
    record.add(tx("b1", "BET", 10), ok); // answered OK, never in the wallet: lost
    record.add(tx("b2", "BET", 5, { roundId: "r2" }), ok); // abandoned, never refunded: stuck
    record.add(tx("b3", "BET", 8, { roundId: "r3" }), ok);
    record.add(tx("rb3", "ROLLBACK", 8, { roundId: "r3", originalTransactionId: "b3" }), ok);
    const report = auditConservation({
      startBalances: new Map([["p", 100]]),
      finalBalances: new Map([["p", 111]]),
      record,
      walletEntries: [
        entry("b2", "BET", -5, { roundId: "r2" }),
        entry("b3", "BET", -8, { roundId: "r3" }),
        entry("rb3", "ROLLBACK", 8, { originalTransactionId: "b3", roundId: "r3" }),
        entry("stale-rollback:b3", "ROLLBACK", 8, { originalTransactionId: "b3", roundId: "r3" }),
        entry("gift", "WIN", 8),
      ],
      platformRows: [row("b2", "BET", 5), row("b3", "BET", 8), row("rb3", "ROLLBACK", 8, "b3")],
    });
    expect(report.lost).toBeGreaterThanOrEqual(2);
    expect(report.doubled).toBeGreaterThanOrEqual(2);
    const text = report.problems.join("\n");
    expect(text).toMatch(/b1 of p was answered OK but the wallet never applied it/);
    expect(text).toMatch(/stake b2 of p is stuck/);
    expect(text).toMatch(/bet b3 of p \(stake 8\) was refunded 16/);
    expect(text).toMatch(/gift of p, which no provider answer or stale rollback explains/);
    expect(text).toMatch(/the platform's applied transactions give/);
  });

  it("passes a round the reconciler closed: the late WIN refused ROUND_CLOSED, a cut BET reversed and answered DECLINED, a credit paid once by hand", () => {
    const record = new ProviderRecord();
    record.add(tx("b1", "BET", 10), ok);
    record.add(tx("w1", "WIN", 30, { roundComplete: true }), roundClosed);
    record.add(tx("b2", "BET", 6, { roundId: "r2" }), declined);
    record.add(tx("b3", "BET", 4, { roundId: "r3" }), ok);
    record.add(tx("w3", "WIN", 20, { roundId: "r3", roundComplete: true }), ok);
    const report = auditConservation({
      startBalances: new Map([["p", 100]]),
      finalBalances: new Map([["p", 116]]),
      record,
      walletEntries: [
        entry("b1", "BET", -10),
        entry("stale-rollback:b1", "ROLLBACK", 10, { originalTransactionId: "b1" }),
        entry("b2", "BET", -6, { roundId: "r2" }),
        entry("stale-rollback:b2", "ROLLBACK", 6, { originalTransactionId: "b2", roundId: "r2" }),
        entry("b3", "BET", -4, { roundId: "r3" }),
        entry("hand:w3", "WIN", 20, { roundId: "r3" }),
      ],
      platformRows: [
        row("b1", "BET", 10),
        row("stale-rollback:b1", "ROLLBACK", 10, "b1"),
        row("b2", "BET", 6, null, { state: "PENDING" }),
        row("stale-rollback:b2", "ROLLBACK", 6, "b2"),
        row("b3", "BET", 4),
        row("w3", "WIN", 20, null, { state: "FAILED", resolvedByHand: true }),
      ],
    });
    expect(report.problems).toEqual([]);
    expect([report.roundClosed, report.reversedInFlight, report.resolvedByHand, report.staleRefunds]).toEqual([1, 1, 1, 1]);
  });

  it("reports a WIN credited on a round the reconciler refunded, and a credit resolved by hand that the wallet paid too", () => {
    const record = new ProviderRecord();
    record.add(tx("b1", "BET", 10), ok);
    record.add(tx("w1", "WIN", 30, { roundComplete: true }), roundClosed);
    record.add(tx("b3", "BET", 4, { roundId: "r3" }), ok);
    record.add(tx("w3", "WIN", 20, { roundId: "r3", roundComplete: true }), ok);
    const report = auditConservation({
      startBalances: new Map([["p", 100]]),
      finalBalances: new Map([["p", 166]]),
      record,
      walletEntries: [
        entry("b1", "BET", -10),
        entry("stale-rollback:b1", "ROLLBACK", 10, { originalTransactionId: "b1" }),
        entry("w1", "WIN", 30),
        entry("b3", "BET", -4, { roundId: "r3" }),
        entry("hand:w3", "WIN", 20, { roundId: "r3" }),
        entry("w3", "WIN", 20, { roundId: "r3" }),
      ],
      platformRows: [
        row("b1", "BET", 10),
        row("stale-rollback:b1", "ROLLBACK", 10, "b1"),
        row("b3", "BET", 4),
        row("w3", "WIN", 20, null, { resolvedByHand: true }),
      ],
    });
    expect(report.doubled).toBeGreaterThanOrEqual(2);
    const text = report.problems.join("\n");
    expect(text).toMatch(/WIN w1 of p was refused ROUND_CLOSED, yet the wallet moved 30/);
    expect(text).toMatch(/WIN w3 of p was resolved by hand and paid by the wallet too/);
  });

  it("reports a DECLINED bet the wallet kept, even with a refund of another amount", () => {
    const record = new ProviderRecord();
    record.add(tx("b1", "BET", 10), declined);
    const report = auditConservation({
      startBalances: new Map([["p", 100]]),
      finalBalances: new Map([["p", 93]]),
      record,
      walletEntries: [entry("b1", "BET", -10), entry("stale-rollback:b1", "ROLLBACK", 3, { originalTransactionId: "b1" })],
      platformRows: [row("b1", "BET", 10, null, { state: "DECLINED" })],
    });
    expect(report.problems.join("\n")).toMatch(/BET b1 of p was answered DECLINED but the wallet moved -10/);
  });
});
