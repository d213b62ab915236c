/** The provider-webhooks port: signed calls to a provider's webhook base address (spec D). */
import type { ProviderWebhooksSchemas } from "@croupier/contract";
import type { Session } from "./sessions.js";
import type { WebhookEvent } from "./webhook-deliveries.js";

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

/** One webhook call and what the delivery log files it under. */
export interface WebhookCall {
  providerId: string;
  event: WebhookEvent;
  /** The JSON body; sent as JSON.stringify writes it, and logged as sent. */
  payload: unknown;
  /** The operator the call is made for; null for a provider's own test call. */
  operatorId: string | null;
  /** What the call is about (a grant's id, a session's reference): its deliveries are numbered attempt 1, 2, … */
  subject: string;
  grantId?: string;
  playerRef?: string;
  gameId?: string;
  /** Who asked, when a person did (a back-office user name); the service's own calls leave it out. */
  actor?: string;
}

/** A logged call as it ended: its outcome, and its delivery's id and attempt number. */
export interface Delivered {
  outcome: WebhookOutcome;
  id: number;
  attempt: number;
}

/** Posts to provider webhooks and logs each call; never retried, a failure is reported as it is. */
export interface ProviderWebhooks {
  /** POSTs the call's body to the provider's webhook for its event; only a 200 counts as success. */
  post(call: WebhookCall): Promise<WebhookOutcome>;
  /** POSTs exact body bytes as the call's event (a re-send of a logged body, a test call), logged as the next attempt. */
  deliver(call: Omit<WebhookCall, "payload">, body: string): Promise<Delivered>;
}

/** The wire: one signed POST of exact body bytes to `{webhookUrl}{path}` (outbound/provider-webhooks.ts). */
export interface WebhookTransport {
  send(providerId: string, path: string, body: string): Promise<WebhookOutcome>;
}

/** Tells providers that sessions ended (the session-revoke webhook); best effort, never awaited on a request path. */
export interface SessionRevokeNotifier {
  /** Settles, never rejecting, once every provider was told or failed to be (failures are logged). */
  notify(sessions: Session[], reason: RevokeReason): Promise<void>;
}
