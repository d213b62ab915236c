import type { RoundLookup, RoundOwner } from "../../domain/ports/round-lookup.js";
import type { PostgresPool } from "./database.js";

/** PostgreSQL {@link RoundLookup}: the first non-ADJUSTMENT transaction of a round under the operator names its provider and player. */
export class PostgresRoundLookup implements RoundLookup {
  constructor(private readonly pool: PostgresPool) {}

  async roundOwner(operatorId: string, gameId: string, roundId: string): Promise<RoundOwner | undefined> {
    const { rows } = await this.pool.query<RoundOwner>(
      `SELECT provider_id AS "providerId", player_ref AS "playerRef" FROM transactions
       WHERE operator_id = $1 AND game_id = $2 AND round_id = $3 AND type <> 'ADJUSTMENT' ORDER BY created_at, seq LIMIT 1`,
      [operatorId, gameId, roundId],
    );
    return rows[0];
  }
}
