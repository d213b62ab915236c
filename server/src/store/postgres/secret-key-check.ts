import type { SharedKeyCheck } from "../../unlock-database.js";
import type { PostgresPool } from "./database.js";

/** The database's sealed check value on PostgreSQL: of instances starting together, the first to write it wins. */
export class PostgresSecretKeyCheck implements SharedKeyCheck {
  constructor(private readonly pool: PostgresPool) {}

  async read(): Promise<string | undefined> {
    return (await this.pool.query<{ sealed: string }>("SELECT sealed FROM secret_key_check WHERE id = 1")).rows[0]?.sealed;
  }

  async writeFirst(sealed: string): Promise<string> {
    await this.pool.query("INSERT INTO secret_key_check (id, sealed) VALUES (1, $1) ON CONFLICT (id) DO NOTHING", [sealed]);
    return (await this.read())!;
  }
}
