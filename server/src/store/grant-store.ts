import type { SqliteDatabase } from "./database.js";

/** The status of a free-spin grant (spec GrantStatus); `expired` and `completed` are reserved and never issued. */
export type GrantStatus = "pending" | "active" | "cancelled" | "failed";

/** A free-spin grant as stored: the operator-side record of one batch. Times are RFC 3339 strings. */
export interface GrantRecord {
  id: string;
  operatorId: string;
  providerId: string;
  gameId: string;
  playerRef: string;
  campaignId: string | null;
  spins: number;
  betAmountMinor: number;
  currency: string;
  externalRef: string | null;
  status: GrantStatus;
  idempotencyKey: string;
  expiresAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What inserting a new grant did: it was recorded, or the (operator, idempotencyKey) already names a grant. */
export type GrantInsertResult = { inserted: true; grant: GrantRecord } | { inserted: false; grant: GrantRecord };

/**
 * Grant persistence. Status changes are conditional on the expected current status so that two writers can
 * never both move one grant (a late provider answer cannot resurrect a grant failed as interrupted).
 */
export interface GrantStore {
  /** Records a new pending grant unless its (operatorId, idempotencyKey) is taken; then returns the holder. */
  insertOrGet(grant: GrantRecord): GrantInsertResult;
  /** The grant under this operator, or undefined (another operator's grant is as good as missing). */
  find(operatorId: string, id: string): GrantRecord | undefined;
  /** Any grant by id, whoever issued it: for platform admin tools only. */
  findById(id: string): GrantRecord | undefined;
  /** The operator's grant holding this idempotency key. */
  findByIdempotencyKey(operatorId: string, idempotencyKey: string): GrantRecord | undefined;
  /** The operator's grants in the order they were issued, optionally of one player. */
  list(operatorId: string, playerRef?: string): GrantRecord[];
  /** pending → active with the provider's reference; returns the updated grant, or undefined if it was not pending. */
  activate(id: string, externalRef: string, updatedAt: string): GrantRecord | undefined;
  /** pending → failed with the reason; returns the updated grant, or undefined if it was not pending. */
  fail(id: string, lastError: string, updatedAt: string): GrantRecord | undefined;
  /** active → cancelled; returns the updated grant, or undefined if it was not active. */
  cancel(id: string, updatedAt: string): GrantRecord | undefined;
  /** Moves every pending grant to failed with the reason; returns how many. Run once at start, before serving. */
  failAllPending(lastError: string, updatedAt: string): number;
}

interface Row {
  id: string; operator_id: string; provider_id: string; game_id: string; player_ref: string; campaign_id: string | null;
  spins: number; bet_amount_minor: number; currency: string; external_ref: string | null; status: GrantStatus;
  idempotency_key: string; expires_at: string | null; last_error: string | null; created_at: string; updated_at: string;
}

const fromRow = (r: Row): GrantRecord => ({
  id: r.id, operatorId: r.operator_id, providerId: r.provider_id, gameId: r.game_id, playerRef: r.player_ref,
  campaignId: r.campaign_id, spins: r.spins, betAmountMinor: r.bet_amount_minor, currency: r.currency,
  externalRef: r.external_ref, status: r.status, idempotencyKey: r.idempotency_key, expiresAt: r.expires_at,
  lastError: r.last_error, createdAt: r.created_at, updatedAt: r.updated_at,
});

/** SQLite implementation of {@link GrantStore} on the `grants` table (migration 1). */
export class SqliteGrantStore implements GrantStore {
  private readonly insertStmt;
  private readonly byId;
  private readonly byOperatorAndId;
  private readonly byKey;
  private readonly listAll;
  private readonly listPlayer;
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
    this.byKey = db.prepare("SELECT * FROM grants WHERE operator_id = ? AND idempotency_key = ?");
    // rowid breaks ties between grants created within the same millisecond.
    this.listAll = db.prepare("SELECT * FROM grants WHERE operator_id = ? ORDER BY created_at, rowid");
    this.listPlayer = db.prepare("SELECT * FROM grants WHERE operator_id = ? AND player_ref = ? ORDER BY created_at, rowid");
    this.activateStmt = db.prepare("UPDATE grants SET status = 'active', external_ref = ?, updated_at = ? WHERE id = ? AND status = 'pending' RETURNING *");
    this.failStmt = db.prepare("UPDATE grants SET status = 'failed', last_error = ?, updated_at = ? WHERE id = ? AND status = 'pending' RETURNING *");
    this.cancelStmt = db.prepare("UPDATE grants SET status = 'cancelled', updated_at = ? WHERE id = ? AND status = 'active' RETURNING *");
    this.failPendingStmt = db.prepare("UPDATE grants SET status = 'failed', last_error = ?, updated_at = ? WHERE status = 'pending'");
  }

  insertOrGet(grant: GrantRecord): GrantInsertResult {
    return this.db.transaction((): GrantInsertResult => {
      const { changes } = this.insertStmt.run(grant);
      if (changes === 1) return { inserted: true, grant };
      const holder = this.byKey.get(grant.operatorId, grant.idempotencyKey) as Row | undefined;
      if (!holder) throw new Error(`grant insert conflicted but no grant holds key ${grant.idempotencyKey}`);
      return { inserted: false, grant: fromRow(holder) };
    }).immediate();
  }

  find(operatorId: string, id: string): GrantRecord | undefined {
    return this.one(this.byOperatorAndId.get(operatorId, id));
  }

  findById(id: string): GrantRecord | undefined {
    return this.one(this.byId.get(id));
  }

  findByIdempotencyKey(operatorId: string, idempotencyKey: string): GrantRecord | undefined {
    return this.one(this.byKey.get(operatorId, idempotencyKey));
  }

  list(operatorId: string, playerRef?: string): GrantRecord[] {
    const rows = (playerRef === undefined ? this.listAll.all(operatorId) : this.listPlayer.all(operatorId, playerRef)) as Row[];
    return rows.map(fromRow);
  }

  activate(id: string, externalRef: string, updatedAt: string): GrantRecord | undefined {
    return this.one(this.activateStmt.get(externalRef, updatedAt, id));
  }

  fail(id: string, lastError: string, updatedAt: string): GrantRecord | undefined {
    return this.one(this.failStmt.get(lastError, updatedAt, id));
  }

  cancel(id: string, updatedAt: string): GrantRecord | undefined {
    return this.one(this.cancelStmt.get(updatedAt, id));
  }

  failAllPending(lastError: string, updatedAt: string): number {
    return this.failPendingStmt.run(lastError, updatedAt).changes;
  }

  private one(row: unknown): GrantRecord | undefined {
    return row ? fromRow(row as Row) : undefined;
  }
}
