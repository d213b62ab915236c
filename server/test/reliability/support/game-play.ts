import { setTimeout as sleep } from "node:timers/promises";
import { seededRandom } from "../../../../mock-operator-wallet/src/seeded-random.js";
import type { FinalOutcome, PersistentProvider, ProviderTransaction } from "./provider-driver.js";

/** A player at the table: a REAL session launched by the operator. */
export interface SeatedPlayer {
  playerRef: string;
  sessionToken: string;
  gameId: string;
  currency: string;
}

/** One transaction the provider sent and what it finally learned. */
export interface Observation {
  transaction: ProviderTransaction;
  outcome: FinalOutcome;
}

/** Everything the provider side saw during a run: the reference the wallet is audited against. */
export class ProviderRecord {
  readonly observations: Observation[] = [];
  /** Rounds the provider ended with roundComplete=true on a settled BET or WIN (`playerRef\0roundId`). */
  readonly completedRounds = new Set<string>();
  rounds = 0;
  /** Transactions sent twice at once by two clients. */
  duplicateRaces = 0;
  /** Rounds whose WIN was sent late or around the stale threshold on purpose. */
  lateWins = 0;

  add(transaction: ProviderTransaction, outcome: FinalOutcome): void {
    this.observations.push({ transaction, outcome });
    if (transaction.roundComplete === true && transaction.type !== "ROLLBACK" && outcome.kind === "settled") {
      this.completedRounds.add(roundKey(transaction.playerRef, transaction.roundId));
    }
  }
}

/** Key of a round within one operator and game. */
export function roundKey(playerRef: string, roundId: string): string {
  return `${playerRef}\u0000${roundId}`;
}

/**
 * The shapes of round a seeded run mixes: won, lost, two bets, rolled back by the provider, and abandoned
 * (the client vanished after its bet, so only the platform's stale-round reconciler can give the stake back). With
 * late WINs on, two more: a WIN sent well after the round went stale (a provider that queued its credits through an
 * outage), and one sent around the threshold, racing the reconciler.
 */
const ROUND_KINDS = [
  { kind: "bet-win", weight: 45 },
  { kind: "bet-lose", weight: 10 },
  { kind: "two-bets-win", weight: 15 },
  { kind: "bet-rollback", weight: 18 },
  { kind: "abandoned", weight: 12 },
  { kind: "late-win", weight: 5, late: true },
  { kind: "threshold-win", weight: 7, late: true },
] as const;

type RoundKind = (typeof ROUND_KINDS)[number]["kind"];

function pickKind(random: () => number, withLateWins: boolean): RoundKind {
  const kinds = ROUND_KINDS.filter((k) => withLateWins || !("late" in k));
  const total = kinds.reduce((sum, k) => sum + k.weight, 0);
  let draw = random() * total;
  for (const k of kinds) {
    draw -= k.weight;
    if (draw < 0) return k.kind;
  }
  return "bet-win";
}

/**
 * How long a late round waits between its BET and its WIN: well past the stale threshold (1.5 to 3.5 s after it), or
 * within 0.6 s either side of it, where the WIN and the reconciler race.
 */
function lateWinDelayMs(kind: RoundKind, staleRoundSeconds: number, random: () => number): number {
  const stale = staleRoundSeconds * 1000;
  return kind === "late-win" ? stale + 1_500 + random() * 2_000 : stale - 600 + random() * 1_200;
}

/**
 * Plays `rounds` seeded rounds for one player, one transaction at a time as a game server does, settling each
 * transaction (retrying with the same id) before the next. A declined BET ends its round.
 */
export async function playRounds(options: {
  provider: () => PersistentProvider;
  player: SeatedPlayer;
  rounds: number;
  random: () => number;
  record: ProviderRecord;
  runTag: string;
  deadlineMs: number;
  /** Checked before each round: true ends play early (used to play "until the crashes are over"). */
  stop?: () => boolean;
  /** Share of transactions sent by two provider clients at once (a duplicate race); both must learn the same answer. */
  duplicateRate?: number;
  /** The service's stale threshold: when given, some rounds send their WIN late or around it (see ROUND_KINDS). */
  lateWinsAfterStaleSeconds?: number;
}): Promise<void> {
  const { player, random, record } = options;
  const amount = (max: number) => 1 + Math.floor(random() * max);
  for (let n = 0; n < options.rounds && !options.stop?.(); n++) {
    const roundId = `${options.runTag}-${player.playerRef}-r${n}`;
    const base = { sessionToken: player.sessionToken, roundId, playerRef: player.playerRef, gameId: player.gameId, currency: player.currency };
    let seq = 0;
    const send = async (fields: Pick<ProviderTransaction, "type" | "amount"> & Partial<ProviderTransaction>): Promise<FinalOutcome> => {
      const transaction: ProviderTransaction = { ...base, transactionId: `${roundId}-t${seq++}`, ...fields };
      const racing = random() < (options.duplicateRate ?? 0);
      const [outcome, twin] = await Promise.all([
        options.provider().settle(transaction, options.deadlineMs),
        racing ? options.provider().settle(transaction, options.deadlineMs) : undefined,
      ]);
      if (
        twin &&
        (twin.kind !== outcome.kind ||
          twin.status !== outcome.status ||
          ("balance" in twin && "balance" in outcome && twin.balance !== outcome.balance))
      ) {
        throw new Error(
          `two copies of ${transaction.transactionId} learned different answers: ${JSON.stringify(outcome)} vs ${JSON.stringify(twin)}`,
        );
      }
      if (twin) record.duplicateRaces += 1;
      record.add(transaction, outcome);
      return outcome;
    };
    const accepted = (o: FinalOutcome) => o.kind === "settled" && o.status === "OK";
    record.rounds += 1;
    const kind = pickKind(random, options.lateWinsAfterStaleSeconds !== undefined);
    const stake = amount(60);
    const bet = await send({ type: "BET", amount: stake, ...(kind === "bet-lose" ? { roundComplete: true } : {}) });
    if (!accepted(bet) || kind === "bet-lose" || kind === "abandoned") continue;
    if (kind === "bet-rollback") {
      await send({ type: "ROLLBACK", amount: stake, originalTransactionId: `${roundId}-t0` });
      continue;
    }
    if (kind === "two-bets-win" && !accepted(await send({ type: "BET", amount: amount(40) }))) continue;
    if (kind === "late-win" || kind === "threshold-win") {
      record.lateWins += 1;
      await sleep(lateWinDelayMs(kind, options.lateWinsAfterStaleSeconds ?? 0, random));
    }
    await send({ type: "WIN", amount: Math.floor(random() * 150), roundComplete: true });
  }
}

/**
 * Plays seeded rounds for every seated player while `crash` is dealt `kills` times, 150 to 1,050 ms apart (seeded by
 * `chaosSeed`, which `crash` may draw from too), then lets play stop and every player finish the round in hand.
 * Resolves with the number of crashes dealt.
 */
export async function playThroughCrashes(options: {
  seated: readonly SeatedPlayer[];
  provider: PersistentProvider;
  record: ProviderRecord;
  runTag: string;
  /** Player i plays with seededRandom(playSeed + i). */
  playSeed: number;
  chaosSeed: number;
  kills: number;
  deadlineMs: number;
  duplicateRate?: number;
  lateWinsAfterStaleSeconds?: number;
  /** Kills something with SIGKILL and restarts it. */
  crash: (chaos: () => number) => Promise<void>;
}): Promise<number> {
  let crashing = true;
  const play = Promise.all(
    options.seated.map((player, i) =>
      playRounds({
        provider: () => options.provider,
        player,
        rounds: 100_000,
        random: seededRandom(options.playSeed + i),
        record: options.record,
        runTag: options.runTag,
        deadlineMs: options.deadlineMs,
        stop: () => !crashing,
        duplicateRate: options.duplicateRate,
        lateWinsAfterStaleSeconds: options.lateWinsAfterStaleSeconds,
      }),
    ),
  );
  const chaos = seededRandom(options.chaosSeed);
  let kills = 0;
  try {
    while (kills < options.kills) {
      await sleep(150 + Math.floor(chaos() * 900));
      await options.crash(chaos);
      kills += 1;
    }
  } finally {
    crashing = false;
  }
  await play;
  return kills;
}
