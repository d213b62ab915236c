import type { CallEnd, CallFailure, CallRequest, CallRequester, DeliveryLogEntry, TransactionState } from "../domain/ports/ledger.js";

/** A wallet's answer is kept up to this many characters: enough to read an error, not a stored copy of anything large. */
export const LOGGED_RESPONSE_CHARS = 2048;

/**
 * SQL for the `delivery_log` column (a JSON array, oldest call first) inside the writes the relay makes anyway: the
 * claim appends the call's start, the outcome completes the last entry when it is this attempt's (a crashed
 * attempt's entry stays without an end). Written in those same statements, the log adds no commit and no page.
 */
export const APPEND_CALL_SQL = "json_insert(IFNULL(delivery_log, '[]'), '$[#]', json(@call))";
export const END_CALL_SQL = `CASE WHEN delivery_log ->> '$[#-1].n' = @attempt
  THEN json_set(delivery_log, '$[#-1]', json_patch(delivery_log -> '$[#-1]', json(@callEnd))) ELSE delivery_log END`;

/** The stored start of a call (short keys: every transaction row carries them). */
export function callStart(attempt: number, request: CallRequest, now: number): string {
  return JSON.stringify({ n: attempt, by: request.by, actor: request.actor, at: now });
}

/** The stored end of a call; absent keys read as null (a JSON merge patch drops null members anyway). */
export function callEnd(end: CallEnd, outcome: Exclude<TransactionState, "PENDING">, now: number): string {
  return JSON.stringify({
    end: now,
    outcome,
    ...(end.httpStatus === null ? {} : { status: end.httpStatus }),
    ...(end.failure === null ? {} : { failure: end.failure }),
    ...(end.response === null ? {} : { response: end.response.slice(0, LOGGED_RESPONSE_CHARS) }),
  });
}

interface StoredCall {
  n: number;
  by: CallRequester;
  actor: string | null;
  at: number;
  end?: number;
  outcome?: DeliveryLogEntry["outcome"];
  status?: number;
  failure?: CallFailure;
  response?: string;
}

/**
 * Reads a stored log. An entry without an end that is not the record's call in flight was cut short by a stopped
 * service (the next claim took over): it reads as INTERRUPTED.
 */
export function readDeliveryLog(text: string | null, record: { state: TransactionState; attempts: number }): DeliveryLogEntry[] {
  if (!text) return [];
  return (JSON.parse(text) as StoredCall[]).map((c) => {
    const inFlight = c.end === undefined && record.state === "PENDING" && c.n === record.attempts;
    return {
      attempt: c.n,
      requestedBy: c.by,
      actor: c.actor ?? null,
      startedAt: c.at,
      endedAt: c.end ?? null,
      httpStatus: c.status ?? null,
      failure: c.failure ?? (c.end === undefined && !inFlight ? "INTERRUPTED" : null),
      response: c.response ?? null,
      outcome: c.outcome ?? null,
    };
  });
}
