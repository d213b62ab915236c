import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attemptsFor, launchAndVerify, startDeployment, STARTING_BALANCES, type Deployment } from "./support/deployment.js";

/**
 * Rounds played end to end: operator SDK launches, provider SDK verifies and plays, the real server relays
 * every move to a wallet built on the operator SDK's own handler; the money adds up exactly.
 */
describe("SDK end to end: rounds and balances", () => {
  let d: Deployment;

  beforeAll(async () => {
    d = await startDeployment();
  });
  afterAll(async () => {
    await d?.close();
  });
  beforeEach(() => {
    d.wallet.fault = undefined;
  });

  it("launches through the operator SDK, plays bet / win / rollback through the provider SDK, and the balances add up", async () => {
    const games = await d.operator.listGames();
    expect(games.error).toBeUndefined();
    expect(games.data?.map((game) => game.gameId)).toContain("starfall");

    const { launch, session, common } = await launchAndVerify(d, "p-alice");
    expect(launch.launchUrl).toContain(`token=${encodeURIComponent(launch.sessionToken)}`);
    expect(session).toMatchObject({ playerRef: "p-alice", gameId: "starfall", currency: "EUR", mode: "REAL" });

    const rounds = [
      { id: "r-1", bet: 250, win: 600 },
      { id: "r-2", bet: 1_000, win: 0 },
      { id: "r-3", bet: 75, win: 10 },
      { id: "r-4", bet: 400, rollback: true },
    ];
    let bets = 0;
    let wins = 0;
    let refunds = 0;
    for (const round of rounds) {
      const bet = await d.provider.bet({ ...common, roundId: round.id, transactionId: `${round.id}-bet`, amount: round.bet });
      expect(bet.data?.status).toBe("OK");
      bets += round.bet;
      expect(bet.data?.balance).toBe(STARTING_BALANCES["p-alice"] - bets + wins + refunds);
      if (round.rollback) {
        // The amount sent is deliberately wrong: the wallet refunds what the bet took, as the spec says.
        const rollback = await d.provider.rollback({
          ...common,
          roundId: round.id,
          transactionId: `${round.id}-rb`,
          originalTransactionId: `${round.id}-bet`,
          amount: 1,
        });
        expect(rollback.data?.status).toBe("OK");
        refunds += round.bet;
        expect(rollback.data?.balance).toBe(STARTING_BALANCES["p-alice"] - bets + wins + refunds);
      } else {
        const win = await d.provider.win({ ...common, roundId: round.id, transactionId: `${round.id}-win`, amount: round.win!, roundComplete: true });
        expect(win.data?.status).toBe("OK");
        wins += round.win!;
        expect(win.data?.balance).toBe(STARTING_BALANCES["p-alice"] - bets + wins + refunds);
      }
    }

    const expected = STARTING_BALANCES["p-alice"] - bets + wins + refunds;
    expect(expected).toBe(10_000 - 1_725 + 610 + 400);
    expect(d.wallet.balances.get("p-alice")).toBe(expected);
    const balance = await d.provider.balance(common.sessionToken);
    expect(balance.error).toBeUndefined();
    expect(balance.data?.balance).toBe(expected);
    // Every move reached the wallet once and was applied once.
    expect(d.wallet.applied.filter((tx) => tx.playerRef === "p-alice")).toHaveLength(8);
    expect(d.wallet.calls.filter((tx) => tx.playerRef === "p-alice")).toHaveLength(8);
  });

  it("a WIN whose first wallet attempt answers 500 is retried by the provider SDK with the same transactionId, and credited once", async () => {
    const { common } = await launchAndVerify(d, "p-carol");
    await d.provider.bet({ ...common, roundId: "c-1", transactionId: "c-1-bet", amount: 500 });
    d.wallet.fault = (tx, attempt) => (tx.transactionId === "c-1-win" && attempt === 1 ? "fail-500" : undefined);

    const win = await d.provider.win({ ...common, roundId: "c-1", transactionId: "c-1-win", amount: 1_200, roundComplete: true });

    expect(win.error).toBeUndefined();
    expect(win.data).toEqual({ status: "OK", balance: 5_000 - 500 + 1_200 });
    const attempts = attemptsFor(d.providerSent, "c-1-win");
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.body).toBe(attempts[1]!.body); // same bytes, same transactionId
    expect(attempts[0]!.nonce).not.toBe(attempts[1]!.nonce); // re-signed
    expect(d.wallet.callsFor("c-1-win")).toHaveLength(2);
    expect(d.wallet.applied.filter((tx) => tx.transactionId === "c-1-win")).toHaveLength(1);
    expect(d.wallet.balances.get("p-carol")).toBe(5_700);
  });

  it("a WIN applied by the wallet whose reply is lost is retried, replayed from the wallet's idempotency store, and credited once", async () => {
    const { common } = await launchAndVerify(d, "p-carol");
    const before = d.wallet.balances.get("p-carol")!;
    await d.provider.bet({ ...common, roundId: "c-2", transactionId: "c-2-bet", amount: 300 });
    d.wallet.fault = (tx, attempt) => (tx.transactionId === "c-2-win" && attempt === 1 ? "drop-reply" : undefined);

    const win = await d.provider.win({ ...common, roundId: "c-2", transactionId: "c-2-win", amount: 900, roundComplete: true });

    expect(win.error).toBeUndefined();
    expect(win.data).toEqual({ status: "OK", balance: before - 300 + 900 });
    expect(attemptsFor(d.providerSent, "c-2-win")).toHaveLength(2);
    expect(d.wallet.callsFor("c-2-win")).toHaveLength(2); // the second one answered from the stored response
    expect(d.wallet.applied.filter((tx) => tx.transactionId === "c-2-win")).toHaveLength(1);
    expect(d.wallet.balances.get("p-carol")).toBe(before - 300 + 900);

    // Once settled, a further resend is answered by the server from its stored outcome: the wallet is not called.
    const again = await d.provider.win({ ...common, roundId: "c-2", transactionId: "c-2-win", amount: 900, roundComplete: true });
    expect(again.data).toEqual(win.data);
    expect(d.wallet.callsFor("c-2-win")).toHaveLength(2);
    expect(d.wallet.balances.get("p-carol")).toBe(before - 300 + 900);
  });

  it("a BET whose reply is lost is retried by the provider SDK and debited once", async () => {
    const { common } = await launchAndVerify(d, "p-carol");
    const before = d.wallet.balances.get("p-carol")!;
    d.wallet.fault = (tx, attempt) => (tx.transactionId === "c-3-bet" && attempt === 1 ? "drop-reply" : undefined);

    const bet = await d.provider.bet({ ...common, roundId: "c-3", transactionId: "c-3-bet", amount: 450 });

    expect(bet.data).toEqual({ status: "OK", balance: before - 450 });
    expect(attemptsFor(d.providerSent, "c-3-bet")).toHaveLength(2);
    expect(d.wallet.applied.filter((tx) => tx.transactionId === "c-3-bet")).toHaveLength(1);
    expect((await d.provider.balance(common.sessionToken)).data?.balance).toBe(before - 450);
  });

  it("a DECLINED BET is a result, not an error: the provider SDK sends it once and the wallet sees it once", async () => {
    const { common } = await launchAndVerify(d, "p-bob");

    const bet = await d.provider.bet({ ...common, roundId: "b-1", transactionId: "b-1-bet", amount: 301 });

    expect(bet.error).toBeUndefined();
    expect(bet.data).toEqual({ status: "DECLINED", balance: 300 });
    expect(attemptsFor(d.providerSent, "b-1-bet")).toHaveLength(1);
    expect(d.wallet.callsFor("b-1-bet")).toHaveLength(1);
    expect(d.wallet.balances.get("p-bob")).toBe(300);
    const balance = await d.provider.balance(common.sessionToken);
    expect(balance.data?.balance).toBe(300);
  });
});
