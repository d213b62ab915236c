import type { ProblemKind, ProblemRecord } from "../domain/ports/problems.js";
import type { SqliteDatabase } from "./database.js";

/** What opens a problem: the transaction or round it is about. */
export type ProblemSubject = Pick<ProblemRecord, "operatorId" | "providerId" | "transactionId" | "gameId" | "roundId" | "playerRef">;

/** The keys of the credits whose UNSETTLED_CREDIT problem is open (SQL both dialects run). */
export const OPEN_UNSETTLED_CREDITS = "SELECT provider_id, transaction_id FROM problems WHERE kind = 'UNSETTLED_CREDIT' AND resolved_at IS NULL";

/** The resolver the platform writes when a problem ends by itself (settled, reversed, closed). */
export const SYSTEM_RESOLVER = "system";

/** The error both databases' resolution trigger raises while a call for the problem's transaction is out (migrations). */
export const CALL_IN_FLIGHT = "a call for this transaction is in flight";

/**
 * The writes that open and close problems, run inside the units of work of the transaction store that cause them
 * (the settlement horizon passing, a crash left an outcome unknown, a settlement, a round closing), so the queue
 * never disagrees with the ledger.
 */
export class ProblemStatements {
  private readonly insert;
  private readonly resolveTransaction;
  private readonly resolveRound;

  constructor(db: SqliteDatabase) {
    // At most one open problem per subject and kind (a unique partial index): a second report is ignored.
    this.insert = db.prepare(
      `INSERT OR IGNORE INTO problems (operator_id, kind, provider_id, transaction_id, game_id, round_id, player_ref, detail, created_at)
       VALUES (@operatorId, @kind, @providerId, @transactionId, @gameId, @roundId, @playerRef, @detail, @now)`,
    );
    this.resolveTransaction = db.prepare(
      `UPDATE problems SET resolved_at = @now, resolved_by = '${SYSTEM_RESOLVER}', resolution = @why
       WHERE provider_id = @providerId AND transaction_id = @transactionId AND resolved_at IS NULL`,
    );
    this.resolveRound = db.prepare(
      `UPDATE problems SET resolved_at = @now, resolved_by = '${SYSTEM_RESOLVER}', resolution = @why
       WHERE kind = 'UNCLOSED_ROUND' AND provider_id = @providerId AND game_id = @gameId AND round_id = @roundId
         AND operator_id = @operatorId AND resolved_at IS NULL`,
    );
  }

  open(kind: ProblemKind, subject: ProblemSubject, detail: string | null, now: number): void {
    this.insert.run({ ...subject, kind, detail, now });
  }

  resolveForTransaction(key: { providerId: string; transactionId: string }, why: string, now: number): void {
    this.resolveTransaction.run({ providerId: key.providerId, transactionId: key.transactionId, why, now });
  }

  resolveForRound(round: { providerId: string; operatorId: string; gameId: string; roundId: string }, why: string, now: number): void {
    this.resolveRound.run({ providerId: round.providerId, operatorId: round.operatorId, gameId: round.gameId, roundId: round.roundId, why, now });
  }
}
