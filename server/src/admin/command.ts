import { parseArgs, type ParseArgsConfig } from "node:util";
import { loadConfigFile } from "../config/load.js";
import { ConfigError } from "../config/parse.js";
import { isPostgres, type CroupierConfig, type SqliteDatabaseConfig } from "../config/types.js";
import { serviceVersion } from "../cli-output.js";
import { secretKeyFromEnvironment } from "../config/secret-key.js";
import { SecretKeyError, type SecretBox } from "../domain/secret-box.js";
import { openDatabase, type SqliteDatabase } from "../store/database.js";
import { unlockDatabase } from "../unlock-database.js";
import { generatedKeyFile } from "../store/generated-key-file.js";

/** What a command gets: the loaded configuration, the opened database, its arguments and output streams. */
export interface AdminContext {
  /** The admin commands open the SQLite file themselves: a PostgreSQL configuration is refused before they run. */
  config: CroupierConfig & { database: SqliteDatabaseConfig };
  db: SqliteDatabase;
  /** Positional arguments after the command name. */
  args: string[];
  /**
   * The box that opens the database's secrets and session tokens (`CROUPIER_SECRET_KEY`), for the commands that read or
   * write them; throws a SecretKeyError (or a ConfigError for a malformed key), which the command line reports.
   */
  secretBox(): SecretBox;
  /** Values of the command's own options. */
  options: Record<string, string | boolean | (string | boolean)[] | undefined>;
  out(line: string): void;
  err(line: string): void;
}

/** One admin subcommand. `run` resolves to the process exit code. */
export interface AdminCommand {
  name: string;
  /** e.g. `grant-status <grantId>`. */
  usage: string;
  summary: string;
  /** Extra options beyond --config and --help. */
  options?: NonNullable<ParseArgsConfig["options"]>;
  run(context: AdminContext): Promise<number>;
}

/** Exit code for a usage mistake, as for the server's own CLI. */
export const USAGE_EXIT_CODE = 2;

/**
 * Parses `<command> [args] [--config FILE]` (or CROUPIER_CONFIG), loads the configuration, opens the database
 * (migrating it if needed; safe beside a running service thanks to WAL), runs the command and closes the database.
 */
export async function runAdminCommand(commands: readonly AdminCommand[], argv: string[]): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const err = (line: string) => process.stderr.write(`${line}\n`);
  const command = commands.find((c) => c.name === argv[0]);
  if (argv[0] === "--help" || argv[0] === "-h") {
    out(usage(commands));
    return 0;
  }
  if (argv[0] === "--version" || argv[0] === "-v") {
    out(serviceVersion());
    return 0;
  }
  if (!command) {
    err(argv[0] === undefined ? usage(commands) : `admin: unknown command "${argv[0]}"\n${usage(commands)}`);
    return USAGE_EXIT_CODE;
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv.slice(1),
      allowPositionals: true,
      options: { config: { type: "string", short: "c" }, help: { type: "boolean", short: "h" }, ...command.options },
    });
  } catch (error) {
    err(`admin ${command.name}: ${(error as Error).message}\nUsage: npm run admin -- ${command.usage} --config FILE`);
    return USAGE_EXIT_CODE;
  }
  if (parsed.values.help) {
    out(`Usage: npm run admin -- ${command.usage} --config FILE\n  ${command.summary}`);
    return 0;
  }
  const path = (parsed.values.config as string | undefined) ?? process.env.CROUPIER_CONFIG;
  if (!path) {
    err(`admin ${command.name}: no configuration file: pass --config FILE or set CROUPIER_CONFIG`);
    return USAGE_EXIT_CODE;
  }
  let config: CroupierConfig;
  try {
    config = loadConfigFile(path);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    err(`admin ${command.name}: ${error.message}`);
    return USAGE_EXIT_CODE;
  }
  if (isPostgres(config.database)) {
    err(
      `admin ${command.name}: the admin commands need a SQLite database (database.sqlitePath); with database.url use the operator API or the back office`,
    );
    return USAGE_EXIT_CODE;
  }
  const database = config.database;
  const db = openDatabase(database.sqlitePath, database.synchronous);
  let box: SecretBox | undefined;
  const secretBox = () =>
    (box ??= unlockDatabase(db, secretKeyFromEnvironment(process.env), (sealed) => generatedKeyFile(database.sqlitePath, sealed)));
  try {
    return await command.run({ config: { ...config, database }, db, secretBox, args: parsed.positionals, options: parsed.values, out, err });
  } catch (error) {
    if (!(error instanceof SecretKeyError || error instanceof ConfigError)) throw error;
    err(`admin ${command.name}: ${error.message}`);
    return USAGE_EXIT_CODE;
  } finally {
    db.close();
  }
}

function usage(commands: readonly AdminCommand[]): string {
  return [
    "Usage: npm run admin -- <command> [args] --config FILE   (or CROUPIER_CONFIG=FILE)",
    "       npm run admin -- --help | --version   (and <command> --help)",
    "Commands:",
    ...commands.map((c) => (c.usage.length > 28 ? `  ${c.usage}\n  ${" ".repeat(28)} ${c.summary}` : `  ${c.usage.padEnd(28)} ${c.summary}`)),
  ].join("\n");
}
