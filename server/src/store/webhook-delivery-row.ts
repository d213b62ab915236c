import type { WebhookDeliveryFilter, WebhookDeliveryRecord } from "../domain/ports/webhook-deliveries.js";

/** A `webhook_deliveries` row as both databases return it (BIGINT read as numbers). */
export interface DeliveryRow {
  id: number;
  provider_id: string;
  operator_id: string | null;
  event: WebhookDeliveryRecord["event"];
  subject: string;
  grant_id: string | null;
  player_ref: string | null;
  game_id: string | null;
  path: string;
  body_sealed: string;
  attempt: number;
  actor: string;
  started_at: number;
  ended_at: number | null;
  outcome: WebhookDeliveryRecord["outcome"] | null;
  http_status: number | null;
  response: string | null;
  error: string | null;
}

export function fromDeliveryRow(r: DeliveryRow): WebhookDeliveryRecord {
  return {
    id: r.id,
    providerId: r.provider_id,
    operatorId: r.operator_id,
    event: r.event,
    subject: r.subject,
    grantId: r.grant_id,
    playerRef: r.player_ref,
    gameId: r.game_id,
    path: r.path,
    bodySealed: r.body_sealed,
    attempt: r.attempt,
    actor: r.actor,
    startedAt: r.started_at,
    ...(r.ended_at === null
      ? {}
      : { endedAt: r.ended_at, outcome: r.outcome ?? "FAILED", httpStatus: r.http_status, response: r.response, error: r.error }),
  };
}

/** The WHERE clauses of a delivery list's filters; `placeholder(i)` writes the i-th of `values` in the database's syntax. */
export function deliveryFilterClauses(
  filter: WebhookDeliveryFilter,
  placeholder: (index: number) => string,
): { clauses: string[]; values: unknown[] } {
  const clauses: string[] = [];
  const values: unknown[] = [];
  const add = (column: string, value: unknown) => {
    clauses.push(`${column} = ${placeholder(values.length)}`);
    values.push(value);
  };
  if (filter.grantId !== undefined) add("grant_id", filter.grantId);
  if (filter.sessionRef !== undefined) {
    // A session's reference is its revokes' subject: the (provider_id, event, subject) index finds them.
    add("event", "SESSION_REVOKE");
    add("subject", filter.sessionRef);
  }
  if (filter.playerRef !== undefined) add("player_ref", filter.playerRef);
  if (filter.event !== undefined) add("event", filter.event);
  // Spelled out, so the partial index of failed deliveries serves the list a studio reads most.
  if (filter.outcome === "FAILED") clauses.push("outcome = 'FAILED'");
  if (filter.outcome === "DELIVERED") clauses.push("outcome = 'DELIVERED'");
  return { clauses, values };
}
