import { expect } from "vitest";
import { betRequest, eventually, launchSession, postTransaction, type TestWallet } from "./wallet-harness.js";

/** The answer to a new transaction in a round the reconciler closed (decisions.md §5). */
export const ROUND_CLOSED = { error: "round closed by the reconciler", code: "ROUND_CLOSED" };

const applied = (wallet: TestWallet, id: unknown) => wallet.applied.some((t) => t.transactionId === id);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One player per round, so the reconciler's balance call names the round it is reading. */
export interface RacedRound {
  playerRef: string;
  bet: Record<string, unknown>;
  win: Record<string, unknown>;
  answer?: { status: number; json: unknown };
}

/**
 * Plays `count` rounds of one BET each; when the reconciler asks a player's balance (it read that round as stale and
 * is about to decide), the wallet holds the answer 400 ms and the round's completing WIN is sent after a random 0 to
 * 800 ms: inside the reconciler's window or after its decision. Resolves once every round is decided.
 */
export async function playRacingRounds(
  wallet: TestWallet,
  baseUrl: string,
  count: number,
  sendWin: (win: Record<string, unknown>) => Promise<{ status: number; json: unknown }>,
): Promise<RacedRound[]> {
  const rounds = new Map<string, RacedRound>();
  const pending: Promise<unknown>[] = [];
  const answer = wallet.handle;
  wallet.handle = async (req, res) => {
    if (req.method === "GET") {
      const round = rounds.get(new URL(req.url, "http://x").searchParams.get("playerRef") ?? "");
      if (round && round.answer === undefined) {
        const sent = sleep(Math.random() * 800).then(async () => (round.answer = await sendWin(round.win)));
        pending.push(sent);
      }
      await sleep(400);
    }
    return answer(req, res);
  };
  for (let i = 0; i < count; i++) {
    const playerRef = `p-race-${i}`;
    const token = await launchSession(baseUrl, { playerRef });
    const roundId = `round-race-${i}`;
    const bet = betRequest(token, { playerRef, roundId, amount: 100 });
    const win = betRequest(token, { playerRef, roundId, type: "WIN", amount: 250, roundComplete: true });
    rounds.set(playerRef, { playerRef, bet, win });
    expect((await postTransaction(baseUrl, bet)).status).toBe(200);
  }
  await eventually(() => pending.length === count, 60_000, 50);
  await Promise.all(pending);
  // Decided: each round was either completed by its WIN or reversed by the reconciler.
  await eventually(
    () => [...rounds.values()].every((r) => applied(wallet, r.win.transactionId) || applied(wallet, `stale-rollback:${String(r.bet.transactionId)}`)),
    30_000,
    50,
  );
  return [...rounds.values()];
}

/** No round both refunded and won; every WIN answered OK credited, every one refused ROUND_CLOSED not; both outcomes seen. */
export function expectOneWinnerPerRound(wallet: TestWallet, rounds: readonly RacedRound[]): void {
  let won = 0;
  let refunded = 0;
  for (const round of rounds) {
    const credited = applied(wallet, round.win.transactionId);
    const reversed = applied(wallet, `stale-rollback:${String(round.bet.transactionId)}`);
    expect({ round: round.playerRef, credited, reversed }).toEqual({ round: round.playerRef, credited: !reversed, reversed: !credited });
    if (round.answer?.status === 200) expect({ round: round.playerRef, credited }).toEqual({ round: round.playerRef, credited: true });
    else expect({ round: round.playerRef, answer: round.answer?.json }).toEqual({ round: round.playerRef, answer: ROUND_CLOSED });
    expect(wallet.balances.get(round.playerRef)).toBe(credited ? 10_150 : 10_000);
    if (credited) won += 1;
    else refunded += 1;
  }
  // The race was run on both sides of the reconciler's decision.
  expect(won).toBeGreaterThan(0);
  expect(refunded).toBeGreaterThan(0);
}
