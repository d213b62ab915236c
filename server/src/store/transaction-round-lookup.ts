import type { RoundLookup, RoundOwner } from "../domain/ports/round-lookup.js";
import type { SqliteDatabase } from "./database.js";

/**
 * Read-only {@link RoundLookup} over the wallet relay's `transactions` table: the first transaction of a round
 * under the operator names its provider and player. An admin ADJUSTMENT carries a roundId only because the wire
 * format requires one: it makes no round.
 */
export class SqliteRoundLookup implements RoundLookup {
  private readonly firstOfRound;

  constructor(db: SqliteDatabase) {
    this.firstOfRound = db.prepare(
      `SELECT provider_id AS providerId, player_ref AS playerRef FROM transactions
       WHERE operator_id = ? AND game_id = ? AND round_id = ? AND type != 'ADJUSTMENT' ORDER BY created_at, rowid LIMIT 1`,
    );
  }

  roundOwner(operatorId: string, gameId: string, roundId: string): Promise<RoundOwner | undefined> {
    return Promise.resolve(this.firstOfRound.get(operatorId, gameId, roundId) as RoundOwner | undefined);
  }
}
