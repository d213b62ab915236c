import type { AuditRecord, NewAuditEntry, ProblemKind, ProblemRecord, ProblemStatus, ProblemStore } from "../../domain/ports/problems.js";
import { CALL_IN_FLIGHT } from "../problem-statements.js";
import type { PostgresPool } from "./database.js";

const PROBLEM_COLUMNS = `id, operator_id AS "operatorId", kind, provider_id AS "providerId", transaction_id AS "transactionId", game_id AS "gameId",
  round_id AS "roundId", player_ref AS "playerRef", detail, created_at AS "createdAt", resolved_at AS "resolvedAt", resolved_by AS "resolvedBy", resolution`;
const STATUS_CLAUSE: Record<ProblemStatus, string> = { open: "AND resolved_at IS NULL", resolved: "AND resolved_at IS NOT NULL", all: "" };
const AUDIT_INSERT = `INSERT INTO audit_log (operator_id, actor, action, target, note, result, created_at)`;

/** PostgreSQL implementation of the problems port: the queue and the audit log, scoped to one operator. */
export class PostgresProblemStore implements ProblemStore {
  constructor(private readonly pool: PostgresPool) {}

  async problem(operatorId: string, id: number): Promise<ProblemRecord | undefined> {
    return (await this.pool.query<ProblemRecord>(`SELECT ${PROBLEM_COLUMNS} FROM problems WHERE id = $1 AND operator_id = $2`, [id, operatorId]))
      .rows[0];
  }

  async list(operatorId: string, filter: { kind?: ProblemKind; status: ProblemStatus }, before: number, limit: number): Promise<ProblemRecord[]> {
    const { rows } = await this.pool.query<ProblemRecord>(
      `SELECT ${PROBLEM_COLUMNS} FROM problems WHERE operator_id = $1 AND id < $2 AND ($3::text IS NULL OR kind = $3)
       ${STATUS_CLAUSE[filter.status]} ORDER BY id DESC LIMIT $4`,
      [operatorId, before, filter.kind ?? null, limit],
    );
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
    // Two statements, not `($2 IS NULL OR action = $2)`, so each finds its own index whatever the statistics say.
    const { rows } = await this.pool.query<AuditRecord>(
      `SELECT id, operator_id AS "operatorId", actor, action, target, note, result, created_at AS "createdAt" FROM audit_log
       WHERE operator_id = $1 ${kind === undefined ? "" : "AND action = $4"} AND id < $2 ORDER BY id DESC LIMIT $3`,
      kind === undefined ? [operatorId, before, limit] : [operatorId, before, limit, kind],
    );
    return rows;
  }
}
