import type { Logger } from "pino";
import type {
  Delivered,
  ProviderWebhooks,
  RevokeReason,
  SessionRevokeNotifier,
  WebhookCall,
  WebhookOutcome,
  WebhookTransport,
} from "../ports/provider-webhooks.js";
import type { SecretBox } from "../ports/secrets.js";
import type { Session } from "../ports/sessions.js";
import { LOGGED_WEBHOOK_RESPONSE_CHARS, SESSION_REF_LENGTH, type WebhookDeliveryStore, type WebhookEvent } from "../ports/webhook-deliveries.js";
import { tokenDigest } from "../secret-box.js";

/** The webhook each event calls, under the provider's webhook base address (spec D). */
export const WEBHOOK_PATHS: Readonly<Record<WebhookEvent, string>> = {
  GRANT_ISSUE: "/v1/game/free-spins/grant",
  GRANT_STATUS: "/v1/game/free-spins/status",
  GRANT_CANCEL: "/v1/game/free-spins/cancel",
  SESSION_REVOKE: "/v1/game/session/revoke",
  // A test call revokes a session nobody holds: signed like every webhook, and it changes nothing at the studio.
  TEST: "/v1/game/session/revoke",
};

/** Who a delivery's log names when the service made the call on its own. */
export const SERVICE_ACTOR = "service";

/**
 * A session's reference in the delivery log: the start of its token's digest, which names the session without being a
 * way to play it (the token itself is never shown, decisions.md §5).
 */
export function sessionReference(token: string): string {
  return tokenDigest(token).slice(0, SESSION_REF_LENGTH);
}

/**
 * Every webhook call, logged: the exact body (sealed, as it may name a session token), when, by whom, the answer's
 * status and start, how long it took, and the attempt number among the calls of its event and subject. The log is
 * written before the call is made and completed after, so a call a stopped service cut short still shows.
 */
export class LoggedProviderWebhooks implements ProviderWebhooks, SessionRevokeNotifier {
  constructor(
    private readonly transport: WebhookTransport,
    private readonly deliveries: WebhookDeliveryStore,
    private readonly box: SecretBox,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async post(call: WebhookCall): Promise<WebhookOutcome> {
    return (await this.deliver(call, JSON.stringify(call.payload))).outcome;
  }

  /** Sends `body` as the call's event and logs it; resolves with the outcome and the delivery's id and attempt. */
  async deliver(call: Omit<WebhookCall, "payload">, body: string): Promise<Delivered> {
    const path = WEBHOOK_PATHS[call.event];
    const { id, attempt } = await this.deliveries.start({
      providerId: call.providerId,
      operatorId: call.operatorId,
      event: call.event,
      subject: call.subject,
      grantId: call.grantId ?? null,
      playerRef: call.playerRef ?? null,
      gameId: call.gameId ?? null,
      path,
      bodySealed: this.box.seal(body),
      actor: call.actor ?? SERVICE_ACTOR,
      startedAt: this.now(),
    });
    const outcome = await this.transport.send(call.providerId, path, body);
    await this.deliveries.finish(id, {
      endedAt: this.now(),
      outcome: outcome.ok ? "DELIVERED" : "FAILED",
      httpStatus: outcome.response?.status ?? null,
      response: outcome.response ? outcome.response.body.slice(0, LOGGED_WEBHOOK_RESPONSE_CHARS) : null,
      error: outcome.ok ? null : outcome.error,
    });
    return { outcome, id, attempt };
  }

  /** Session-revoke webhooks, all at once; an unreachable provider changes nothing and is only logged. */
  async notify(sessions: Session[], reason: RevokeReason): Promise<void> {
    await Promise.all(
      sessions.map(async (session) => {
        const outcome = await this.post({
          providerId: session.providerId,
          event: "SESSION_REVOKE",
          payload: { sessionToken: session.token, playerRef: session.playerRef, gameId: session.gameId, reason },
          operatorId: session.operatorId,
          subject: sessionReference(session.token),
          playerRef: session.playerRef,
          gameId: session.gameId,
        }).catch((error: unknown): WebhookOutcome => ({ ok: false, error: String(error) }));
        if (!outcome.ok) this.logger.warn({ provider: session.providerId, error: outcome.error }, "session revoke webhook failed");
      }),
    );
  }
}
