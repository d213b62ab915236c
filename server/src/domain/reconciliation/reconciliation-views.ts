import type { ServiceSchemas } from "@croupier/contract";
import type { DeliveryLogEntry, TransactionRecord } from "../ports/ledger.js";
import type { RoundView } from "../ports/ledger-queries.js";
import type { AuditRecord, ProblemRecord } from "../ports/problems.js";
import { replaceJsonMember } from "../money/raw-json-member.js";

/* The reconciliation API's bodies (TransactionSummary, TransactionDetail, RoundDetail, Problem, AuditEntry in the
   OpenAPI), built from stored records: times as RFC 3339, ids as strings. */

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

export function transactionSummary(t: TransactionRecord): ServiceSchemas["TransactionSummary"] {
  return {
    operatorId: t.operatorId,
    providerId: t.providerId,
    transactionId: t.transactionId,
    type: t.type,
    playerRef: t.playerRef,
    gameId: t.gameId,
    roundId: t.roundId,
    amount: t.amount,
    currency: t.currency,
    originalTransactionId: t.originalTransactionId,
    roundComplete: t.roundComplete,
    state: t.state,
    balance: t.responseBalance,
    attempts: t.attempts,
    lastError: t.lastError,
    nextRetryAt: isoOrNull(t.nextRetryAt),
    problem: t.problem,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  };
}

/** What a person or client is shown of a stored session token: a live one lets whoever holds it play (decisions.md §5). */
export const REDACTED = "[redacted]";

/**
 * `request` is the record's callback body as sent (the record holds it sealed); it is shown with its session token
 * replaced by {@link REDACTED}, every other byte as sent. Only the wallet ever gets the real body.
 */
export function transactionDetail(
  t: TransactionRecord & { deliveryLog: DeliveryLogEntry[] },
  request: string,
  /** Whether the wallet's answer bodies are shown: the operator's own, never to a provider (decisions.md §4). */
  walletAnswers = true,
): ServiceSchemas["TransactionDetail"] {
  return {
    ...transactionSummary(t),
    request: replaceJsonMember(request, "sessionToken", JSON.stringify(REDACTED)),
    deliveryLog: t.deliveryLog.map((c) => ({
      attempt: c.attempt,
      requestedBy: c.requestedBy,
      actor: c.actor,
      startedAt: iso(c.startedAt),
      endedAt: isoOrNull(c.endedAt),
      durationMs: c.endedAt === null ? null : Math.max(0, c.endedAt - c.startedAt),
      httpStatus: c.httpStatus,
      failure: c.failure,
      response: walletAnswers ? c.response : null,
      outcome: c.outcome,
    })),
  };
}

const ROUND_STATE = { OPEN: "OPEN", COMPLETED: "COMPLETE", CLOSING: "CLOSING", CLOSED: "RECONCILED" } as const;

export function roundDetail(r: RoundView): ServiceSchemas["RoundDetail"] {
  return {
    providerId: r.providerId,
    gameId: r.gameId,
    roundId: r.roundId,
    playerRef: r.playerRef,
    state: ROUND_STATE[r.status],
    lastActivityAt: iso(r.lastActivityAt),
    transactions: r.transactions.map(transactionSummary),
  };
}

export function problemView(p: ProblemRecord): ServiceSchemas["Problem"] {
  return {
    id: String(p.id),
    kind: p.kind,
    providerId: p.providerId,
    transactionId: p.transactionId,
    gameId: p.gameId,
    roundId: p.roundId,
    playerRef: p.playerRef,
    detail: p.detail,
    createdAt: iso(p.createdAt),
    resolvedAt: isoOrNull(p.resolvedAt),
    resolvedBy: p.resolvedBy,
    resolution: p.resolution,
  };
}

export function auditView(a: AuditRecord): ServiceSchemas["AuditEntry"] {
  return { id: String(a.id), at: iso(a.createdAt), actor: a.actor, action: a.action, target: a.target, note: a.note, result: a.result };
}
