import type { ServiceSchemas } from "@croupier/contract";
import type { OperationQuery } from "../contract-operations.js";
import { notFound } from "../errors.js";
import { readPage, SEQ_POSITION } from "../reconciliation/page-cursor.js";
import type { GrantRecord, GrantStore } from "../ports/grants.js";
import type { SecretBox } from "../ports/secrets.js";
import type { WebhookDeliveryRecord, WebhookDeliveryStore } from "../ports/webhook-deliveries.js";
import { replaceJsonMember } from "../money/raw-json-member.js";
import { REDACTED } from "../reconciliation/reconciliation-views.js";

const ID_POSITION = ["id"] as const;

export interface StudioServiceDeps {
  deliveries: WebhookDeliveryStore;
  grants: GrantStore;
  box: SecretBox;
  /** How long after its start a delivery without an end can no longer be out: it was cut short by a stopped service. */
  interruptedAfterMs: number;
  now?: () => number;
}

/**
 * What a studio reads about itself: the calls made to its webhooks and the grants issued to it, by every operator it
 * serves. Every read is the calling provider's: another provider's delivery or grant is not found.
 */
export class StudioService {
  private readonly now: () => number;

  constructor(private readonly deps: StudioServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  async deliveries(providerId: string, query: OperationQuery<"listWebhookDeliveries">): Promise<ServiceSchemas["WebhookDeliveryPage"]> {
    const filter = {
      ...(query.grantId === undefined ? {} : { grantId: query.grantId }),
      ...(query.sessionRef === undefined ? {} : { sessionRef: query.sessionRef }),
      ...(query.playerRef === undefined ? {} : { playerRef: query.playerRef }),
      ...(query.event === undefined ? {} : { event: query.event }),
      ...(query.outcome === undefined ? {} : { outcome: query.outcome }),
    };
    const { rows, nextCursor } = await readPage(
      query,
      ID_POSITION,
      (after, limit) => this.deps.deliveries.list(providerId, filter, after?.id, limit),
      (d) => d,
    );
    return { items: rows.map((d) => this.deliveryView(d)), nextCursor };
  }

  async delivery(providerId: string, id: string): Promise<ServiceSchemas["WebhookDelivery"]> {
    const found = await this.record(providerId, id);
    if (!found) throw notFound("webhook delivery not found");
    return this.deliveryView(found);
  }

  /** One of the provider's deliveries as stored (its body sealed); undefined when it has none by that id. */
  record(providerId: string, id: string): Promise<WebhookDeliveryRecord | undefined> {
    return /^[1-9]\d{0,15}$/.test(id) ? this.deps.deliveries.find(providerId, Number(id)) : Promise.resolve(undefined);
  }

  /** A page of the grants issued to the provider, newest first, and the cursor of the next. */
  grants(providerId: string, query: OperationQuery<"listProviderGrants">): Promise<{ rows: GrantRecord[]; nextCursor: string | null }> {
    const filter = {
      ...(query.playerRef === undefined ? {} : { playerRef: query.playerRef }),
      ...(query.status === undefined ? {} : { status: query.status }),
    };
    return readPage(
      query,
      SEQ_POSITION,
      (after, limit) => this.deps.grants.listForProvider(providerId, filter, after?.seq, limit),
      (grant) => grant,
    );
  }

  async grant(providerId: string, id: string): Promise<GrantRecord> {
    const grant = await this.deps.grants.findForProvider(providerId, id);
    if (!grant) throw notFound("grant not found");
    return grant;
  }

  /** A delivery as shown: its body as sent with a session token redacted (decisions.md §5). */
  private deliveryView(d: WebhookDeliveryRecord): ServiceSchemas["WebhookDelivery"] {
    const ended = d.endedAt !== undefined;
    return {
      id: String(d.id),
      event: d.event,
      attempt: d.attempt,
      operatorId: d.operatorId,
      grantId: d.grantId,
      sessionRef: d.event === "SESSION_REVOKE" ? d.subject : null,
      playerRef: d.playerRef,
      gameId: d.gameId,
      path: d.path,
      body: replaceJsonMember(this.deps.box.open(d.bodySealed), "sessionToken", JSON.stringify(REDACTED)),
      requestedBy: d.actor,
      startedAt: new Date(d.startedAt).toISOString(),
      endedAt: ended ? new Date(d.endedAt!).toISOString() : null,
      durationMs: ended ? Math.max(0, d.endedAt! - d.startedAt) : null,
      outcome: d.outcome ?? (this.now() - d.startedAt > this.deps.interruptedAfterMs ? "INTERRUPTED" : "PENDING"),
      httpStatus: d.httpStatus ?? null,
      response: d.response ?? null,
      error: d.error ?? null,
    };
  }
}
