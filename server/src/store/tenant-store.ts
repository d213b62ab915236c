import type { SqliteDatabase } from "./database.js";

/** What a tenant has changed about itself through the portal, as persisted. */
export interface TenantState {
  tenantId: string;
  role: "operator" | "provider";
  secret: string;
  previousSecret: string | null;
  /** Unix seconds until which the previous secret is still accepted. */
  previousValidUntil: number | null;
  callbackUrl: string | null;
  callbackTimeoutMs: number | null;
}

/** Persistence of tenant self-service state; a PostgreSQL store would implement the same. */
export interface TenantStore {
  /** Inserts the state when the tenant is new; returns what is stored (the file never overrides the portal). */
  seed(initial: TenantState): TenantState;
  save(state: TenantState): void;
}

interface Row {
  tenant_id: string; role: "operator" | "provider"; secret: string; previous_secret: string | null;
  previous_valid_until: number | null; callback_url: string | null; callback_timeout_ms: number | null;
}

/** SQLite implementation of {@link TenantStore}. */
export class SqliteTenantStore implements TenantStore {
  private readonly insert;
  private readonly select;
  private readonly update;

  constructor(private readonly db: SqliteDatabase) {
    this.insert = db.prepare(
      `INSERT INTO tenant_state (tenant_id, role, secret, previous_secret, previous_valid_until, callback_url, callback_timeout_ms, updated_at)
       VALUES (@tenantId, @role, @secret, @previousSecret, @previousValidUntil, @callbackUrl, @callbackTimeoutMs, @now)
       ON CONFLICT (tenant_id) DO NOTHING`,
    );
    this.select = db.prepare("SELECT * FROM tenant_state WHERE tenant_id = ?");
    this.update = db.prepare(
      `UPDATE tenant_state SET secret = @secret, previous_secret = @previousSecret, previous_valid_until = @previousValidUntil,
         callback_url = @callbackUrl, callback_timeout_ms = @callbackTimeoutMs, updated_at = @now WHERE tenant_id = @tenantId`,
    );
  }

  seed(initial: TenantState): TenantState {
    return this.db.transaction(() => {
      this.insert.run({ ...initial, now: Date.now() });
      const row = this.select.get(initial.tenantId) as Row;
      return {
        tenantId: row.tenant_id, role: row.role, secret: row.secret, previousSecret: row.previous_secret,
        previousValidUntil: row.previous_valid_until, callbackUrl: row.callback_url, callbackTimeoutMs: row.callback_timeout_ms,
      };
    }).immediate();
  }

  save(state: TenantState): void {
    this.update.run({ ...state, now: Date.now() });
  }
}
