import type { ServiceSchemas } from "@croupier/contract";
import { ApiError, type ApiErrorCode } from "../errors.js";
import type { NewAuditEntry } from "../ports/problems.js";

/** What an audit entry records (the contract's AuditKind). */
export type AuditKind = ServiceSchemas["AuditKind"];

/** Who acts: the operator tenant, and the person or key acting for it (the audit log's actor). */
export interface Acting {
  operatorId: string;
  actor: string;
}

/** A change as the audit log names it: its kind, what it is done to, and the note given with it. */
export interface Change {
  kind: AuditKind;
  target: string;
  note?: string;
}

/** Refusals that are the service's or a peer's failure rather than the caller's mistake: written `FAILED: `, not `REFUSED: `. */
const FAILURES: ReadonlySet<ApiErrorCode> = new Set(["upstream_failed", "retryable_failure", "not_configured", "internal"]);

/**
 * The audit log's writer: every change made through the API, the back office or the admin CLI is written with who,
 * when, what and the result, refused ones included (decisions.md §5).
 */
export class AuditTrail {
  constructor(
    private readonly store: { audit(entry: NewAuditEntry, now: number): Promise<void> },
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `change` and writes its entry: `result` of its value, or why it was refused or failed (then rethrown). */
  async record<T>(acting: Acting, change: Change, run: () => Promise<T>, result: (value: T) => string): Promise<T> {
    let value: T;
    try {
      value = await run();
    } catch (error) {
      await this.write(acting, change, outcomeOf(error));
      throw error;
    }
    await this.write(acting, change, result(value));
    return value;
  }

  /** Writes one entry whose result is already known. */
  write(acting: Acting, change: Change, result: string): Promise<void> {
    return this.store.audit(
      { operatorId: acting.operatorId, actor: acting.actor, action: change.kind, target: change.target, note: change.note ?? null, result },
      this.now(),
    );
  }
}

/** How a change that threw is recorded: the client-facing message, never an internal error's detail. */
function outcomeOf(error: unknown): string {
  if (!(error instanceof ApiError)) return "FAILED: internal error";
  return `${FAILURES.has(error.code) ? "FAILED" : "REFUSED"}: ${error.message}`;
}
