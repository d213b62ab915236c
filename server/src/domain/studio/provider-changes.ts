import type { ServiceSchemas } from "@croupier/contract";
import { randomUUID } from "node:crypto";
import type { HostResolver } from "../../common/addresses.js";
import { checkCallbackUrl } from "../back-office/callback-url-policy.js";
import { badRequest } from "../errors.js";
import type { GrantService } from "../free-spins/grant-service.js";
import type { Delivered, ProviderWebhooks, WebhookCall } from "../ports/provider-webhooks.js";
import type { SecretBox } from "../ports/secrets.js";
import type { WebhookDeliveryRecord } from "../ports/webhook-deliveries.js";
import type { Acting, AuditTrail } from "../reconciliation/audit-trail.js";
import { SecretChanges } from "../tenants/secret-changes.js";
import type { TenantDirectory } from "../tenants/tenant-directory.js";
import type { StudioService } from "./studio-service.js";

type Delivery = ServiceSchemas["WebhookDelivery"];
type Settings = ServiceSchemas["StudioSettings"];

/** What a test webhook names: a session nobody holds, so the revoke changes nothing at the studio. */
const TEST_PLAYER = "croupier-test";

const deliveryResult = (d: Delivery) => `${d.outcome} as delivery ${d.id} (attempt ${d.attempt})${d.error === null ? "" : `: ${d.error}`}`;

/**
 * The changes a provider makes to its own settings and webhook calls: its webhook URL, a test webhook, its secret, and
 * re-sends of failed calls. Each is written to the provider's audit log with who acted and the result (decisions.md §5),
 * whether a signed call or a studio account made it; `acting.operatorId` is the provider, whose log holds the entry.
 */
export class ProviderChanges {
  private readonly secrets: SecretChanges;

  constructor(
    private readonly deps: {
      audit: AuditTrail;
      tenants: TenantDirectory;
      webhooks: ProviderWebhooks;
      grants: GrantService;
      studio: StudioService;
      box: SecretBox;
      allowPrivateWebhookAddresses: boolean;
      resolveHost?: HostResolver;
    },
  ) {
    this.secrets = new SecretChanges(deps);
  }

  settings(providerId: string): Settings {
    const until = this.deps.tenants.previousSecretValidUntil(providerId);
    return {
      webhookUrl: this.deps.tenants.provider(providerId)?.webhookUrl ?? null,
      previousSecretValidUntil: until === undefined ? null : new Date(until * 1000).toISOString(),
    };
  }

  /** Sets the webhook URL under the rules of an operator's callback URL (checked when saved and at every connection). */
  setWebhookUrl(acting: Acting, webhookUrl: string): Promise<Settings> {
    return this.deps.audit.record(
      acting,
      { kind: "WEBHOOK_URL", target: `webhook URL ${webhookUrl}` },
      async () => {
        const checked = await checkCallbackUrl(webhookUrl, this.deps.allowPrivateWebhookAddresses, this.deps.resolveHost, "webhookUrl");
        await this.deps.tenants.setWebhookUrl(acting.operatorId, checked);
        return this.settings(acting.operatorId);
      },
      () => "SET",
    );
  }

  /** One signed revoke of a session nobody holds, logged as a TEST delivery; a failing webhook is its outcome, not an error. */
  testWebhook(acting: Acting): Promise<Delivery> {
    const providerId = acting.operatorId;
    const token = `${TEST_PLAYER}-${randomUUID()}`;
    const body = JSON.stringify({ sessionToken: token, playerRef: TEST_PLAYER, gameId: TEST_PLAYER, reason: "EXPIRED" });
    const call: Omit<WebhookCall, "payload"> = { providerId, event: "TEST", operatorId: null, subject: token, actor: acting.actor };
    return this.deps.audit.record(
      acting,
      { kind: "WEBHOOK_TEST", target: "test webhook" },
      async () => this.viewOf(providerId, await this.deps.webhooks.deliver(call, body)),
      deliveryResult,
    );
  }

  rotateSecret(acting: Acting): Promise<{ secret: string; previousSecretValidUntil: string }> {
    return this.secrets.rotate(acting);
  }

  revokePreviousSecret(acting: Acting): Promise<{ previousSecretValidUntil: null }> {
    return this.secrets.revokePrevious(acting);
  }

  /**
   * Re-sends a failed call's exact body where the provider deduplicates it by the same key: a session revoke (the
   * token), a grant's issue (requestRef) while the grant is failed, a grant's cancel (externalRef) while it is active.
   */
  resend(acting: Acting, id: string): Promise<Delivery> {
    const providerId = acting.operatorId;
    return this.deps.audit.record(
      acting,
      { kind: "WEBHOOK_RESEND", target: `delivery ${id}` },
      async () => {
        const failed = await this.deps.studio.delivery(providerId, id);
        if (failed.outcome !== "FAILED" && failed.outcome !== "INTERRUPTED")
          throw badRequest(`only a failed delivery is re-sent; this one is ${failed.outcome}`);
        const record = (await this.deps.studio.record(providerId, id))!;
        const body = this.deps.box.open(record.bodySealed);
        return this.viewOf(providerId, await this.send(record, body, acting.actor));
      },
      deliveryResult,
    );
  }

  private send(record: WebhookDeliveryRecord, body: string, actor: string): Promise<Delivered> {
    switch (record.event) {
      case "GRANT_ISSUE":
        return this.deps.grants.resendIssue(record.grantId!, body, actor);
      case "GRANT_CANCEL":
        return this.deps.grants.resendCancel(record.grantId!, body, actor);
      case "SESSION_REVOKE":
        return this.deps.webhooks.deliver(
          {
            providerId: record.providerId,
            event: record.event,
            operatorId: record.operatorId,
            subject: record.subject,
            ...(record.playerRef === null ? {} : { playerRef: record.playerRef }),
            ...(record.gameId === null ? {} : { gameId: record.gameId }),
            actor,
          },
          body,
        );
      default:
        throw badRequest(`a ${record.event} call is never re-sent: ${record.event === "TEST" ? "send a new test webhook" : "it changes nothing"}`);
    }
  }

  private viewOf(providerId: string, delivered: Delivered): Promise<Delivery> {
    return this.deps.studio.delivery(providerId, String(delivered.id));
  }
}
