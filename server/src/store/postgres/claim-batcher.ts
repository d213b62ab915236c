import type { ClaimIntent, ClaimResult } from "../../domain/ports/ledger.js";
import type { PostgresPool } from "./database.js";
import { againAfterDeadlock } from "./deadlock-retry.js";
import { inFlightShare, StatementBatcher } from "./statement-batcher.js";
import type { TransactionRow } from "../transaction-row.js";

/** A claim as croupier_claim_v2 answers it: its kind, and the row (or the reversal) it is about where there is one. */
export type RawClaim = { kind: ClaimResult["kind"]; row?: TransactionRow; reversal?: TransactionRow };

/** One claim's arguments to croupier_claim_v2, less the owner (the instance's, the same for every claim). */
export interface ClaimCall {
  intent: ClaimIntent;
  now: number;
  staleBefore: number;
  call: { by: string; actor: string | null; at: number };
}

/**
 * How many claim statements the instances sharing the database have in flight at once before the next claims wait and go
 * together (issue 32): one instance alone has them all, two one each (statement-batcher.ts, {@link inFlightShare}). The
 * pool's other connections carry the outcomes, session reads and background work.
 */
export const CLAIMS_IN_FLIGHT = 2;

/**
 * Claims batched on the client (issue 32, statement-batcher.ts): a claim goes alone, as `croupier_claim_v2`, while fewer
 * than this instance's share of {@link CLAIMS_IN_FLIGHT} claim statements are in flight (`liveInstances`: how many share
 * the database, as the heartbeat last counted them); the claims that come meanwhile go together as one call
 * of `croupier_claim_batch`, which claims them in the order of the locks they take first (operator and player, then the
 * transaction's key). A claim sent alone that PostgreSQL cancelled to break a deadlock with a batch is sent again.
 */
export function claimBatcher(pool: PostgresPool, owner: string, liveInstances: () => number): StatementBatcher<ClaimCall, RawClaim> {
  return new StatementBatcher<ClaimCall, RawClaim>(
    {
      alone: async (claim) => {
        const { rows } = await againAfterDeadlock(() =>
          pool.query<{ result: RawClaim }>("SELECT croupier_claim_v2($1, $2, $3, $4, $5) AS result", [
            JSON.stringify(claim.intent),
            claim.now,
            claim.staleBefore,
            JSON.stringify(claim.call),
            owner,
          ]),
        );
        return rows[0]!.result;
      },
      together: async (claims) => {
        const { rows } = await pool.query<{ answers: RawClaim[] }>("SELECT croupier_claim_batch($1, $2) AS answers", [
          JSON.stringify(claims.map(({ intent, now, staleBefore, call }) => ({ intent, now, staleBefore, call }))),
          owner,
        ]);
        return rows[0]!.answers;
      },
    },
    () => inFlightShare(CLAIMS_IN_FLIGHT, liveInstances()),
  );
}
