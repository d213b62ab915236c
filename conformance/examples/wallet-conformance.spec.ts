// Your wallet in your own test suite: the Croupier conformance checks as one vitest test.
// WALLET_URL is your wallet's callback base address in a test environment; WALLET_PLAYER a player there with a known
// balance (each money-moving check puts back what it moved).
import { runWalletChecks } from "@croupier/conformance";
import { expect, it } from "vitest";

it("our wallet passes the Croupier conformance kit", async () => {
  const report = await runWalletChecks({
    url: process.env.WALLET_URL ?? "http://127.0.0.1:9001",
    operatorId: process.env.WALLET_OPERATOR_ID ?? "op-acme",
    secret: process.env.WALLET_SECRET ?? "",
    players: [process.env.WALLET_PLAYER ?? "p-1"],
    allowMoneyMoves: true,
  });
  // A wallet that refuses the operator id or secret runs no check: the report says what the first call got.
  expect(report.credentials).toMatchObject({ accepted: true });
  const failures = report.results.filter((result) => result.status !== "pass");
  // Each entry names the check, what the interface expects, what the wallet did (or why it was skipped) and the rule.
  expect(failures).toEqual([]);
}, 120_000);
