import { describe, expect, it } from "vitest";
import { DemoWallet } from "./demo-wallet.js";
import type { ProviderRequest } from "./transaction-request.js";

const bet = (transactionId: string, amount: number): ProviderRequest => ({
  transactionId,
  sessionToken: "s-1",
  type: "BET",
  roundId: "r-1",
  playerRef: "p-1",
  amount,
  currency: "EUR",
  gameId: "starfall",
});

describe("DemoWallet", () => {
  it("forgets a session's play money once it has been idle for keepMs, by itself: no sweeper (on a cluster, one instance's) needed", () => {
    let now = 0;
    const wallet = new DemoWallet(1000, 2000, () => now);
    const key = { providerId: "prov", transactionId: "t-1" };
    expect(wallet.apply("prov", "s-1", bet("t-1", 300), "f-1")).toEqual({ status: "OK", balance: 700 });
    now = 1000;
    expect(wallet.apply("prov", "s-2", bet("t-2", 100), "f-2")).toEqual({ status: "OK", balance: 900 });

    now = 2000;
    expect(wallet.balance("s-1")).toBe(700);
    expect(wallet.repeat(key, "f-1", "s-1")).toEqual({ status: "OK", balance: 700 });

    // s-1 last moved at 0: forgotten after 2000 ms; s-2 (at 1000) is still kept.
    now = 2001;
    expect(wallet.applied(key)).toBe(false);
    expect(wallet.repeat(key, "f-1", "s-1")).toBeUndefined();
    expect(wallet.balance("s-1")).toBe(1000);
    expect(wallet.balance("s-2")).toBe(900);
    now = 3001;
    expect(wallet.applied({ providerId: "prov", transactionId: "t-2" })).toBe(false);
  });
});
