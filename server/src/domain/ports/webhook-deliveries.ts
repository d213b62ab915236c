/** The webhook-deliveries port: the log of every call the service made to a provider's webhooks. */

/** Which webhook a delivery called (decisions.md §2 and spec D): the event, not the path, so a log reads the same everywhere. */
export type WebhookEvent = "GRANT_ISSUE" | "GRANT_STATUS" | "GRANT_CANCEL" | "SESSION_REVOKE" | "TEST";

/** What became of a delivery: answered 200, failed (any other answer or none), or not finished yet (or cut short). */
export type WebhookDeliveryOutcome = "DELIVERED" | "FAILED";

/** A delivery as it starts: written before the provider is called, so a call a crash cut short is still in the log. */
export interface WebhookDeliveryStart {
  providerId: string;
  /** The operator the call was made for (a grant's or a session's); null for a provider's own test call. */
  operatorId: string | null;
  event: WebhookEvent;
  /** What the call is about, counted for the attempt number: a grant's id, a session's reference, a test call's id. */
  subject: string;
  grantId: string | null;
  playerRef: string | null;
  gameId: string | null;
  /** The path appended to the provider's webhook base address. */
  path: string;
  /** The exact body sent, sealed (a session revoke names the session's token). */
  bodySealed: string;
  /** Who asked: `service` for the service's own calls, else the person's back-office user name or the tenant signing. */
  actor: string;
  startedAt: number;
}

/** How a delivery ended. */
export interface WebhookDeliveryEnd {
  endedAt: number;
  outcome: WebhookDeliveryOutcome;
  /** The provider's answer status; null when there was none. */
  httpStatus: number | null;
  /** The provider's answer, at most {@link LOGGED_WEBHOOK_RESPONSE_CHARS} characters; null when there was none. */
  response: string | null;
  /** Why it failed, as the caller was told (decisions.md §4: never the provider's addresses); null when delivered. */
  error: string | null;
}

/** A stored delivery: its start, its attempt number among the deliveries of its event and subject, and its end. */
export interface WebhookDeliveryRecord extends WebhookDeliveryStart, Partial<WebhookDeliveryEnd> {
  id: number;
  attempt: number;
}

/** A provider's answer is kept up to this many characters, as a wallet's is in the transactions' delivery log. */
export const LOGGED_WEBHOOK_RESPONSE_CHARS = 2048;

/** How many characters of a token's digest (the sessions table's token_hash) make a session's reference. */
export const SESSION_REF_LENGTH = 16;

/** The filters of a provider's delivery list; every one given must match. */
export interface WebhookDeliveryFilter {
  grantId?: string;
  /** The session revokes of the session with this reference (a SESSION_REVOKE's subject). */
  sessionRef?: string;
  playerRef?: string;
  event?: WebhookEvent;
  /** Only deliveries that ended so. */
  outcome?: WebhookDeliveryOutcome;
}

/** Deliveries one purge call deletes at most; fewer means the range is done. */
export const WEBHOOK_PURGE_SLICE = 512;

/** Webhook delivery persistence. A provider never reads another's deliveries. */
export interface WebhookDeliveryStore {
  /** Records a delivery about to be sent; resolves with its id and attempt number. */
  start(delivery: WebhookDeliveryStart): Promise<{ id: number; attempt: number }>;
  /** Records how a started delivery ended. */
  finish(id: number, end: WebhookDeliveryEnd): Promise<void>;
  /** Up to `limit` of the provider's deliveries matching `filter`, newest first, with ids below `beforeId` when given. */
  list(providerId: string, filter: WebhookDeliveryFilter, beforeId: number | undefined, limit: number): Promise<WebhookDeliveryRecord[]>;
  /** One of the provider's deliveries; undefined when it has none by that id. */
  find(providerId: string, id: number): Promise<WebhookDeliveryRecord | undefined>;
  /** Deletes up to {@link WEBHOOK_PURGE_SLICE} deliveries started before `before` (unix ms); resolves with how many. */
  purgeStartedBefore(before: number): Promise<number>;
}
