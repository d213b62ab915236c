import type { ServiceSchemas } from "@croupier/contract";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "pino";
import type { CampaignConfig } from "../tenants/tenant-settings.js";
import type { Catalogue, CatalogueGame } from "../tenants/catalogue.js";
import { ApiError, badRequest, forbidden, notFound } from "../errors.js";
import type { GrantRecord, GrantStore } from "../ports/grants.js";
import type { Delivered, ProviderWebhooks, WebhookCall, WebhookOutcome } from "../ports/provider-webhooks.js";
import type { WebhookEvent } from "../ports/webhook-deliveries.js";
import { quoteProvider } from "../../common/provider-message.js";
import { MAX_PAGE_LIMIT, readPage, SEQ_POSITION, type PageQuery } from "../reconciliation/page-cursor.js";

/** The contract's IssueGrantRequestBody, schema-validated as one of its two forms: by campaign, or direct. */
export type IssueGrantRequest = ServiceSchemas["CampaignGrantRequestBody"] | DirectGrantRequest;
type DirectGrantRequest = ServiceSchemas["DirectGrantRequestBody"];

/** The operator's grants page by issue order (`seq`: a grant issued between two pages never shifts them). */

/** lastError of a grant whose provider call was cut off by a process stop; the provider dedups on requestRef. */
export const INTERRUPTED_GRANT_ERROR = "interrupted: the service stopped before the provider answered";

/** How often a repeat of an issue another instance is calling reads the grant again. */
const PENDING_POLL_MS = 50;

/**
 * Free-spin grants (spec B.4–B.7, D): issue, list, read and cancel. The record is written before the provider is
 * called, at most once per grant; a repeat of an issue or cancel in flight here shares its call, and a repeat of an
 * issue another instance is calling waits for its outcome in the database.
 */
export class GrantService {
  private readonly issuing = new Map<string, Promise<GrantRecord>>();
  private readonly cancelling = new Map<string, Promise<GrantRecord>>();

  constructor(
    private readonly store: GrantStore,
    private readonly catalogue: Catalogue,
    private readonly campaigns: readonly CampaignConfig[],
    private readonly webhooks: ProviderWebhooks,
    private readonly logger: Logger,
    /**
     * How long a grant may stay pending before no process can still be waiting for its provider: 0 on a database one
     * process serves (checked at its start, every pending grant was its predecessor's), the cluster's lease on a shared
     * one (longer than the webhook timeout, within which a live instance's call ends).
     */
    private readonly pendingLeaseMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Grants left pending by a stopped process can never learn their outcome: mark them failed. Call at start, before
   * serving, and (on a shared database) periodically; never from a tool that runs beside a service on SQLite.
   */
  async failInterruptedGrants(): Promise<number> {
    const now = this.now();
    const changedBy = new Date(now.getTime() - this.pendingLeaseMs).toISOString();
    const count = await this.store.failPendingUnchangedSince(changedBy, INTERRUPTED_GRANT_ERROR, now.toISOString());
    if (count > 0) this.logger.warn({ count }, "pending free-spin grants of a previous run marked failed (interrupted)");
    return count;
  }

  /**
   * Issues a grant, or returns the one already issued under (operatorId, idempotencyKey) unchanged whatever the
   * new body says (a failed one included: its key is consumed). A new grant whose provider call fails is
   * recorded failed and answered `upstream_failed`.
   */
  async issue(operatorId: string, request: IssueGrantRequest): Promise<GrantRecord> {
    const existing = await this.store.findByIdempotencyKey(operatorId, request.idempotencyKey);
    if (existing) return this.settled(existing);

    const terms = this.termsFor(operatorId, request);
    const at = this.now().toISOString();
    const candidate: GrantRecord = {
      id: randomUUID(),
      operatorId,
      providerId: terms.entry.provider.id,
      gameId: terms.entry.game.id,
      playerRef: request.playerRef,
      campaignId: terms.campaignId,
      spins: terms.spins,
      betAmountMinor: terms.betAmountMinor,
      currency: terms.currency,
      externalRef: null,
      status: "pending",
      idempotencyKey: request.idempotencyKey,
      expiresAt: request.expiresAt ?? null,
      lastError: null,
      createdAt: at,
      updatedAt: at,
    };
    // A concurrent issue with the same key may have inserted since the lookup: the unique (operator, key) settles it,
    // and this one then answers as a repeat.
    const result = await this.store.insertOrGet(candidate);
    if (!result.inserted) return this.settled(result.grant);

    const call = this.callProviderGrant(result.grant);
    this.issuing.set(result.grant.id, call);
    try {
      const grant = await call;
      if (grant.status === "failed") throw providerFailure(grant);
      return grant;
    } finally {
      this.issuing.delete(result.grant.id);
    }
  }

  /** The operator's grant; another operator's grant is indistinguishable from a missing one. */
  async get(operatorId: string, id: string): Promise<GrantRecord> {
    const grant = await this.store.find(operatorId, id);
    if (!grant) throw notFound("grant not found");
    return grant;
  }

  /**
   * A page of the operator's grants in issue order (or newest first), optionally of one player. The contract lists every
   * grant when no page is asked for: without `limit`, a page is the largest one, and a client that sees `nextCursor`
   * asks for the rest.
   */
  list(
    operatorId: string,
    query: PageQuery & { playerRef?: string; order?: "issued" | "newest" },
  ): Promise<{ rows: GrantRecord[]; nextCursor: string | null }> {
    const newestFirst = query.order === "newest";
    return readPage(
      { ...query, limit: query.limit ?? String(MAX_PAGE_LIMIT) },
      SEQ_POSITION,
      (after, limit) => this.store.list(operatorId, { playerRef: query.playerRef, newestFirst, afterSeq: after?.seq }, limit),
      (grant) => grant,
    );
  }

  /**
   * Cancels an active grant through the provider. Only `active` is cancellable; a failed provider call answers
   * `upstream_failed` and leaves the grant active. Concurrent cancels of one grant share one provider call.
   */
  async cancel(operatorId: string, id: string): Promise<GrantRecord> {
    const grant = await this.get(operatorId, id);
    const inFlight = this.cancelling.get(grant.id);
    if (inFlight) return inFlight;
    if (grant.status !== "active" || grant.externalRef === null) throw badRequest(`grant is not cancellable (status ${grant.status})`);
    const call = this.callProviderCancel(grant, grant.externalRef);
    this.cancelling.set(grant.id, call);
    try {
      return await call;
    } finally {
      this.cancelling.delete(grant.id);
    }
  }

  /**
   * Re-sends a failed issue call's exact body while its grant is failed: the provider deduplicates it by requestRef (the
   * grant's id), so a grant it did make is not made twice. Accepted with an externalRef, the grant becomes active.
   */
  async resendIssue(grantId: string, body: string, actor: string): Promise<Delivered> {
    const grant = await this.grantIn(grantId, "failed", "an issue call is re-sent only while its grant is failed");
    const delivered = await this.webhooks.deliver({ ...grantCall(grant, "GRANT_ISSUE"), actor }, body);
    const externalRef = delivered.outcome.ok ? externalRefOf(delivered.outcome.response.body) : undefined;
    if (externalRef !== undefined) await this.store.activate(grant.id, externalRef, this.now().toISOString(), "failed");
    return delivered;
  }

  /** Re-sends a failed cancel call's exact body while its grant is active (deduplicated by externalRef); accepted, it is cancelled. */
  async resendCancel(grantId: string, body: string, actor: string): Promise<Delivered> {
    const grant = await this.grantIn(grantId, "active", "a cancel call is re-sent only while its grant is active");
    const delivered = await this.webhooks.deliver({ ...grantCall(grant, "GRANT_CANCEL"), actor }, body);
    if (delivered.outcome.ok) await this.store.cancel(grant.id, this.now().toISOString());
    return delivered;
  }

  private async grantIn(id: string, status: GrantRecord["status"], rule: string): Promise<GrantRecord> {
    const grant = await this.store.findById(id);
    if (grant?.status !== status) throw new ApiError("conflict", `${rule}; this one is ${grant?.status ?? "gone"}`);
    return grant;
  }

  /**
   * A repeat's answer: the original grant once its provider call is over. A call in flight here is awaited; a grant
   * pending on a shared database (another instance calling the provider) is read again until it leaves pending, for as
   * long as a live instance can still be waiting for the provider (then it is answered as stored, to be failed as
   * interrupted).
   */
  private async settled(grant: GrantRecord): Promise<GrantRecord> {
    const local = this.issuing.get(grant.id);
    if (local) return local;
    let current = grant;
    const waitMs = Date.parse(grant.updatedAt) + this.pendingLeaseMs - this.now().getTime();
    for (let waited = 0; current.status === "pending" && waited < waitMs; waited += PENDING_POLL_MS) {
      await sleep(PENDING_POLL_MS);
      current = (await this.store.findById(grant.id)) ?? current;
    }
    return current;
  }

  private async callProviderGrant(grant: GrantRecord): Promise<GrantRecord> {
    const outcome = await this.webhooks.post({
      ...grantCall(grant, "GRANT_ISSUE"),
      payload: {
        requestRef: grant.id,
        playerRef: grant.playerRef,
        gameId: grant.gameId,
        spins: grant.spins,
        betAmountMinor: grant.betAmountMinor,
        currency: grant.currency,
      },
    });
    const at = this.now().toISOString();
    const externalRef = outcome.ok ? externalRefOf(outcome.response.body) : undefined;
    const updated =
      externalRef !== undefined
        ? await this.store.activate(grant.id, externalRef, at)
        : await this.store.fail(grant.id, grantFailureReason(outcome), at);
    if (updated?.status === "failed") {
      this.logger.warn({ grantId: grant.id, provider: grant.providerId, error: updated.lastError }, "free-spin grant failed at the provider");
    }
    // undefined only if someone else moved the grant off pending meanwhile: report what is stored.
    return updated ?? (await this.store.findById(grant.id)) ?? grant;
  }

  private async callProviderCancel(grant: GrantRecord, externalRef: string): Promise<GrantRecord> {
    const outcome = await this.webhooks.post({
      ...grantCall(grant, "GRANT_CANCEL"),
      payload: { externalRef, playerRef: grant.playerRef, gameId: grant.gameId },
    });
    if (!outcome.ok) {
      this.logger.warn({ grantId: grant.id, provider: grant.providerId, error: outcome.error }, "free-spin cancel failed at the provider");
      throw new ApiError("upstream_failed", `provider cancel failed, the grant stays active: ${outcome.error}`);
    }
    const cancelled = await this.store.cancel(grant.id, this.now().toISOString());
    return cancelled ?? this.get(grant.operatorId, grant.id);
  }

  /** The campaigns the operator may issue grants from now, by id: every one {@link campaignTerms} would accept. */
  usableCampaigns(operatorId: string): CampaignConfig[] {
    const now = this.now().getTime();
    return this.campaigns
      .filter(
        (c) =>
          (c.operatorId === undefined || c.operatorId === operatorId) &&
          c.active &&
          (c.validFrom === undefined || now >= Date.parse(c.validFrom)) &&
          (c.validUntil === undefined || now < Date.parse(c.validUntil)) &&
          this.catalogue.visibleGame(operatorId, c.gameId)?.provider.currencies.includes(c.currency) === true,
      )
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** The game, spins, stake and currency of a new grant, from its campaign or from the request, all checked. */
  private termsFor(operatorId: string, request: IssueGrantRequest): GrantTerms {
    if (request.campaignId !== undefined) return this.campaignTerms(operatorId, request.campaignId);
    const missing = (["gameId", "spins", "currency"] as const).filter((field) => request[field] === undefined);
    if (missing.length > 0) throw badRequest(`${missing.join(", ")} required when campaignId is omitted`);
    // Without a campaignId the validator let only the direct form through.
    const { gameId, spins, currency, betAmountMinor } = request as DirectGrantRequest;
    if (!Number.isSafeInteger(spins) || spins <= 0) throw badRequest("spins must be greater than 0");
    const entry = this.visibleGame(operatorId, gameId, currency);
    return { entry, campaignId: null, spins, betAmountMinor: betAmountMinor ?? 0, currency };
  }

  private campaignTerms(operatorId: string, campaignId: string): GrantTerms {
    const campaign = this.campaigns.find((c) => c.id === campaignId && (c.operatorId === undefined || c.operatorId === operatorId));
    if (!campaign) throw notFound("campaign not found");
    const now = this.now().getTime();
    if (!campaign.active) throw badRequest(`campaign ${campaignId} is not active`);
    if (campaign.validFrom !== undefined && now < Date.parse(campaign.validFrom)) throw badRequest(`campaign ${campaignId} is not valid yet`);
    if (campaign.validUntil !== undefined && now >= Date.parse(campaign.validUntil)) throw badRequest(`campaign ${campaignId} has ended`);
    const entry = this.visibleGame(operatorId, campaign.gameId, campaign.currency);
    return { entry, campaignId: campaign.id, spins: campaign.spins, betAmountMinor: campaign.betAmountMinor, currency: campaign.currency };
  }

  /** Same checks as launch, but the spec separates the refusals here: no such game (not found), not visible (forbidden). */
  private visibleGame(operatorId: string, gameId: string, currency: string): CatalogueGame {
    if (!this.catalogue.game(gameId)) throw notFound("game not found");
    const entry = this.catalogue.visibleGame(operatorId, gameId);
    if (!entry) throw forbidden("game not visible to this operator");
    if (!entry.provider.currencies.includes(currency)) throw badRequest(`currency ${currency} is not supported by this game`);
    return entry;
  }
}

interface GrantTerms {
  entry: CatalogueGame;
  campaignId: string | null;
  spins: number;
  betAmountMinor: number;
  currency: string;
}

/** How the delivery log files a webhook call about a grant. */
export function grantCall(grant: GrantRecord, event: WebhookEvent): Omit<WebhookCall, "payload"> {
  return {
    providerId: grant.providerId,
    event,
    operatorId: grant.operatorId,
    subject: grant.id,
    grantId: grant.id,
    playerRef: grant.playerRef,
    gameId: grant.gameId,
  };
}

/** The externalRef of a GrantFreeSpinsResponse, or undefined when the body is not one. */
function externalRefOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { externalRef?: unknown } | null;
    const ref = parsed?.externalRef;
    return typeof ref === "string" && ref !== "" ? ref : undefined;
  } catch {
    return undefined;
  }
}

function grantFailureReason(outcome: WebhookOutcome): string {
  if (!outcome.ok) return outcome.error;
  return quoteProvider(`provider answered 200 without a non-empty externalRef: ${outcome.response.body}`);
}

function providerFailure(grant: GrantRecord): ApiError {
  return new ApiError("upstream_failed", `provider grant call failed (grant ${grant.id} is failed): ${grant.lastError ?? "unknown error"}`);
}
