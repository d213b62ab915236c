import {
  firstSeq,
  type GrantInsertResult,
  type GrantListPage,
  type GrantRecord,
  type GrantStatus,
  type GrantStore,
  type ProviderGrantFilter,
} from "../domain/ports/grants.js";
import type { SqliteDatabase } from "./database.js";
import { StatementCache } from "./statement-cache.js";

interface Row {
  id: string;
  operator_id: string;
  provider_id: string;
  game_id: string;
  player_ref: string;
  campaign_id: string | null;
  spins: number;
  bet_amount_minor: number;
  currency: string;
  external_ref: string | null;
  status: GrantStatus;
  idempotency_key: string;
  expires_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A page of the operator's grants (or one player's) in issue order or newest first: each walks its index,
 * grants_operator or grants_player, whose entries end with the rowid, one way or the other. Exported for the plan test.
 */
export const grantListSql = (ofPlayer: boolean, newestFirst: boolean) =>
  `SELECT rowid AS seq, * FROM grants WHERE operator_id = @operatorId ${ofPlayer ? "AND player_ref = @playerRef" : ""}
   AND rowid ${newestFirst ? "<" : ">"} @afterSeq ORDER BY rowid ${newestFirst ? "DESC" : "ASC"} LIMIT @limit`;

/**
 * A page of the grants issued to a provider (of one player, or in one status), newest first: each walks its index,
 * grants_provider_seq, grants_provider_player or grants_provider_status, whose entries end with the rowid. Exported
 * for the plan test.
 */
export const providerGrantListSql = (filter: ProviderGrantFilter) =>
  `SELECT rowid AS seq, * FROM grants WHERE provider_id = @providerId ${filter.playerRef === undefined ? "" : "AND player_ref = @playerRef"}
   ${filter.status === undefined ? "" : "AND status = @status"} AND rowid < @afterSeq ORDER BY rowid DESC LIMIT @limit`;

const fromRow = (r: Row): GrantRecord => ({
  id: r.id,
  operatorId: r.operator_id,
  providerId: r.provider_id,
  gameId: r.game_id,
  playerRef: r.player_ref,
  campaignId: r.campaign_id,
  spins: r.spins,
  betAmountMinor: r.bet_amount_minor,
  currency: r.currency,
  externalRef: r.external_ref,
  status: r.status,
  idempotencyKey: r.idempotency_key,
  expiresAt: r.expires_at,
  lastError: r.last_error,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** A list's row with its `seq`, the page cursor's position. */
const fromSeqRow = (r: Row & { seq: number }): GrantRecord & { seq: number } => ({ ...fromRow(r), seq: r.seq });

/** SQLite implementation of {@link GrantStore} on the `grants` table (migration 1). */
export class SqliteGrantStore implements GrantStore {
  private readonly insertStmt;
  private readonly byId;
  private readonly byOperatorAndId;
  private readonly byKey;
  private readonly byProviderAndId;
  private readonly lists;
  private readonly activateStmt;
  private readonly failStmt;
  private readonly cancelStmt;
  private readonly failPendingStmt;

  constructor(private readonly db: SqliteDatabase) {
    this.insertStmt = db.prepare(
      `INSERT INTO grants (id, operator_id, provider_id, game_id, player_ref, campaign_id, spins, bet_amount_minor, currency,
         external_ref, status, idempotency_key, expires_at, last_error, created_at, updated_at)
       VALUES (@id, @operatorId, @providerId, @gameId, @playerRef, @campaignId, @spins, @betAmountMinor, @currency,
         @externalRef, @status, @idempotencyKey, @expiresAt, @lastError, @createdAt, @updatedAt)
       ON CONFLICT (operator_id, idempotency_key) DO NOTHING`,
    );
    this.byId = db.prepare("SELECT * FROM grants WHERE id = ?");
    this.byOperatorAndId = db.prepare("SELECT * FROM grants WHERE operator_id = ? AND id = ?");
    this.byProviderAndId = db.prepare("SELECT * FROM grants WHERE provider_id = ? AND id = ?");
    this.lists = new StatementCache(db);
    this.byKey = db.prepare("SELECT * FROM grants WHERE operator_id = ? AND idempotency_key = ?");
    // rowid breaks ties between grants created within the same millisecond.
    this.activateStmt = db.prepare("UPDATE grants SET status = 'active', external_ref = ?, updated_at = ? WHERE id = ? AND status = ? RETURNING *");
    this.failStmt = db.prepare("UPDATE grants SET status = 'failed', last_error = ?, updated_at = ? WHERE id = ? AND status = 'pending' RETURNING *");
    this.cancelStmt = db.prepare("UPDATE grants SET status = 'cancelled', updated_at = ? WHERE id = ? AND status = 'active' RETURNING *");
    this.failPendingStmt = db.prepare(
      "UPDATE grants SET status = 'failed', last_error = ?, updated_at = ? WHERE status = 'pending' AND updated_at <= ?",
    );
  }

  insertOrGet(grant: GrantRecord): Promise<GrantInsertResult> {
    return Promise.resolve(
      this.db
        .transaction((): GrantInsertResult => {
          const { changes } = this.insertStmt.run(grant);
          if (changes === 1) return { inserted: true, grant };
          const holder = this.byKey.get(grant.operatorId, grant.idempotencyKey) as Row | undefined;
          if (!holder) throw new Error(`grant insert conflicted but no grant holds key ${grant.idempotencyKey}`);
          return { inserted: false, grant: fromRow(holder) };
        })
        .immediate(),
    );
  }

  find(operatorId: string, id: string): Promise<GrantRecord | undefined> {
    return this.one(this.byOperatorAndId.get(operatorId, id));
  }

  findById(id: string): Promise<GrantRecord | undefined> {
    return this.one(this.byId.get(id));
  }

  findByIdempotencyKey(operatorId: string, idempotencyKey: string): Promise<GrantRecord | undefined> {
    return this.one(this.byKey.get(operatorId, idempotencyKey));
  }

  list(operatorId: string, page: GrantListPage, limit: number): Promise<(GrantRecord & { seq: number })[]> {
    const { playerRef, newestFirst } = page;
    const statement = this.lists.get(grantListSql(playerRef !== undefined, newestFirst));
    const afterSeq = page.afterSeq ?? firstSeq(newestFirst);
    const rows = statement.all({ operatorId, afterSeq, limit, ...(playerRef === undefined ? {} : { playerRef }) }) as (Row & { seq: number })[];
    return Promise.resolve(rows.map(fromSeqRow));
  }

  listForProvider(
    providerId: string,
    filter: ProviderGrantFilter,
    afterSeq: number | undefined,
    limit: number,
  ): Promise<(GrantRecord & { seq: number })[]> {
    const statement = this.lists.get(providerGrantListSql(filter));
    const rows = statement.all({ providerId, afterSeq: afterSeq ?? firstSeq(true), limit, ...filter }) as (Row & { seq: number })[];
    return Promise.resolve(rows.map(fromSeqRow));
  }

  findForProvider(providerId: string, id: string): Promise<GrantRecord | undefined> {
    return this.one(this.byProviderAndId.get(providerId, id));
  }

  activate(id: string, externalRef: string, updatedAt: string, from: "pending" | "failed" = "pending"): Promise<GrantRecord | undefined> {
    return this.one(this.activateStmt.get(externalRef, updatedAt, id, from));
  }

  fail(id: string, lastError: string, updatedAt: string): Promise<GrantRecord | undefined> {
    return this.one(this.failStmt.get(lastError, updatedAt, id));
  }

  cancel(id: string, updatedAt: string): Promise<GrantRecord | undefined> {
    return this.one(this.cancelStmt.get(updatedAt, id));
  }

  failPendingUnchangedSince(changedBy: string, lastError: string, updatedAt: string): Promise<number> {
    return Promise.resolve(this.failPendingStmt.run(lastError, updatedAt, changedBy).changes);
  }

  private one(row: unknown): Promise<GrantRecord | undefined> {
    return Promise.resolve(row ? fromRow(row as Row) : undefined);
  }
}
