import type { AuditRecord, NewAuditEntry, ProblemKind, ProblemRecord, ProblemStatus, ProblemStore } from "../domain/ports/problems.js";
import type { SqliteDatabase } from "./database.js";
import type { GroupCommit } from "./group-commit.js";
import { CALL_IN_FLIGHT } from "./problem-statements.js";
import { StatementCache } from "./statement-cache.js";

const PROBLEM_COLUMNS = `id, operator_id AS operatorId, kind, provider_id AS providerId, transaction_id AS transactionId, game_id AS gameId,
  round_id AS roundId, player_ref AS playerRef, detail, created_at AS createdAt, resolved_at AS resolvedAt, resolved_by AS resolvedBy, resolution`;
const STATUS_CLAUSE: Record<ProblemStatus, string> = { open: "AND resolved_at IS NULL", resolved: "AND resolved_at IS NOT NULL", all: "" };

/**
 * A page of the operator's problems, newest first: each kind and status walks its own index (migrations.ts, version 18),
 * so a page reads at most a page. Exported for the plan test.
 */
export const problemListSql = (filter: { kind?: ProblemKind; status: ProblemStatus }) =>
  `SELECT ${PROBLEM_COLUMNS} FROM problems WHERE operator_id = @operatorId ${filter.kind === undefined ? "" : "AND kind = @kind"}
    ${STATUS_CLAUSE[filter.status]} AND id < @before ORDER BY id DESC LIMIT @limit`;

/** A page of a tenant's audit log, newest first, of one kind or all: by audit_log_kind or audit_log_operator. Exported for the plan test. */
export const auditLogSql = (ofKind: boolean) =>
  `SELECT id, operator_id AS operatorId, actor, action, target, note, result, created_at AS createdAt FROM audit_log
   WHERE operator_id = @operatorId ${ofKind ? "AND action = @kind" : ""} AND id < @before ORDER BY id DESC LIMIT @limit`;

/** SQLite implementation of {@link ProblemStore}; its writes join the group commit. */
export class SqliteProblemStore implements ProblemStore {
  private readonly selectOne;
  private readonly lists;
  private readonly selectCounts;
  private readonly resolveOne;
  private readonly insertAudit;
  private readonly selectAudit;
  private readonly selectAuditOfKind;

  constructor(
    db: SqliteDatabase,
    private readonly commits: GroupCommit,
  ) {
    this.lists = new StatementCache(db);
    this.selectOne = db.prepare(`SELECT ${PROBLEM_COLUMNS} FROM problems WHERE id = ? AND operator_id = ?`);
    this.selectCounts = db.prepare("SELECT kind, COUNT(*) AS n FROM problems WHERE operator_id = ? AND resolved_at IS NULL GROUP BY kind");
    this.resolveOne = db.prepare(
      `UPDATE problems SET resolved_at = @now, resolved_by = @actor, resolution = @note
       WHERE id = @id AND operator_id = @operatorId AND resolved_at IS NULL`,
    );
    this.insertAudit = db.prepare(
      `INSERT INTO audit_log (operator_id, actor, action, target, note, result, created_at)
       VALUES (@operatorId, @actor, @action, @target, @note, @result, @now)`,
    );
    this.selectAudit = db.prepare(auditLogSql(false));
    this.selectAuditOfKind = db.prepare(auditLogSql(true));
  }

  problem(operatorId: string, id: number): Promise<ProblemRecord | undefined> {
    return Promise.resolve(this.selectOne.get(id, operatorId) as ProblemRecord | undefined);
  }

  list(operatorId: string, filter: { kind?: ProblemKind; status: ProblemStatus }, before: number, limit: number): Promise<ProblemRecord[]> {
    const statement = this.lists.get(problemListSql(filter));
    return Promise.resolve(
      statement.all({ operatorId, before, limit, ...(filter.kind === undefined ? {} : { kind: filter.kind }) }) as ProblemRecord[],
    );
  }

  openCounts(operatorId: string): Promise<Partial<Record<ProblemKind, number>>> {
    const rows = this.selectCounts.all(operatorId) as { kind: ProblemKind; n: number }[];
    return Promise.resolve(Object.fromEntries(rows.map((r) => [r.kind, r.n])));
  }

  resolve(id: number, entry: NewAuditEntry & { note: string }, now: number): Promise<"resolved" | "not-open" | "in-flight"> {
    return this.commits.run(() => {
      try {
        if (this.resolveOne.run({ id, operatorId: entry.operatorId, actor: entry.actor, note: entry.note, now }).changes !== 1) return "not-open";
      } catch (error) {
        // The resolution's trigger refuses it while a call for its transaction is out (migrations.ts, version 10).
        if (error instanceof Error && error.message === CALL_IN_FLIGHT) return "in-flight";
        throw error;
      }
      this.insertAudit.run({ ...entry, now });
      return "resolved";
    });
  }

  audit(entry: NewAuditEntry, now: number): Promise<void> {
    return this.commits.run(() => void this.insertAudit.run({ ...entry, now }));
  }

  auditLog(operatorId: string, kind: string | undefined, before: number, limit: number): Promise<AuditRecord[]> {
    const rows =
      kind === undefined ? this.selectAudit.all({ operatorId, before, limit }) : this.selectAuditOfKind.all({ operatorId, kind, before, limit });
    return Promise.resolve(rows as AuditRecord[]);
  }
}
