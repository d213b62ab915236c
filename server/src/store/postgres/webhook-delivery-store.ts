import {
  WEBHOOK_PURGE_SLICE,
  type WebhookDeliveryEnd,
  type WebhookDeliveryFilter,
  type WebhookDeliveryRecord,
  type WebhookDeliveryStart,
  type WebhookDeliveryStore,
} from "../../domain/ports/webhook-deliveries.js";
import { deliveryListSql, fromDeliveryRow, type DeliveryRow } from "../webhook-delivery-row.js";
import type { PostgresPool, Queries } from "./database.js";

/** PostgreSQL implementation of {@link WebhookDeliveryStore}. */
export class PostgresWebhookDeliveryStore implements WebhookDeliveryStore {
  /** `reads`: the back office's read pool, whose statements are cut at `database.readStatementTimeoutMs`, for the lists. */
  constructor(
    private readonly pool: PostgresPool,
    private readonly reads: Queries = pool,
  ) {}

  async start(d: WebhookDeliveryStart): Promise<{ id: number; attempt: number }> {
    const { rows } = await this.pool.query<{ id: number; attempt: number }>(
      `INSERT INTO webhook_deliveries (provider_id, operator_id, event, subject, grant_id, player_ref, game_id, path, body_sealed, attempt,
         actor, started_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
         (SELECT COUNT(*) + 1 FROM webhook_deliveries WHERE provider_id = $1 AND event = $3 AND subject = $4), $10, $11)
       RETURNING id, attempt`,
      [d.providerId, d.operatorId, d.event, d.subject, d.grantId, d.playerRef, d.gameId, d.path, d.bodySealed, d.actor, d.startedAt],
    );
    return rows[0]!;
  }

  async finish(id: number, end: WebhookDeliveryEnd): Promise<void> {
    await this.pool.query("UPDATE webhook_deliveries SET ended_at = $2, outcome = $3, http_status = $4, response = $5, error = $6 WHERE id = $1", [
      id,
      end.endedAt,
      end.outcome,
      end.httpStatus,
      end.response,
      end.error,
    ]);
  }

  async list(providerId: string, filter: WebhookDeliveryFilter, beforeId: number | undefined, limit: number): Promise<WebhookDeliveryRecord[]> {
    const { sql, values } = deliveryListSql(providerId, filter, beforeId, limit, (index) => `$${index + 1}`);
    const { rows } = await this.reads.query<DeliveryRow>(sql, values);
    return rows.map(fromDeliveryRow);
  }

  async find(providerId: string, id: number): Promise<WebhookDeliveryRecord | undefined> {
    const { rows } = await this.pool.query<DeliveryRow>("SELECT * FROM webhook_deliveries WHERE provider_id = $1 AND id = $2", [providerId, id]);
    return rows[0] && fromDeliveryRow(rows[0]);
  }

  async purgeStartedBefore(before: number): Promise<number> {
    const result = await this.pool.query(
      `DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM webhook_deliveries WHERE started_at < $1 ORDER BY started_at LIMIT ${WEBHOOK_PURGE_SLICE})`,
      [before],
    );
    return result.rowCount ?? 0;
  }
}
