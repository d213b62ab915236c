/** The problems port: the queue of what needs a person, and the audit log of what people did about it. */

/** What a problem is about: a credit past the settlement horizon, a round the reconciler could not close, an outcome a crash left unknown. */
export type ProblemKind = "UNSETTLED_CREDIT" | "UNCLOSED_ROUND" | "UNKNOWN_OUTCOME";

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
  /** Resolves an open problem and audits it, in one unit; false when it is not open (already resolved) or not the operator's. */
  resolve(id: number, entry: NewAuditEntry & { note: string }, now: number): Promise<boolean>;
  /** Appends an entry to the audit log. */
  audit(entry: NewAuditEntry, now: number): Promise<void>;
  /** Up to `limit` of the operator's audit entries with an id below `before`, newest first. */
  auditLog(operatorId: string, before: number, limit: number): Promise<AuditRecord[]>;
}
