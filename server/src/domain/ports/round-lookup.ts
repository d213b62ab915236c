/** The round-lookup port: who played a round, for replay links. */

/** Who played a round, as the platform's money movements record it. */
export interface RoundOwner {
  providerId: string;
  playerRef: string;
}

/** Finds a round from its transactions; scoped to the operator, so another operator's round is simply absent. */
export interface RoundLookup {
  roundOwner(operatorId: string, gameId: string, roundId: string): Promise<RoundOwner | undefined>;
}
