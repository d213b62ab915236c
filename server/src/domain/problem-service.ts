import type { ServiceSchemas } from "@croupier/contract";
import { ApiError, badRequest, notConfigured, notFound } from "./errors.js";
import type { OperationQuery } from "./contract-operations.js";
import { readPage } from "./page-cursor.js";
import type { TransactionKey } from "./ports/ledger.js";
import type { LedgerQueries } from "./ports/ledger-queries.js";
import type { ProblemRecord, ProblemStore } from "./ports/problems.js";
import type { ReachableOperator } from "./ports/tenants.js";
import { auditView, problemView, transactionDetail } from "./reconciliation-views.js";
import type { TenantDirectory } from "./tenant-directory.js";
import type { TransactionRelay } from "./transaction-relay.js";

/** Who acts: the operator tenant, and the person or key acting for it (the audit log's actor). */
export interface Acting {
  operatorId: string;
  actor: string;
}

/** Problems and audit entries page by id (ids only grow, so a page never shifts). */
const ID_POSITION = ["id"] as const;
/** Past every id: the first page of a list. */
const NO_CURSOR = Number.MAX_SAFE_INTEGER;

const conflict = (message: string) => new ApiError("conflict", message);
const describe = (p: ProblemRecord) => `problem ${p.id} (${p.kind} ${p.providerId} ${p.transactionId ?? `round ${p.gameId}/${p.roundId}`})`;

/**
 * The queue of what needs a person, and its two actions. A re-send goes through the relay like every wallet call:
 * claimed in the database before the call (so two re-sends at once make one call; the second finds it in flight),
 * the same transactionId and stored body, the outcome written after. Every action is audited.
 */
export class ProblemService {
  constructor(
    private readonly deps: { problems: ProblemStore; ledger: LedgerQueries; relay: TransactionRelay; tenants: TenantDirectory; now?: () => number },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  async list(operatorId: string, query: OperationQuery<"listProblems">): Promise<ServiceSchemas["ProblemPage"]> {
    const filter = { ...(query.kind ? { kind: query.kind } : {}), status: query.status ?? "open" };
    const { rows, nextCursor } = await readPage(
      query,
      ID_POSITION,
      (after, limit) => this.deps.problems.list(operatorId, filter, after?.id ?? NO_CURSOR, limit),
      (p) => p,
    );
    return { counts: await this.openCounts(operatorId), items: rows.map(problemView), nextCursor };
  }

  /** How many open problems of each kind the operator has, every kind named. */
  async openCounts(operatorId: string): Promise<ServiceSchemas["ProblemCounts"]> {
    const counts = await this.deps.problems.openCounts(operatorId);
    return {
      UNSETTLED_CREDIT: counts.UNSETTLED_CREDIT ?? 0,
      UNCLOSED_ROUND: counts.UNCLOSED_ROUND ?? 0,
      UNKNOWN_OUTCOME: counts.UNKNOWN_OUTCOME ?? 0,
    };
  }

  async resend(acting: Acting, id: string): Promise<ServiceSchemas["ResendResult"]> {
    const problem = await this.find(acting.operatorId, id);
    if (problem.resolvedAt !== null) throw conflict("problem already resolved");
    if (problem.transactionId === null) {
      throw badRequest("a round has nothing to re-send: the reconciler keeps trying to close it; resolve it with a note once it is settled");
    }
    const key = { providerId: problem.providerId, transactionId: problem.transactionId };
    const record = await this.deps.ledger.detail(acting.operatorId, key);
    if (!record) throw notFound("problem not found");
    if (record.type === "BET") {
      throw badRequest("a BET is never re-sent: the reconciler reverses it when its round goes stale; resolve it with a note once settled");
    }
    const operator = this.deps.tenants.operator(acting.operatorId);
    if (!operator?.callbackUrl) throw notConfigured("operator has no callback URL configured");
    const outcome = await this.deps.relay.submit({ by: "OPERATOR", resend: key, actor: acting.actor, operator: operator as ReachableOperator });
    if (outcome.kind !== "recorded") {
      const now = await this.deps.ledger.detail(acting.operatorId, key);
      throw conflict(
        now?.state === "OK" || now?.state === "DECLINED"
          ? "the transaction is already settled"
          : "a call for this transaction is in flight; retry later",
      );
    }
    const after = outcome.record;
    await this.deps.problems.audit(
      {
        operatorId: acting.operatorId,
        actor: acting.actor,
        action: "RESEND",
        target: describe(problem),
        note: null,
        result: after.lastError === null || after.state === "OK" ? after.state : `${after.state}: ${after.lastError}`,
      },
      this.now(),
    );
    return { problem: problemView(await this.find(acting.operatorId, id)), transaction: await this.detail(acting.operatorId, key) };
  }

  async resolve(acting: Acting, id: string, note: string): Promise<ServiceSchemas["Problem"]> {
    const problem = await this.find(acting.operatorId, id);
    if (note.trim() === "") throw badRequest("a note saying why is required");
    const resolved = await this.deps.problems.resolve(
      problem.id,
      { operatorId: acting.operatorId, actor: acting.actor, action: "RESOLVE", target: describe(problem), note, result: "RESOLVED" },
      this.now(),
    );
    if (!resolved) throw conflict("problem already resolved");
    return problemView(await this.find(acting.operatorId, id));
  }

  async auditLog(operatorId: string, query: OperationQuery<"listAuditLog">): Promise<ServiceSchemas["AuditPage"]> {
    const { rows, nextCursor } = await readPage(
      query,
      ID_POSITION,
      (after, limit) => this.deps.problems.auditLog(operatorId, after?.id ?? NO_CURSOR, limit),
      (a) => a,
    );
    return { items: rows.map(auditView), nextCursor };
  }

  /** The transaction a re-send answered with, in full (its body opened as sent). */
  private async detail(operatorId: string, key: TransactionKey): Promise<ServiceSchemas["TransactionDetail"]> {
    const found = (await this.deps.ledger.detail(operatorId, key))!;
    return transactionDetail(found, this.deps.relay.callbackBodyOf(found));
  }

  /** The operator's problem by its id (a decimal integer); anything else, or another operator's, is not found. */
  private async find(operatorId: string, id: string): Promise<ProblemRecord> {
    const problem = /^[1-9]\d{0,15}$/.test(id) ? await this.deps.problems.problem(operatorId, Number(id)) : undefined;
    if (!problem) throw notFound("problem not found");
    return problem;
  }
}
