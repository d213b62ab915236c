import { randomUUID } from "node:crypto";
import { createOperatorClient, type OperatorClient } from "@croupier/sdk-operator";
import { createProviderClient } from "@croupier/sdk-provider";
import { FreeSpinRefusedError, GameClient, type PlayedTransaction } from "../sandbox/game-client.js";
import type { SandboxTarget } from "../sandbox/sandbox-target.js";
import { compareLedgers, type LedgerComparison } from "./ledger-check.js";
import { StudioView } from "./studio-view.js";
import { WalletView } from "./wallet-view.js";

/** One printed step of the demo and whether everything in it went as the contract says. */
export interface DemoStep {
  title: string;
  ok: boolean;
  /** The player's balance in the operator's wallet before and after (undefined: not yet a player). */
  balanceBefore: number | undefined;
  balanceAfter: number | undefined;
  details: string[];
  /** What went differently than expected; empty when `ok`. */
  failures: string[];
}

/** Everything the demo did and concluded. */
export interface DemoReport {
  /** Every step as expected and the ledgers agree. */
  ok: boolean;
  playerRef: string;
  steps: DemoStep[];
  /** The game's own record of every transaction it sent, but {@link DemoReport.unsettled}. */
  transactions: PlayedTransaction[];
  /** The WIN the flaky wallet failed, left in the back office's problems queue (the wallet has not applied it). */
  unsettled: PlayedTransaction | undefined;
  /** The grant whose issue webhook the studio refused, left for the studio's account to re-send. */
  failedGrantId?: string;
  /** Undefined when the demo stopped before it could compare. */
  ledgers: LedgerComparison | undefined;
}

/** How to run {@link runDemo}. */
export interface DemoOptions {
  /** Receives the human-readable transcript, line by line. Default: silent. */
  print?: (line: string) => void;
  /** The demo's player; default a fresh `p-demo-…` so every run starts from the wallet's starting balance. */
  playerRef?: string;
}

/** What a step's body reports: lines to print, failed expectations, and the balance move it should cause. */
interface StepOutcome {
  details: string[];
  failures: string[];
  expectedDelta?: number;
}

/** Shows a URL without most of its token: tokens are credentials and never printed whole. */
function redactToken(url: string): string {
  return url.replace(/([?&]token=)([^&]{6})[^&]*/, "$1$2…");
}

function describe(played: PlayedTransaction): string {
  const answer =
    played.outcome === "failed" ? `failed ${played.error?.status}: ${played.error?.message}` : `${played.outcome}, balance ${played.balance}`;
  return `${played.type} ${played.amount} (${played.transactionId}) -> ${answer}`;
}

function expectOk(played: PlayedTransaction, failures: string[]): void {
  if (played.outcome !== "OK") failures.push(`expected OK: ${describe(played)}`);
}

/**
 * Plays a scripted session against a sandbox, as an operator (sdk-operator) and a game (sdk-provider):
 * launch, three rounds, a rolled-back bet, a WIN the flaky wallet fails (left as a problem for the back office), a free-spin grant with some spins played and the rest
 * cancelled, a replay link, a kick after which the game's next call fails 401, and a grant the mock studio refuses (left
 * for the studio's back-office account to re-send). Each step prints the
 * player's balance in the operator's wallet before and after; the demo ends by reconciling the game's
 * record of applied transactions with the wallet's ledger ("ledgers agree").
 */
export async function runDemo(target: SandboxTarget, options: DemoOptions = {}): Promise<DemoReport> {
  const print = options.print ?? (() => {});
  const run = randomUUID().slice(0, 6);
  const playerRef = options.playerRef ?? `p-demo-${run}`;
  const wallet = new WalletView(target.walletUrl);
  const studio = new StudioView(target.studioUrl);
  const operator: OperatorClient = createOperatorClient({ baseUrl: target.serviceUrl, tenantId: target.operator.id, secret: target.operator.secret });
  const provider = createProviderClient({ baseUrl: target.serviceUrl, tenantId: target.provider.id, secret: target.provider.secret });
  const steps: DemoStep[] = [];
  const report: DemoReport = { ok: false, playerRef, steps, transactions: [], unsettled: undefined, ledgers: undefined };

  const step = async (title: string, body: () => Promise<StepOutcome>): Promise<DemoStep> => {
    const balanceBefore = await wallet.balance(playerRef);
    let outcome: StepOutcome;
    try {
      outcome = await body();
    } catch (error) {
      outcome = { details: [], failures: [`unexpected error: ${error instanceof Error ? error.message : String(error)}`] };
    }
    const balanceAfter = await wallet.balance(playerRef);
    const failures = [...outcome.failures];
    if (outcome.expectedDelta !== undefined && balanceBefore !== undefined && balanceAfter !== balanceBefore + outcome.expectedDelta) {
      failures.push(`wallet balance should have moved by ${outcome.expectedDelta}, moved by ${(balanceAfter ?? 0) - balanceBefore}`);
    }
    const done: DemoStep = { title, ok: failures.length === 0, balanceBefore, balanceAfter, details: outcome.details, failures };
    steps.push(done);
    print(`${done.ok ? "[ok]    " : "[FAILED]"} ${steps.length}. ${title}`);
    print(`         balance ${balanceBefore ?? "(new player)"} -> ${balanceAfter ?? "(none)"}`);
    for (const line of outcome.details) print(`         ${line}`);
    for (const line of failures) print(`         !! ${line}`);
    return done;
  };

  print(`Demo against ${target.serviceUrl} as ${target.operator.id} (operator) and ${target.provider.id} (game studio), player ${playerRef}`);
  print("");

  let game: GameClient | undefined;
  let startingBalance: number | undefined;
  await step(`Launch ${target.gameId} for ${playerRef} (REAL, ${target.currency})`, async () => {
    const launched = await operator.launchGame({ playerRef, gameId: target.gameId, currency: target.currency, mode: "REAL", language: "en" });
    if (launched.error) return { details: [], failures: [`launch answered ${launched.error.status}: ${launched.error.message}`] };
    game = await GameClient.open(provider, launched.data.sessionToken, target.studioUrl);
    startingBalance = await game.balance();
    return {
      details: [
        `launch URL ${redactToken(launched.data.launchUrl)}`,
        `game verified the session: ${game.session.playerRef} on ${game.session.gameId}, ${game.session.currency}, ${game.session.mode}`,
        `balance through the platform (the operator's wallet, live): ${startingBalance}`,
      ],
      failures: game.session.playerRef === playerRef && game.session.mode === "REAL" ? [] : ["the verified session does not match the launch"],
      expectedDelta: 0,
    };
  });
  if (!game || startingBalance === undefined) return finish(report, print);
  const playing = game;

  const rounds = [
    { bet: 100, win: 0 },
    { bet: 100, win: 250 },
    { bet: 200, win: 50 },
  ];
  const roundIds = rounds.map((_, index) => `round-${run}-${index + 1}`);
  for (const [index, round] of rounds.entries()) {
    const roundId = roundIds[index] ?? "";
    await step(`Round ${index + 1} (${roundId}): bet ${round.bet}, win ${round.win}`, async () => {
      const failures: string[] = [];
      const bet = await playing.bet(roundId, round.bet);
      expectOk(bet, failures);
      const details = [describe(bet)];
      if (bet.outcome === "OK") {
        const win = await playing.win(roundId, round.win);
        expectOk(win, failures);
        details.push(`${describe(win)}, round complete`);
      }
      return { details, failures, expectedDelta: round.win - round.bet };
    });
  }

  await step("Rollback: a bet of 500 is reversed", async () => {
    const failures: string[] = [];
    const roundId = `round-${run}-void`;
    const bet = await playing.bet(roundId, 500);
    expectOk(bet, failures);
    const rollback = await playing.rollback(bet);
    expectOk(rollback, failures);
    return { details: [describe(bet), `${describe(rollback)} (refunds ${bet.transactionId})`], failures, expectedDelta: 0 };
  });

  // A WIN the wallet refuses while it is flaky, left in the back office's problems queue for a person to re-send.
  let unsettled: PlayedTransaction | undefined;
  await step("A win the flaky wallet could not take: left in the back office's problems queue", async () => {
    const failures: string[] = [];
    const roundId = `round-${run}-flaky`;
    const bet = await playing.bet(roundId, 100);
    expectOk(bet, failures);
    await wallet.setFailureRate(1);
    try {
      unsettled = await playing.win(roundId, 300);
      if (unsettled.outcome !== "failed") failures.push(`expected the flaky wallet to fail the WIN: ${describe(unsettled)}`);
      const problemId = await problemOf(operator, unsettled.transactionId);
      if (problemId === undefined) failures.push("the failed WIN never reached the problems queue");
    } finally {
      await wallet.setFailureRate(0);
    }
    if ((await wallet.ledger(playerRef)).some((entry) => entry.transactionId === unsettled?.transactionId)) {
      failures.push("the wallet applied the WIN it was told to fail");
    }
    return {
      details: [
        describe(bet),
        `${unsettled ? describe(unsettled) : "no WIN sent"} while the wallet failed every call`,
        `the platform retried it, then queued it as a problem: re-send it from ${target.serviceUrl}/backoffice/#/problems`,
      ],
      failures,
      expectedDelta: -100,
    };
  });

  let grant: { id: string; externalRef: string } | undefined;
  await step(`Free spins: grant campaign ${target.campaignId}`, async () => {
    const issued = await operator.issueGrant({ playerRef, campaignId: target.campaignId, idempotencyKey: `demo-${run}` });
    if (issued.error) return { details: [], failures: [`grant answered ${issued.error.status}: ${issued.error.message}`] };
    const { id, status, spins, betAmountMinor, externalRef } = issued.data;
    const failures = status === "active" && externalRef ? [] : [`expected an active grant with an externalRef, got ${status}`];
    if (externalRef) grant = { id, externalRef };
    const batch = externalRef ? await studio.batch(playerRef, externalRef) : undefined;
    if (!batch || batch.remainingSpins !== spins)
      failures.push(`the studio should hold the batch with ${spins} spins, holds ${batch?.remainingSpins ?? "none"}`);
    return {
      details: [
        `grant ${id}: ${status}, ${spins} spins at ${betAmountMinor} on ${issued.data.gameId}`,
        `the studio holds batch ${externalRef} with ${batch?.remainingSpins ?? 0} spins left`,
      ],
      failures,
      expectedDelta: 0,
    };
  });

  if (grant) {
    const { id, externalRef } = grant;
    await step("Free spins: play 3 spins, winnings paid as normal WINs", async () => {
      const failures: string[] = [];
      const details: string[] = [];
      let won = 0;
      for (let spin = 0; spin < 3; spin += 1) {
        const played = await playing.freeSpin(externalRef);
        expectOk(played.win, failures);
        if (played.win.outcome === "OK") won += played.win.amount;
        details.push(`spin ${played.spinNumber}: ${describe(played.win)}; ${played.remainingSpins} spins left`);
      }
      return { details, failures, expectedDelta: won };
    });

    await step("Free spins: cancel the grant (the 7 unplayed spins are void)", async () => {
      const cancelled = await operator.cancelGrant(id);
      if (cancelled.error) return { details: [], failures: [`cancel answered ${cancelled.error.status}: ${cancelled.error.message}`] };
      const failures = cancelled.data.status === "cancelled" ? [] : [`expected cancelled, got ${cancelled.data.status}`];
      const batch = await studio.batch(playerRef, externalRef);
      if (!batch?.cancelled || batch.remainingSpins !== 0) failures.push("the studio should have voided the batch");
      let refusal = "another spin was played";
      try {
        await playing.freeSpin(externalRef);
        failures.push("a spin after the cancel should be refused");
      } catch (error) {
        if (!(error instanceof FreeSpinRefusedError)) throw error;
        refusal = `${error.status} ${error.message}`;
      }
      return {
        details: [
          `grant ${id}: ${cancelled.data.status}`,
          `the studio's batch: cancelled, ${batch?.spinsTaken ?? 0} spins taken stand`,
          `another spin: refused (${refusal})`,
        ],
        failures,
        expectedDelta: 0,
      };
    });
  }

  const replayedRound = roundIds[1] ?? "";
  await step(`Replay link for ${replayedRound}`, async () => {
    const replay = await operator.replayRound({ roundId: replayedRound, gameId: target.gameId });
    if (replay.error) return { details: [], failures: [`replay answered ${replay.error.status}: ${replay.error.message}`] };
    const opened = await fetch(replay.data.replayUrl);
    const page = (await opened.json()) as { replay?: { roundId: string; gameId: string } };
    const failures = opened.status === 200 && page.replay?.roundId === replayedRound ? [] : [`the studio's replay page answered ${opened.status}`];
    return {
      details: [
        `replay URL ${redactToken(replay.data.replayUrl)}`,
        `the studio's replay page checked the token offline: round ${page.replay?.roundId ?? "?"} of ${page.replay?.gameId ?? "?"}`,
      ],
      failures,
      expectedDelta: 0,
    };
  });

  await step(`Kick ${playerRef}`, async () => {
    const kicked = await operator.kickPlayer(playerRef);
    if (kicked.error) return { details: [], failures: [`kick answered ${kicked.error.status}: ${kicked.error.message}`] };
    const failures = kicked.data.revokedCount >= 1 ? [] : ["expected at least one revoked session"];
    const revocation = await studio.revocation(playerRef, 3000);
    if (!revocation) failures.push("the studio never received the session-revoke webhook");
    const after = await playing.bet(`round-${run}-after-kick`, 100);
    if (after.outcome !== "failed" || after.error?.status !== 401) failures.push(`the next wallet call should fail 401: ${describe(after)}`);
    return {
      details: [
        `revokedCount ${kicked.data.revokedCount}; the studio received the revoke webhook (${revocation?.reason ?? "not received"})`,
        `the game's next call: ${describe(after)}`,
      ],
      failures,
      expectedDelta: 0,
    };
  });

  await step("A grant the studio refused: left for the studio's account to re-send", async () => {
    await studio.refuseGrants(true);
    let issued;
    try {
      issued = await operator.issueGrant({ playerRef, campaignId: target.campaignId, idempotencyKey: `demo-${run}-refused` });
    } finally {
      await studio.refuseGrants(false);
    }
    const failures =
      issued.error?.status === 502 ? [] : [`the grant should answer 502 while the studio refuses, answered ${issued.error?.status ?? 200}`];
    const [failed] = (await provider.listGrants({ playerRef, status: "failed" })).data?.items ?? [];
    const calls = failed ? ((await provider.listWebhookDeliveries({ grantId: failed.id, outcome: "FAILED" })).data?.items ?? []) : [];
    if (!failed || calls.length !== 1) failures.push("the studio should see one failed grant with its one failed call");
    report.failedGrantId = failed?.id;
    return {
      details: [
        `grant ${failed?.id ?? "?"}: ${failed?.status ?? "?"} (${failed?.lastError ?? "no error"})`,
        `the studio sees it with its failed call: a studio account of ${target.provider.id} (the sandbox prints star-manager) re-sends it from Free spins or the failed webhook deliveries`,
      ],
      failures,
      expectedDelta: 0,
    };
  });

  // The WIN left for the back office is checked in its own step: the wallet has not applied it.
  report.transactions = playing.transactions.filter((played) => played !== unsettled);
  report.unsettled = unsettled;
  const walletBalance = await wallet.balance(playerRef);
  report.ledgers = compareLedgers({
    transactions: report.transactions,
    entries: await wallet.ledger(playerRef),
    startingBalance,
    walletBalance: walletBalance ?? Number.NaN,
  });
  return finish(report, print);
}

/** Waits (up to 30 s: the sandbox's settlement horizon is 4 s) for the transaction's open problem; its id, or undefined. */
async function problemOf(operator: OperatorClient, transactionId: string): Promise<string | undefined> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { data } = await operator.listProblems({ kind: "UNSETTLED_CREDIT" });
    const found = data?.items.find((problem) => problem.transactionId === transactionId);
    if (found) return found.id;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return undefined;
}

function finish(report: DemoReport, print: (line: string) => void): DemoReport {
  const ledgers = report.ledgers;
  const stepsOk = report.steps.length > 0 && report.steps.every((step) => step.ok);
  report.ok = stepsOk && ledgers?.agree === true;
  print("");
  if (!ledgers) {
    print("The demo stopped early: see the failed step above.");
  } else if (ledgers.agree) {
    print(
      `ledgers agree: wallet balance ${ledgers.walletBalance} = starting ${ledgers.startingBalance} + applied ${ledgers.appliedDelta}` +
        ` (${report.transactions.length} transactions sent, the wallet's ledger moved ${ledgers.walletDelta})`,
    );
  } else {
    print("ledgers DISAGREE:");
    for (const problem of ledgers.problems) print(`  ${problem}`);
  }
  if (!stepsOk) print(`${report.steps.filter((step) => !step.ok).length} step(s) did not go as expected.`);
  return report;
}
