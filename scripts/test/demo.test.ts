import { afterEach, describe, expect, it } from "vitest";
import type { LedgerEntry } from "@croupier/mock-operator-wallet";
import { compareLedgers } from "../src/demo/ledger-check.js";
import { runDemo } from "../src/demo/demo-session.js";
import { runSelfContainedDemo } from "../src/demo/self-contained-demo.js";
import { startSandbox, type RunningSandbox } from "../src/sandbox/sandbox.js";
import { TEST_SANDBOX, tempDir } from "./process-harness.js";

describe("npm run demo, self-contained", () => {
  it("plays every step as the contract says and ends with the ledgers agreeing", async () => {
    const lines: string[] = [];
    const report = await runSelfContainedDemo({ print: (line) => lines.push(line) });

    expect(report.steps.map((step) => [step.title.split(" ")[0], step.ok, step.failures])).toEqual([
      ["Launch", true, []],
      ["Round", true, []],
      ["Round", true, []],
      ["Round", true, []],
      ["Rollback:", true, []],
      ["A", true, []],
      ["Free", true, []],
      ["Free", true, []],
      ["Free", true, []],
      ["Replay", true, []],
      ["Kick", true, []],
      ["A", true, []],
    ]);
    const [launch, round1, round2, round3, rollback, flaky, grant, spins, cancel, replay, kick, refused] = report.steps;
    expect(launch?.balanceBefore).toBeUndefined(); // a fresh player, created by the first balance call
    expect(launch?.balanceAfter).toBe(100_000);
    expect(round1?.balanceAfter).toBe(99_900); // bet 100, win 0
    expect(round2?.balanceAfter).toBe(100_050); // bet 100, win 250
    expect(round3?.balanceAfter).toBe(99_900); // bet 200, win 50
    expect(rollback?.balanceAfter).toBe(99_900); // bet 500 refunded
    expect(flaky?.balanceAfter).toBe(99_800); // bet 100 taken; the win of 300 failed and waits in the problems queue
    expect(flaky?.details.join("\n")).toContain("/backoffice/#/problems");
    expect(grant?.balanceAfter).toBe(99_800); // a grant moves no money
    expect(spins?.balanceAfter).toBe(99_960); // free-spin wins 40 + 0 + 120
    expect(cancel?.balanceAfter).toBe(99_960); // spins taken stand
    expect(cancel?.details.join("\n")).toContain("refused (409");
    expect(replay?.details.join("\n")).toContain(`round round-`);
    expect(kick?.balanceAfter).toBe(99_960);
    // A grant the studio refused, left for its studio account: failed, with its one failed call.
    expect(refused?.details.join("\n")).toMatch(/failed \(provider answered 503: .*maintenance/);
    expect(report.failedGrantId).toMatch(/^[0-9a-f-]{36}$/);

    const last = report.transactions.at(-1);
    expect(last).toMatchObject({ type: "BET", outcome: "failed", error: { status: 401 } });
    expect(report.transactions.filter((t) => t.outcome === "OK")).toHaveLength(12);
    expect(report.transactions.filter((t) => t.outcome === "failed").map((t) => [t.type, t.error?.status])).toEqual([["BET", 401]]);
    expect(report.unsettled).toMatchObject({ type: "WIN", amount: 300, outcome: "failed", error: { status: 500 } });
    expect(report.ledgers).toMatchObject({
      agree: true,
      startingBalance: 100_000,
      appliedDelta: -40,
      walletDelta: -40,
      walletBalance: 99_960,
      problems: [],
    });
    expect(report.ok).toBe(true);
    expect(lines.at(-1)).toMatch(/^ledgers agree: wallet balance 99960 = starting 100000 \+ applied -40/);
    // Tokens are credentials: the transcript shows only their first characters.
    expect(lines.join("\n")).not.toMatch(/token=[^&\s…]{12}/);
  });
});

describe("the demo against one long-running sandbox", () => {
  let sandbox: RunningSandbox | undefined;
  let dir: ReturnType<typeof tempDir> | undefined;
  afterEach(async () => {
    await sandbox?.close();
    dir?.remove();
  });

  it("agrees run after run, and would notice a wallet move the game never made", async () => {
    dir = tempDir();
    sandbox = await startSandbox({ dataDir: dir.path, ...TEST_SANDBOX });
    const first = await runDemo(sandbox.target);
    const second = await runDemo(sandbox.target);
    expect([first.ok, second.ok]).toEqual([true, true]);
    expect(first.playerRef).not.toBe(second.playerRef);

    // The same record against a ledger with one extra credit must not agree.
    const entries = sandbox.wallet.ledger.entries(second.playerRef);
    const extra: LedgerEntry = { ...entries[0]!, transactionId: "not-from-the-game", type: "WIN", status: "OK", amount: 5, delta: 5 };
    const walletBalance = second.ledgers!.walletBalance;
    const tampered = compareLedgers({
      transactions: second.transactions,
      entries: [...entries, extra],
      startingBalance: 100_000,
      walletBalance: walletBalance + 5,
    });
    expect(tampered.agree).toBe(false);
    expect(tampered.problems).toEqual([
      "WIN not-from-the-game: in the wallet's ledger but never sent by the game",
      "the wallet's ledger moved -35, the game's record -40",
      "wallet balance 99965, expected 100000 + -40 = 99960",
    ]);
  });
});
