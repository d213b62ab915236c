import type { TenantState, TenantStore } from "../../domain/ports/tenants.js";
import type { PostgresPool } from "./database.js";

const STATE_COLUMNS = `tenant_id AS "tenantId", role, secret, previous_secret AS "previousSecret", previous_valid_until AS "previousValidUntil",
  callback_url AS "callbackUrl", callback_timeout_ms AS "callbackTimeoutMs", secret_from_portal AS "secretFromPortal",
  callback_url_from_portal AS "callbackUrlFromPortal"`;

/** PostgreSQL implementation of the tenants port: one row per tenant, shared by every instance. */
export class PostgresTenantStore implements TenantStore {
  constructor(private readonly pool: PostgresPool) {}

  /** One statement: concurrent starts of several instances seed a tenant once, and each gets what is stored. */
  async seed(f: TenantState): Promise<TenantState> {
    const { rows } = await this.pool.query<TenantState>(
      `INSERT INTO tenant_state AS s (tenant_id, role, secret, previous_secret, previous_valid_until, callback_url, callback_timeout_ms, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (tenant_id) DO UPDATE SET
         role = EXCLUDED.role,
         secret = CASE WHEN s.secret_from_portal THEN s.secret ELSE EXCLUDED.secret END,
         callback_url = CASE WHEN s.callback_url_from_portal THEN s.callback_url ELSE EXCLUDED.callback_url END,
         callback_timeout_ms = CASE WHEN s.callback_url_from_portal THEN s.callback_timeout_ms ELSE EXCLUDED.callback_timeout_ms END
       RETURNING ${STATE_COLUMNS}`,
      [f.tenantId, f.role, f.secret, f.previousSecret, f.previousValidUntil, f.callbackUrl, f.callbackTimeoutMs, Date.now()],
    );
    return rows[0]!;
  }

  async save(s: TenantState): Promise<void> {
    await this.pool.query(
      `UPDATE tenant_state SET secret = $2, previous_secret = $3, previous_valid_until = $4, callback_url = $5, callback_timeout_ms = $6,
         secret_from_portal = $7, callback_url_from_portal = $8, updated_at = $9 WHERE tenant_id = $1`,
      [
        s.tenantId,
        s.secret,
        s.previousSecret,
        s.previousValidUntil,
        s.callbackUrl,
        s.callbackTimeoutMs,
        s.secretFromPortal,
        s.callbackUrlFromPortal,
        Date.now(),
      ],
    );
  }

  /** Every stored state: what another instance changed, for the periodic refresh of a cluster's instances. */
  async all(): Promise<TenantState[]> {
    return (await this.pool.query<TenantState>(`SELECT ${STATE_COLUMNS} FROM tenant_state`)).rows;
  }
}
