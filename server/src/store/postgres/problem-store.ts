import type { AuditRecord, NewAuditEntry, ProblemKind, ProblemRecord, ProblemStatus, ProblemStore } from "../../domain/ports/problems.js";
import { CALL_IN_FLIGHT } from "../problem-statements.js";
import type { PostgresPool, Queries } from "./database.js";

const PROBLEM_COLUMNS = `id, operator_id AS "operatorId", kind, provider_id AS "providerId", transaction_id AS "transactionId", game_id AS "gameId",
  round_id AS "roundId", player_ref AS "playerRef", detail, created_at AS "createdAt", resolved_at AS "resolvedAt", resolved_by AS "resolvedBy", resolution`;
const STATUS_CLAUSE: Record<ProblemStatus, string> = { open: "AND resolved_at IS NULL", resolved: "AND resolved_at IS NOT NULL", all: "" };
const AUDIT_INSERT = `INSERT INTO audit_log (operator_id, actor, action, target, note, result, created_at)`;

/**
 * A page of the operator's problems, newest first ($1 operator, $2 before, $3 limit, $4 kind): a statement for each kind
 * and status, not `($4 IS NULL OR kind = $4)`, so each finds its own index (migrations.ts, version 16) whatever the
 * statistics say. Exported for the plan test.
 */
export const problemListSql = (filter: { kind?: ProblemKind; status: ProblemStatus }) =>
  `SELECT ${PROBLEM_COLUMNS} FROM problems WHERE operator_id = $1 ${filter.kind === undefined ? "" : "AND kind = $4"}
   ${STATUS_CLAUSE[filter.status]} AND id < $2 ORDER BY id DESC LIMIT $3`;

/** A page of a tenant's audit log, newest first ($1 tenant, $2 before, $3 limit, $4 kind). Exported for the plan test. */
export const auditLogSql = (ofKind: boolean) =>
  `SELECT id, operator_id AS "operatorId", actor, action, target, note, result, created_at AS "createdAt" FROM audit_log
   WHERE operator_id = $1 ${ofKind ? "AND action = $4" : ""} AND id < $2 ORDER BY id DESC LIMIT $3`;

/** PostgreSQL implementation of the problems port: the queue and the audit log, scoped to one operator. */
export class PostgresProblemStore implements ProblemStore {
  /** `reads`: the back office's read pool, whose statements are cut at `database.readStatementTimeoutMs`, for the lists. */
  constructor(
    private readonly pool: PostgresPool,
    private readonly reads: Queries = pool,
  ) {}

  async problem(operatorId: string, id: number): Promise<ProblemRecord | undefined> {
    return (await this.pool.query<ProblemRecord>(`SELECT ${PROBLEM_COLUMNS} FROM problems WHERE id = $1 AND operator_id = $2`, [id, operatorId]))
      .rows[0];
  }

  async list(operatorId: string, filter: { kind?: ProblemKind; status: ProblemStatus }, before: number, limit: number): Promise<ProblemRecord[]> {
    const { rows } = await this.reads.query<ProblemRecord>(problemListSql(filter), [
      operatorId,
      before,
      limit,
      ...(filter.kind ? [filter.kind] : []),
    ]);
    return rows;
  }

  async openCounts(operatorId: string): Promise<Partial<Record<ProblemKind, number>>> {
    const { rows } = await this.pool.query<{ kind: ProblemKind; n: number }>(
      "SELECT kind, count(*) AS n FROM problems WHERE operator_id = $1 AND resolved_at IS NULL GROUP BY kind",
      [operatorId],
    );
    return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  }

  /**
   * One statement: the audit entry is written only when the resolve changed the problem. The resolution's trigger
   * (migrations.ts, version 6) closes a credit resolved by hand and refuses while a call for it is out.
   */
  async resolve(id: number, entry: NewAuditEntry & { note: string }, now: number): Promise<"resolved" | "not-open" | "in-flight"> {
    try {
      const { rows } = await this.pool.query<{ resolved: number }>(
        `WITH r AS (UPDATE problems SET resolved_at = $3, resolved_by = $4, resolution = $5
           WHERE id = $1 AND operator_id = $2 AND resolved_at IS NULL RETURNING id),
         a AS (${AUDIT_INSERT} SELECT $2, $4, $6, $7, $5, $8, $3 FROM r)
         SELECT count(*) AS resolved FROM r`,
        [id, entry.operatorId, now, entry.actor, entry.note, entry.action, entry.target, entry.result],
      );
      return rows[0]!.resolved === 1 ? "resolved" : "not-open";
    } catch (error) {
      if ((error as { message?: unknown }).message === CALL_IN_FLIGHT) return "in-flight";
      throw error;
    }
  }

  async audit(e: NewAuditEntry, now: number): Promise<void> {
    await this.pool.query(`${AUDIT_INSERT} VALUES ($1, $2, $3, $4, $5, $6, $7)`, [e.operatorId, e.actor, e.action, e.target, e.note, e.result, now]);
  }

  async auditLog(operatorId: string, kind: string | undefined, before: number, limit: number): Promise<AuditRecord[]> {
    const { rows } = await this.reads.query<AuditRecord>(auditLogSql(kind !== undefined), [
      operatorId,
      before,
      limit,
      ...(kind === undefined ? [] : [kind]),
    ]);
    return rows;
  }
}
