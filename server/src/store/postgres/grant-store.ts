import {
  firstSeq,
  type GrantInsertResult,
  type GrantListPage,
  type GrantRecord,
  type GrantStore,
  type ProviderGrantFilter,
} from "../../domain/ports/grants.js";
import type { PostgresPool, Queries } from "./database.js";

const GRANT_COLUMNS = `id, operator_id AS "operatorId", provider_id AS "providerId", game_id AS "gameId", player_ref AS "playerRef",
  campaign_id AS "campaignId", spins, bet_amount_minor AS "betAmountMinor", currency, external_ref AS "externalRef", status,
  idempotency_key AS "idempotencyKey", expires_at AS "expiresAt", last_error AS "lastError", created_at AS "createdAt", updated_at AS "updatedAt"`;

/**
 * A page of the operator's grants (or one player's) in issue order or newest first ($1 operator, $2 after, $3 limit, $4
 * player): a statement for each, so each walks its index, grants_operator_seq or grants_player_seq. Exported for the
 * plan test.
 */
export const grantListSql = (ofPlayer: boolean, newestFirst: boolean) =>
  `SELECT ${GRANT_COLUMNS}, seq FROM grants WHERE operator_id = $1 ${ofPlayer ? "AND player_ref = $4" : ""}
   AND seq ${newestFirst ? "<" : ">"} $2 ORDER BY seq ${newestFirst ? "DESC" : "ASC"} LIMIT $3`;

/**
 * A page of the grants issued to a provider (of one player, or in one status), newest first ($1 provider, $2 after, $3
 * limit, then the player and the status when given): a statement for each filter, so each walks its index,
 * grants_provider_seq, grants_provider_player_seq or grants_provider_status_seq. Exported for the plan test.
 */
export const providerGrantListSql = (filter: ProviderGrantFilter) => {
  const player = filter.playerRef === undefined ? "" : "AND player_ref = $4";
  const status = filter.status === undefined ? "" : `AND status = $${filter.playerRef === undefined ? 4 : 5}`;
  return `SELECT ${GRANT_COLUMNS}, seq FROM grants WHERE provider_id = $1 ${player} ${status} AND seq < $2 ORDER BY seq DESC LIMIT $3`;
};

/** PostgreSQL implementation of the grants port. Status changes are conditional single statements, as SQLite's. */
export class PostgresGrantStore implements GrantStore {
  /** `reads`: the back office's read pool, whose statements are cut at `database.readStatementTimeoutMs`, for the lists. */
  constructor(
    private readonly pool: PostgresPool,
    private readonly reads: Queries = pool,
  ) {}

  async insertOrGet(g: GrantRecord): Promise<GrantInsertResult> {
    const inserted = await this.one(
      `INSERT INTO grants (id, operator_id, provider_id, game_id, player_ref, campaign_id, spins, bet_amount_minor, currency, external_ref,
         status, idempotency_key, expires_at, last_error, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (operator_id, idempotency_key) DO NOTHING RETURNING ${GRANT_COLUMNS}`,
      [
        g.id,
        g.operatorId,
        g.providerId,
        g.gameId,
        g.playerRef,
        g.campaignId,
        g.spins,
        g.betAmountMinor,
        g.currency,
        g.externalRef,
        g.status,
        g.idempotencyKey,
        g.expiresAt,
        g.lastError,
        g.createdAt,
        g.updatedAt,
      ],
    );
    if (inserted) return { inserted: true, grant: inserted };
    const holder = await this.findByIdempotencyKey(g.operatorId, g.idempotencyKey);
    if (!holder) throw new Error(`grant insert conflicted but no grant holds key ${g.idempotencyKey}`);
    return { inserted: false, grant: holder };
  }

  find(operatorId: string, id: string): Promise<GrantRecord | undefined> {
    return this.one(`SELECT ${GRANT_COLUMNS} FROM grants WHERE operator_id = $1 AND id = $2`, [operatorId, id]);
  }

  findById(id: string): Promise<GrantRecord | undefined> {
    return this.one(`SELECT ${GRANT_COLUMNS} FROM grants WHERE id = $1`, [id]);
  }

  findByIdempotencyKey(operatorId: string, idempotencyKey: string): Promise<GrantRecord | undefined> {
    return this.one(`SELECT ${GRANT_COLUMNS} FROM grants WHERE operator_id = $1 AND idempotency_key = $2`, [operatorId, idempotencyKey]);
  }

  async list(operatorId: string, page: GrantListPage, limit: number): Promise<(GrantRecord & { seq: number })[]> {
    const { playerRef, newestFirst } = page;
    const { rows } = await this.reads.query<GrantRecord & { seq: number }>(grantListSql(playerRef !== undefined, newestFirst), [
      operatorId,
      page.afterSeq ?? firstSeq(newestFirst),
      limit,
      ...(playerRef === undefined ? [] : [playerRef]),
    ]);
    return rows;
  }

  async listForProvider(
    providerId: string,
    filter: ProviderGrantFilter,
    afterSeq: number | undefined,
    limit: number,
  ): Promise<(GrantRecord & { seq: number })[]> {
    const { rows } = await this.reads.query<GrantRecord & { seq: number }>(providerGrantListSql(filter), [
      providerId,
      afterSeq ?? firstSeq(true),
      limit,
      ...(filter.playerRef === undefined ? [] : [filter.playerRef]),
      ...(filter.status === undefined ? [] : [filter.status]),
    ]);
    return rows;
  }

  findForProvider(providerId: string, id: string): Promise<GrantRecord | undefined> {
    return this.one(`SELECT ${GRANT_COLUMNS} FROM grants WHERE provider_id = $1 AND id = $2`, [providerId, id]);
  }

  activate(id: string, externalRef: string, updatedAt: string, from: "pending" | "failed" = "pending"): Promise<GrantRecord | undefined> {
    return this.one(
      `UPDATE grants SET status = 'active', external_ref = $1, updated_at = $2 WHERE id = $3 AND status = $4
      RETURNING ${GRANT_COLUMNS}`,
      [externalRef, updatedAt, id, from],
    );
  }

  fail(id: string, lastError: string, updatedAt: string): Promise<GrantRecord | undefined> {
    return this.one(
      `UPDATE grants SET status = 'failed', last_error = $1, updated_at = $2 WHERE id = $3 AND status = 'pending'
      RETURNING ${GRANT_COLUMNS}`,
      [lastError, updatedAt, id],
    );
  }

  cancel(id: string, updatedAt: string): Promise<GrantRecord | undefined> {
    return this.one(`UPDATE grants SET status = 'cancelled', updated_at = $1 WHERE id = $2 AND status = 'active' RETURNING ${GRANT_COLUMNS}`, [
      updatedAt,
      id,
    ]);
  }

  async failPendingUnchangedSince(changedBy: string, lastError: string, updatedAt: string): Promise<number> {
    const { rowCount } = await this.pool.query(
      "UPDATE grants SET status = 'failed', last_error = $1, updated_at = $2 WHERE status = 'pending' AND updated_at <= $3",
      [lastError, updatedAt, changedBy],
    );
    return rowCount ?? 0;
  }

  private async one(sql: string, params: unknown[]): Promise<GrantRecord | undefined> {
    return (await this.pool.query<GrantRecord>(sql, params)).rows[0];
  }
}
