import type { SqliteDatabase } from "./database.js";
import type { GroupCommit } from "./group-commit.js";
import { StatementCache } from "./statement-cache.js";
import type { ProblemKind } from "./problem-statements.js";

/** A problem in the queue. Times are unix ms. */
export interface ProblemRecord {
  id: number;
  operatorId: string;
  kind: ProblemKind;
  providerId: string;
  transactionId: string | null;
  gameId: string;
  roundId: string;
  playerRef: string;
  detail: string | null;
  createdAt: number;
  resolvedAt: number | null;
  resolvedBy: string | null;
  resolution: string | null;
}

/** An action of a person, as the audit log keeps it. */
export interface NewAuditEntry {
  operatorId: string;
  actor: string;
  action: string;
  target: string;
  note: string | null;
  result: string | null;
}

export interface AuditRecord extends NewAuditEntry {
  id: number;
  createdAt: number;
}

export type ProblemStatus = "open" | "resolved" | "all";

const PROBLEM_COLUMNS = `id, operator_id AS operatorId, kind, provider_id AS providerId, transaction_id AS transactionId, game_id AS gameId,
  round_id AS roundId, player_ref AS playerRef, detail, created_at AS createdAt, resolved_at AS resolvedAt, resolved_by AS resolvedBy, resolution`;
const STATUS_CLAUSE: Record<ProblemStatus, string> = {
  open: "AND resolved_at IS NULL", resolved: "AND resolved_at IS NOT NULL", all: "",
};

/**
 * The problems queue as people work it, and the audit log of what they did, both scoped to one operator. Lists are
 * newest first by id (ids only grow, so a page never shifts). Resolving a problem and auditing it is one unit of work.
 */
export class SqliteProblemStore {
  private readonly selectOne;
  private readonly lists;
  private readonly selectCounts;
  private readonly resolveOne;
  private readonly insertAudit;
  private readonly selectAudit;

  constructor(db: SqliteDatabase, private readonly commits: GroupCommit) {
    this.lists = new StatementCache(db);
    this.selectOne = db.prepare(`SELECT ${PROBLEM_COLUMNS} FROM problems WHERE id = ? AND operator_id = ?`);
    this.selectCounts = db.prepare(
      "SELECT kind, COUNT(*) AS n FROM problems WHERE operator_id = ? AND resolved_at IS NULL GROUP BY kind",
    );
    this.resolveOne = db.prepare(
      `UPDATE problems SET resolved_at = @now, resolved_by = @actor, resolution = @note
       WHERE id = @id AND operator_id = @operatorId AND resolved_at IS NULL`,
    );
    this.insertAudit = db.prepare(
      `INSERT INTO audit_log (operator_id, actor, action, target, note, result, created_at)
       VALUES (@operatorId, @actor, @action, @target, @note, @result, @now)`,
    );
    this.selectAudit = db.prepare(
      `SELECT id, operator_id AS operatorId, actor, action, target, note, result, created_at AS createdAt FROM audit_log
       WHERE operator_id = @operatorId AND id < @before ORDER BY id DESC LIMIT @limit`,
    );
  }

  /** One of the operator's problems; undefined for another operator's id or none. */
  problem(operatorId: string, id: number): ProblemRecord | undefined {
    return this.selectOne.get(id, operatorId) as ProblemRecord | undefined;
  }

  /** Up to `limit` of the operator's problems with an id below `before`, newest first. */
  list(operatorId: string, filter: { kind?: ProblemKind; status: ProblemStatus }, before: number, limit: number): ProblemRecord[] {
    const sql = `SELECT ${PROBLEM_COLUMNS} FROM problems WHERE operator_id = @operatorId AND id < @before
      ${filter.kind === undefined ? "" : "AND kind = @kind"} ${STATUS_CLAUSE[filter.status]} ORDER BY id DESC LIMIT @limit`;
    const statement = this.lists.get(sql);
    return statement.all({ operatorId, before, limit, ...(filter.kind === undefined ? {} : { kind: filter.kind }) }) as ProblemRecord[];
  }

  /** The operator's open problems per kind (kinds without any are absent). */
  openCounts(operatorId: string): Partial<Record<ProblemKind, number>> {
    const rows = this.selectCounts.all(operatorId) as { kind: ProblemKind; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  }

  /** Resolves an open problem and audits it, in one unit; false when it is not open (already resolved) or not the operator's. */
  resolve(id: number, entry: NewAuditEntry & { note: string }, now: number): Promise<boolean> {
    return this.commits.run(() => {
      if (this.resolveOne.run({ id, operatorId: entry.operatorId, actor: entry.actor, note: entry.note, now }).changes !== 1) return false;
      this.insertAudit.run({ ...entry, now });
      return true;
    });
  }

  /** Appends an entry to the audit log. */
  audit(entry: NewAuditEntry, now: number): Promise<void> {
    return this.commits.run(() => void this.insertAudit.run({ ...entry, now }));
  }

  /** Up to `limit` of the operator's audit entries with an id below `before`, newest first. */
  auditLog(operatorId: string, before: number, limit: number): AuditRecord[] {
    return this.selectAudit.all({ operatorId, before, limit }) as AuditRecord[];
  }
}
