/** The problems port: the queue of what needs a person, and the audit log of what people did about it. */
import type { ServiceOperations, ServiceSchemas } from "@croupier/contract";

/** What a problem is about: a credit past the settlement horizon, a round the reconciler could not close, an outcome a crash left unknown. */
export type ProblemKind = ServiceSchemas["ProblemKind"];

/**
 * A problem in the queue: the contract's `Problem` as stored, scoped to its operator, its id a number and its times
 * unix ms (the view turns them into the contract's strings).
 */
export type ProblemRecord = Omit<ServiceSchemas["Problem"], "id" | "createdAt" | "resolvedAt"> & {
  id: number;
  operatorId: string;
  createdAt: number;
  resolvedAt: number | null;
};

/** An action of a person, as the audit log keeps it: the contract's `AuditEntry` before it has an id and a time. */
export type NewAuditEntry = Omit<ServiceSchemas["AuditEntry"], "id" | "at"> & { operatorId: string };

export type AuditRecord = NewAuditEntry & { id: number; createdAt: number };

/** Which problems a list shows, as `GET /v1/operator/problems` names it. */
export type ProblemStatus = NonNullable<NonNullable<ServiceOperations["listProblems"]["parameters"]["query"]>["status"]>;

/**
 * The problems queue as people work it, and the audit log of what they did, both scoped to one operator. Lists are
 * newest first by id (ids only grow, so a page never shifts). Resolving a problem and auditing it is one unit of work.
 * The ledger's own writes open and close problems (see the ledger port); this port only reads them and records people.
 */
export interface ProblemStore {
  /** One of the operator's problems; undefined for another operator's id or none. */
  problem(operatorId: string, id: number): Promise<ProblemRecord | undefined>;
  /** Up to `limit` of the operator's problems with an id below `before`, newest first. */
  list(operatorId: string, filter: { kind?: ProblemKind; status: ProblemStatus }, before: number, limit: number): Promise<ProblemRecord[]>;
  /** The operator's open problems per kind (kinds without any are absent). */
  openCounts(operatorId: string): Promise<Partial<Record<ProblemKind, number>>>;
  /**
   * Resolves an open problem and audits it, in one unit of work: `not-open` when it is already resolved or not the
   * operator's, `in-flight` while a call for its transaction is out (a person must not close what may be paid).
   */
  resolve(id: number, entry: NewAuditEntry & { note: string }, now: number): Promise<"resolved" | "not-open" | "in-flight">;
  /** Appends an entry to the audit log. */
  audit(entry: NewAuditEntry, now: number): Promise<void>;
  /** Up to `limit` of the operator's audit entries (of one kind, when given) with an id below `before`, newest first. */
  auditLog(operatorId: string, kind: string | undefined, before: number, limit: number): Promise<AuditRecord[]>;
}
