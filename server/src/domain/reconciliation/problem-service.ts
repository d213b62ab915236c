import type { ServiceSchemas } from "@croupier/contract";
import type { Acting, AuditTrail, Change } from "./audit-trail.js";
import { ApiError, badRequest, notConfigured, notFound } from "../errors.js";
import type { OperationQuery } from "../contract-operations.js";
import { readPage } from "./page-cursor.js";
import type { TransactionKey } from "../ports/ledger.js";
import type { LedgerQueries } from "../ports/ledger-queries.js";
import type { ProblemRecord, ProblemStore } from "../ports/problems.js";
import type { ReachableOperator } from "../ports/tenants.js";
import { auditView, problemView, transactionDetail } from "./reconciliation-views.js";
import type { TenantDirectory } from "../tenants/tenant-directory.js";
import type { TransactionRelay } from "../money/transaction-relay.js";

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
    private readonly deps: {
      problems: ProblemStore;
      audit: AuditTrail;
      ledger: LedgerQueries;
      relay: TransactionRelay;
      tenants: TenantDirectory;
      now?: () => number;
    },
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
    const problem = await this.findForChange(acting, { kind: "RESEND", target: `problem ${id}` }, id);
    const after = await this.deps.audit.record(
      acting,
      { kind: "RESEND", target: describe(problem) },
      () => this.resendOnce(acting, problem),
      (record) => (record.lastError === null || record.state === "OK" ? record.state : `${record.state}: ${record.lastError}`),
    );
    return { problem: problemView(await this.find(acting.operatorId, id)), transaction: await this.detail(acting.operatorId, after) };
  }

  /** Sends a problem's transaction once through the relay, and answers the record after the call. */
  private async resendOnce(acting: Acting, problem: ProblemRecord) {
    if (problem.resolvedAt !== null) throw conflict("problem already resolved");
    if (problem.transactionId === null) {
      throw badRequest("a round has nothing to re-send: the reconciler keeps trying to close it; resolve it with a note once it is settled");
    }
    const key = { providerId: problem.providerId, transactionId: problem.transactionId };
    const record = await this.deps.ledger.detail({ operatorId: acting.operatorId }, key);
    if (!record) throw notFound("problem not found");
    if (record.type === "BET") {
      throw badRequest("a BET is never re-sent: the reconciler reverses it when its round goes stale; resolve it with a note once settled");
    }
    const operator = this.deps.tenants.operator(acting.operatorId);
    if (!operator?.callbackUrl) throw notConfigured("operator has no callback URL configured");
    const outcome = await this.deps.relay.submit({ by: "OPERATOR", resend: key, actor: acting.actor, operator: operator as ReachableOperator });
    if (outcome.kind !== "recorded") throw conflict(await this.whyNotResent(acting.operatorId, key));
    return outcome.record;
  }

  async resolve(acting: Acting, id: string, note: string): Promise<ServiceSchemas["Problem"]> {
    const problem = await this.findForChange(acting, { kind: "RESOLVE", target: `problem ${id}`, note }, id);
    const change = { kind: "RESOLVE" as const, target: describe(problem), note };
    // The entry of a resolve that went through is written in the resolve's own unit of work; a refusal's, after it.
    const refuse = async (error: ApiError) => {
      await this.deps.audit.write(acting, change, `REFUSED: ${error.message}`);
      return error;
    };
    if (note.trim() === "") throw await refuse(badRequest("a note saying why is required"));
    const resolved = await this.deps.problems.resolve(
      problem.id,
      { operatorId: acting.operatorId, actor: acting.actor, action: change.kind, target: change.target, note, result: "RESOLVED" },
      this.now(),
    );
    if (resolved === "not-open") throw await refuse(conflict("problem already resolved"));
    if (resolved === "in-flight") throw await refuse(conflict("a call for this transaction is in flight; retry later"));
    return problemView(await this.find(acting.operatorId, id));
  }

  async auditLog(operatorId: string, query: OperationQuery<"listAuditLog">): Promise<ServiceSchemas["AuditPage"]> {
    const { rows, nextCursor } = await readPage(
      query,
      ID_POSITION,
      (after, limit) => this.deps.problems.auditLog(operatorId, query.kind, after?.id ?? NO_CURSOR, limit),
      (a) => a,
    );
    return { items: rows.map(auditView), nextCursor };
  }

  /** Why the relay sent nothing for a re-send: settled, closed by a person's resolution, or another call is out. */
  private async whyNotResent(operatorId: string, key: TransactionKey): Promise<string> {
    const now = await this.deps.ledger.detail({ operatorId }, key);
    if (now?.state === "OK" || now?.state === "DECLINED") return "the transaction is already settled";
    if (now?.resolvedByHand) return "the transaction was resolved by hand: it is never sent again";
    return "a call for this transaction is in flight; retry later";
  }

  /** The transaction a re-send answered with, in full (its body opened as sent). */
  private async detail(operatorId: string, key: TransactionKey): Promise<ServiceSchemas["TransactionDetail"]> {
    const found = (await this.deps.ledger.detail({ operatorId }, key))!;
    return transactionDetail(found, this.deps.relay.callbackBodyOf(found));
  }

  /** The problem a change names; a change naming none of the operator's is written to the audit log as refused, as a grant cancel's is. */
  private async findForChange(acting: Acting, change: Change, id: string): Promise<ProblemRecord> {
    const problem = await this.lookup(acting.operatorId, id);
    if (problem) return problem;
    const error = notFound("problem not found");
    await this.deps.audit.write(acting, change, `REFUSED: ${error.message}`);
    throw error;
  }

  /** The operator's problem by its id (a decimal integer); anything else, or another operator's, is not found. */
  private async find(operatorId: string, id: string): Promise<ProblemRecord> {
    const problem = await this.lookup(operatorId, id);
    if (!problem) throw notFound("problem not found");
    return problem;
  }

  private async lookup(operatorId: string, id: string): Promise<ProblemRecord | undefined> {
    return /^[1-9]\d{0,15}$/.test(id) ? this.deps.problems.problem(operatorId, Number(id)) : undefined;
  }
}
