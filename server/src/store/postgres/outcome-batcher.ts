import type { PostgresPool } from "./database.js";
import { againAfterDeadlock } from "./deadlock-retry.js";
import { inFlightShare, StatementBatcher } from "./statement-batcher.js";
import type { TransactionRow } from "../transaction-row.js";

/**
 * One outcome's arguments to croupier_record_outcome, with the operator and player its batch is sorted by. `callEnd` is
 * the delivery log entry's end, as JSON text.
 */
export interface OutcomeCall {
  providerId: string;
  transactionId: string;
  operatorId: string;
  playerRef: string;
  state: string;
  balance: number | null;
  error: string | null;
  nextRetryAt: number | null;
  now: number;
  attempt: number;
  callEnd: string;
}

/** The row as written (without its delivery log), or null when fenced: another attempt took the record over. */
export type RawOutcome = TransactionRow | null;

/**
 * How many outcome statements the instances sharing the database have in flight at once before the next outcomes wait
 * and go together: one instance alone has them all, two one each ({@link inFlightShare}).
 */
export const OUTCOMES_IN_FLIGHT = 2;

/** croupier_record_outcome's parameters, in its order. */
export function outcomeParams(o: OutcomeCall): unknown[] {
  return [o.providerId, o.transactionId, o.state, o.balance, o.error, o.nextRetryAt, o.now, o.attempt, o.callEnd];
}

/**
 * Outcomes batched on the client as claims are (issue 32, statement-batcher.ts): an outcome goes alone, as
 * `croupier_record_outcome`, while fewer than this instance's share of {@link OUTCOMES_IN_FLIGHT} outcome statements are
 * in flight; those that come meanwhile go together as one call of `croupier_record_outcome_batch`, which writes them in
 * the order claims take their locks (operator and player, then the transaction's key), so an outcome batch and a claim
 * batch meet their common locks in one order. An outcome sent alone that PostgreSQL cancelled to break a deadlock with
 * a batch is written again: it was rolled back whole.
 */
export function outcomeBatcher(pool: PostgresPool, liveInstances: () => number): StatementBatcher<OutcomeCall, RawOutcome> {
  return new StatementBatcher<OutcomeCall, RawOutcome>(
    {
      alone: async (outcome) => {
        const { rows } = await againAfterDeadlock(() =>
          pool.query<{ row: RawOutcome }>("SELECT croupier_record_outcome($1, $2, $3, $4, $5, $6, $7, $8, $9) AS row", outcomeParams(outcome)),
        );
        return rows[0]!.row;
      },
      together: async (outcomes) => {
        const { rows } = await pool.query<{ rows: RawOutcome[] }>("SELECT croupier_record_outcome_batch($1) AS rows", [JSON.stringify(outcomes)]);
        return rows[0]!.rows;
      },
    },
    () => inFlightShare(OUTCOMES_IN_FLIGHT, liveInstances()),
  );
}
