import type { TenantState, TenantStore } from "../domain/ports/tenants.js";
import type { SqliteDatabase } from "./database.js";

interface Row {
  tenant_id: string;
  role: "operator" | "provider";
  secret: string;
  previous_secret: string | null;
  previous_valid_until: number | null;
  callback_url: string | null;
  callback_timeout_ms: number | null;
  secret_from_portal: number;
  callback_url_from_portal: number;
}

/** SQLite implementation of {@link TenantStore}. */
export class SqliteTenantStore implements TenantStore {
  private readonly insert;
  private readonly select;
  private readonly selectAll;
  private readonly update;

  constructor(private readonly db: SqliteDatabase) {
    this.insert = db.prepare(
      `INSERT INTO tenant_state (tenant_id, role, secret, previous_secret, previous_valid_until, callback_url, callback_timeout_ms, updated_at)
       VALUES (@tenantId, @role, @secret, @previousSecret, @previousValidUntil, @callbackUrl, @callbackTimeoutMs, @now)
       ON CONFLICT (tenant_id) DO UPDATE SET
         role = excluded.role,
         secret = CASE WHEN secret_from_portal = 1 THEN secret ELSE excluded.secret END,
         callback_url = CASE WHEN callback_url_from_portal = 1 THEN callback_url ELSE excluded.callback_url END,
         callback_timeout_ms = CASE WHEN callback_url_from_portal = 1 THEN callback_timeout_ms ELSE excluded.callback_timeout_ms END`,
    );
    this.select = db.prepare("SELECT * FROM tenant_state WHERE tenant_id = ?");
    this.selectAll = db.prepare("SELECT * FROM tenant_state");
    this.update = db.prepare(
      `UPDATE tenant_state SET secret = @secret, previous_secret = @previousSecret, previous_valid_until = @previousValidUntil,
         callback_url = @callbackUrl, callback_timeout_ms = @callbackTimeoutMs, secret_from_portal = @secretFromPortal,
         callback_url_from_portal = @callbackUrlFromPortal, updated_at = @now WHERE tenant_id = @tenantId`,
    );
  }

  seed(fromFile: TenantState): Promise<TenantState> {
    return Promise.resolve(
      this.db
        .transaction(() => {
          this.insert.run({ ...fromFile, now: Date.now() });
          return fromRow(this.select.get(fromFile.tenantId) as Row);
        })
        .immediate(),
    );
  }

  all(): Promise<TenantState[]> {
    return Promise.resolve((this.selectAll.all() as Row[]).map(fromRow));
  }

  save(state: TenantState): Promise<void> {
    this.update.run({
      ...state,
      secretFromPortal: state.secretFromPortal ? 1 : 0,
      callbackUrlFromPortal: state.callbackUrlFromPortal ? 1 : 0,
      now: Date.now(),
    });
    return Promise.resolve();
  }
}

const fromRow = (row: Row): TenantState => ({
  tenantId: row.tenant_id,
  role: row.role,
  secret: row.secret,
  previousSecret: row.previous_secret,
  previousValidUntil: row.previous_valid_until,
  callbackUrl: row.callback_url,
  callbackTimeoutMs: row.callback_timeout_ms,
  secretFromPortal: row.secret_from_portal === 1,
  callbackUrlFromPortal: row.callback_url_from_portal === 1,
});
