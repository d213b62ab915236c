/** The provider-webhooks port: signed calls to a provider's webhook base address (spec D). */
import type { ProviderWebhooksSchemas } from "@croupier/contract";
import type { Session } from "./sessions.js";

/** Why a session was force-ended, as the session-revoke webhook tells the provider (decisions.md §2, RevokeReason). */
export type RevokeReason = ProviderWebhooksSchemas["RevokeReason"];

/** The provider's answer to a webhook call (any status). */
export interface WebhookResponse {
  status: number;
  body: string;
}

/**
 * What became of one webhook call: the provider's answer, or why there was none. An error quotes the provider's own
 * answer only as {@link quoteProvider} allows, and never names its addresses (decisions.md §4).
 */
export type WebhookOutcome = { ok: true; response: WebhookResponse } | { ok: false; error: string; response?: WebhookResponse };

/** Posts to provider webhooks; never retried, a failure is reported as it is. */
export interface ProviderWebhooks {
  /** POSTs a JSON body to `{webhookUrl}{path}`; only a 200 counts as success. */
  post(providerId: string, path: string, payload: unknown): Promise<WebhookOutcome>;
}

/** Tells providers that sessions ended (the session-revoke webhook); best effort, never awaited on a request path. */
export interface SessionRevokeNotifier {
  /** Settles, never rejecting, once every provider was told or failed to be (failures are logged). */
  notify(sessions: Session[], reason: RevokeReason): Promise<void>;
}
