import { hostname } from "node:os";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { pino } from "pino";
import { openComposition, type KeylessServices, type Services } from "../compose.js";
import { adminConfigSource } from "./config-source.js";
import { loadConfigFile } from "../config/load.js";
import { ConfigError } from "../config/parse.js";
import { isPostgres, type CroupierConfig } from "../config/types.js";
import { serviceVersion } from "../cli-output.js";
import { secretKeyFromEnvironment } from "../config/secret-key.js";
import { SecretKeyError } from "../domain/ports/secrets.js";
import { NewerSchemaError } from "../store/database.js";

/** What a command gets: the loaded configuration, the services on its database, its arguments and output streams. */
export interface AdminContext {
  config: CroupierConfig;
  /** The services that need no key: a command that uses only these runs without CROUPIER_SECRET_KEY. */
  keyless: KeylessServices;
  /**
   * Every service, composed (by compose.ts, as for the server) on the first call: that unlocks the database with
   * `CROUPIER_SECRET_KEY` (or the generated key, as the service does) and throws a SecretKeyError (or a ConfigError for
   * a malformed key), which the command line reports.
   */
  services(): Promise<Services>;
  /** Positional arguments after the command name. */
  args: string[];
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
  /** The services' warnings (a failed webhook, say) go to stderr as JSON lines; otherwise the command reports failures itself. */
  logsWarnings?: boolean;
  run(context: AdminContext): Promise<number>;
}

/** Exit code for a usage mistake, as for the server's own CLI. */
export const USAGE_EXIT_CODE = 2;

/**
 * Parses `<command> [args] [--config FILE]` (or CROUPIER_CONFIG, or the running sandbox's configuration), loads the configuration, opens the database, SQLite
 * or PostgreSQL (migrating it if needed; safe beside running services: SQLite's WAL, PostgreSQL's advisory lock), runs
 * the command on the services compose.ts builds there (no listener, no background job) and closes them.
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
  const source = adminConfigSource(parsed.values.config as string | undefined, process.env);
  if (typeof source === "string") {
    err(`admin ${command.name}: ${source}`);
    return USAGE_EXIT_CODE;
  }
  if (source.foundThrough) err(`admin ${command.name}: using the running sandbox's configuration ${source.path} (from ${source.foundThrough})`);
  let config: CroupierConfig;
  try {
    config = loadConfigFile(source.path, source.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    err(`admin ${command.name}: ${error.message}`);
    return USAGE_EXIT_CODE;
  }
  let composition: Awaited<ReturnType<typeof openComposition>>;
  try {
    composition = await openComposition(config, {
      // Its own name on the claims it takes (a PostgreSQL ledger row names the instance calling the wallet).
      instanceId: `admin-${hostname()}-${process.pid}`,
      logger: pino({ level: command.logsWarnings ? "warn" : "silent" }, pino.destination(2)),
      secretKey: () => secretKeyFromEnvironment(source.env),
    });
  } catch (error) {
    const failure = await openingFailure(error, config);
    if (failure === undefined) throw error;
    err(`admin ${command.name}: ${failure}`);
    return 1;
  }
  try {
    return await command.run({
      config,
      keyless: composition.keyless,
      services: composition.services,
      args: parsed.positionals,
      options: parsed.values,
      out,
      err,
    });
  } catch (error) {
    if (!(error instanceof SecretKeyError || error instanceof ConfigError)) throw error;
    err(`admin ${command.name}: ${error.message}`);
    return USAGE_EXIT_CODE;
  } finally {
    await composition.close();
  }
}

/**
 * The operator's to fix, as when the service starts (main.ts): one line naming the database (the SQLite file, or the
 * PostgreSQL database's host:port/name without the URL's credentials); undefined for any other failure. The PostgreSQL
 * driver's module is loaded only for a PostgreSQL configuration, as the stores load it.
 */
async function openingFailure(error: unknown, config: CroupierConfig): Promise<string | undefined> {
  if (!isPostgres(config.database)) return error instanceof NewerSchemaError ? `${config.database.sqlitePath}: ${error.message}` : undefined;
  const { DatabaseUnreachableError, describeTarget } = await import("../store/postgres/database.js");
  if (error instanceof DatabaseUnreachableError) return error.message;
  if (error instanceof NewerSchemaError) return `PostgreSQL database ${describeTarget(config.database.url)}: ${error.message}`;
  return undefined;
}

function usage(commands: readonly AdminCommand[]): string {
  return [
    "Usage: npm run admin -- <command> [args] --config FILE   (or CROUPIER_CONFIG=FILE)",
    "       npm run admin -- --help | --version   (and <command> --help)",
    "Without --config or CROUPIER_CONFIG, the commands use the running sandbox's configuration and key (npm start).",
    "",
    "Environment:",
    "  CROUPIER_CONFIG              the configuration file, when --config is not given",
    "  CROUPIER_SANDBOX_DATA_DIR    the running sandbox's data directory, where its sandbox.json is (default data)",
    "  CROUPIER_SECRET_KEY          the database's at-rest key, as for the service (or CROUPIER_SECRET_KEY_FILE)",
    "  CROUPIER_SECRET_KEY_FILE     a file that holds that key; without either, the sandbox's key file",
    "",
    "Commands:",
    ...commands.map((c) => (c.usage.length > 28 ? `  ${c.usage}\n  ${" ".repeat(28)} ${c.summary}` : `  ${c.usage.padEnd(28)} ${c.summary}`)),
  ].join("\n");
}
