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

/**
 * One page of a provider's deliveries, newest first, filtered: the statement, and its values in order, each written by
 * `placeholder(i)` in the database's syntax. Each filter finds an index led by the provider (migrations, webhook-deliveries
 * and back-office-lists-by-index): a grant's, a session's or a player's calls, one event's, or the failed ones. Exported
 * for the plan test.
 */
export function deliveryListSql(
  providerId: string,
  filter: WebhookDeliveryFilter,
  beforeId: number | undefined,
  limit: number,
  placeholder: (index: number) => string,
): { sql: string; values: unknown[] } {
  const values: unknown[] = [providerId, limit];
  const clauses = [`provider_id = ${placeholder(0)}`];
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
  if (beforeId !== undefined) {
    clauses.push(`id < ${placeholder(values.length)}`);
    values.push(beforeId);
  }
  return { sql: `SELECT * FROM webhook_deliveries WHERE ${clauses.join(" AND ")} ORDER BY id DESC LIMIT ${placeholder(1)}`, values };
}
