import {
  WEBHOOK_PURGE_SLICE,
  type WebhookDeliveryEnd,
  type WebhookDeliveryFilter,
  type WebhookDeliveryRecord,
  type WebhookDeliveryStart,
  type WebhookDeliveryStore,
} from "../domain/ports/webhook-deliveries.js";
import type { SqliteDatabase } from "./database.js";
import { StatementCache } from "./statement-cache.js";
import { deliveryListSql, fromDeliveryRow, type DeliveryRow } from "./webhook-delivery-row.js";

/** SQLite implementation of {@link WebhookDeliveryStore}: webhook calls are few, so its writes commit on their own. */
export class SqliteWebhookDeliveryStore implements WebhookDeliveryStore {
  private readonly insert;
  private readonly update;
  private readonly selectOne;
  private readonly purge;
  private readonly lists;

  constructor(db: SqliteDatabase) {
    this.lists = new StatementCache(db);
    this.insert = db.prepare(
      `INSERT INTO webhook_deliveries (provider_id, operator_id, event, subject, grant_id, player_ref, game_id, path, body_sealed, attempt,
         actor, started_at)
       VALUES (@providerId, @operatorId, @event, @subject, @grantId, @playerRef, @gameId, @path, @bodySealed,
         (SELECT COUNT(*) + 1 FROM webhook_deliveries WHERE provider_id = @providerId AND event = @event AND subject = @subject),
         @actor, @startedAt)
       RETURNING id, attempt`,
    );
    this.update = db.prepare(
      `UPDATE webhook_deliveries SET ended_at = @endedAt, outcome = @outcome, http_status = @httpStatus, response = @response, error = @error
       WHERE id = @id`,
    );
    this.selectOne = db.prepare("SELECT * FROM webhook_deliveries WHERE provider_id = ? AND id = ?");
    this.purge = db.prepare(
      `DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM webhook_deliveries WHERE started_at < ? ORDER BY started_at LIMIT ${WEBHOOK_PURGE_SLICE})`,
    );
  }

  start(delivery: WebhookDeliveryStart): Promise<{ id: number; attempt: number }> {
    return Promise.resolve(this.insert.get(delivery) as { id: number; attempt: number });
  }

  finish(id: number, end: WebhookDeliveryEnd): Promise<void> {
    this.update.run({ id, ...end });
    return Promise.resolve();
  }

  list(providerId: string, filter: WebhookDeliveryFilter, beforeId: number | undefined, limit: number): Promise<WebhookDeliveryRecord[]> {
    const { sql, values } = deliveryListSql(providerId, filter, beforeId, limit, (index) => `@p${index}`);
    const rows = this.lists.get(sql).all(Object.fromEntries(values.map((value, index) => [`p${index}`, value]))) as DeliveryRow[];
    return Promise.resolve(rows.map(fromDeliveryRow));
  }

  find(providerId: string, id: number): Promise<WebhookDeliveryRecord | undefined> {
    const row = this.selectOne.get(providerId, id) as DeliveryRow | undefined;
    return Promise.resolve(row && fromDeliveryRow(row));
  }

  purgeStartedBefore(before: number): Promise<number> {
    return Promise.resolve(this.purge.run(before).changes);
  }
}
