import pg from "pg";
import type { ClaimIntent, ClaimResult } from "../../domain/ports/ledger.js";
import type { PostgresPool } from "./database.js";
import { againAfterDeadlock } from "./deadlock-retry.js";
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

interface Waiting extends ClaimCall {
  resolve(answer: RawClaim): void;
  reject(error: unknown): void;
}

/**
 * How many claim statements one instance has in flight at once before the next claims wait and go together (issue 32).
 * The pool's other connections carry the outcomes, session reads and background work.
 */
export const CLAIMS_IN_FLIGHT = 2;

/** The most claims one statement carries (they hold their locks to its commit); more wait for the next. */
const MOST_IN_A_BATCH = 64;

/**
 * Group commit of claims on the client (issue 32): a claim goes to the database at once while fewer than
 * {@link CLAIMS_IN_FLIGHT} claim statements are in flight; otherwise it waits, and when one returns, every claim waiting
 * goes as one call of `croupier_claim_batch`: one round trip, one parse, one commit for all of them. No timer: at low
 * load a claim goes alone, as `croupier_claim_v2`, and waits for nothing. An answer is given only once its statement
 * committed. A batch the database refuses as a whole (a deadlock with another instance's batch, any error in one of its
 * claims) was rolled back entirely, so each of its claims is then sent alone: one bad claim fails only itself, and none
 * is applied twice. A batch whose fate is unknown (the connection lost) fails each of its claims with that error, as a
 * claim sent alone would.
 */
export class ClaimBatcher {
  private inFlight = 0;
  private readonly waiting: Waiting[] = [];

  constructor(
    private readonly pool: PostgresPool,
    private readonly owner: string,
    private readonly maxInFlight = CLAIMS_IN_FLIGHT,
  ) {}

  claim(call: ClaimCall): Promise<RawClaim> {
    return new Promise<RawClaim>((resolve, reject) => {
      this.waiting.push({ ...call, resolve, reject });
      if (this.inFlight < this.maxInFlight) this.sendWaiting();
    });
  }

  private sendWaiting(): void {
    const batch = this.waiting.splice(0, MOST_IN_A_BATCH);
    this.inFlight++;
    let released = false;
    // Before the answers are given: a claim their callers send next counts only the statements still in flight.
    const release = () => {
      if (released) return;
      released = true;
      this.inFlight--;
      if (this.waiting.length > 0) this.sendWaiting();
    };
    void this.send(batch, release).finally(release);
  }

  private async send(batch: Waiting[], release: () => void): Promise<void> {
    let answers: RawClaim[];
    try {
      answers = batch.length === 1 ? [await this.claimAlone(batch[0]!)] : await this.claimTogether(batch);
    } catch (error) {
      if (batch.length === 1 || !(error instanceof pg.DatabaseError)) {
        release();
        for (const claim of batch) claim.reject(error);
        return;
      }
      // The database refused the statement, so its transaction was rolled back: nothing of the batch stands.
      await Promise.all(
        batch.map((claim) =>
          this.claimAlone(claim).then(
            (answer) => claim.resolve(answer),
            (alone: unknown) => claim.reject(alone),
          ),
        ),
      );
      return;
    }
    release();
    batch.forEach((claim, i) => claim.resolve(answers[i]!));
  }

  private async claimTogether(batch: Waiting[]): Promise<RawClaim[]> {
    const { rows } = await this.pool.query<{ answers: RawClaim[] }>("SELECT croupier_claim_batch($1, $2) AS answers", [
      JSON.stringify(batch.map(({ intent, now, staleBefore, call }) => ({ intent, now, staleBefore, call }))),
      this.owner,
    ]);
    return rows[0]!.answers;
  }

  /** One claim in a statement of its own, sent again if PostgreSQL cancelled it to break a deadlock with a batch. */
  private async claimAlone(claim: ClaimCall): Promise<RawClaim> {
    const { rows } = await againAfterDeadlock(() =>
      this.pool.query<{ result: RawClaim }>("SELECT croupier_claim_v2($1, $2, $3, $4, $5) AS result", [
        JSON.stringify(claim.intent),
        claim.now,
        claim.staleBefore,
        JSON.stringify(claim.call),
        this.owner,
      ]),
    );
    return rows[0]!.result;
  }
}
