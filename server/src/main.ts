#!/usr/bin/env node
import { parseArgs } from "node:util";
import { loadConfigFile } from "./config/load.js";
import { ConfigError } from "./config/parse.js";
import { secretKeyFromEnvironment } from "./config/secret-key.js";
import { SecretKeyError } from "./domain/ports/secrets.js";
import { describeFailure, serviceVersion } from "./cli-output.js";
import { limitHeapGrowth } from "./heap-growth.js";
import { startServer } from "./server.js";
import { NewerSchemaError } from "./store/database.js";
import { DatabaseUnreachableError } from "./store/postgres/database.js";

const USAGE = `Usage: npm run server -- --config FILE   (or CROUPIER_CONFIG=FILE npm run server)

Options:
  -c, --config FILE   the JSON configuration file (its JSON Schema: server/config.schema.json)
  -h, --help          print this help and exit
  -v, --version       print the version and exit

Environment:
  CROUPIER_CONFIG                  the configuration file, when --config is not given
  CROUPIER_DATABASE_URL            a PostgreSQL URL (postgres://user@host:5432/db), instead of database.url in the file
  CROUPIER_SECRET_KEY              the key that encrypts tenant secrets and session tokens at rest, 32 bytes
                                   as 64 hex digits or base64 (openssl rand -base64 32); set it in production
                                   (without it: a generated key beside the SQLite file, or in the database)
  CROUPIER_SECRET_KEY_FILE         a file that holds that key, instead
  CROUPIER_DRAIN_DELAY_MS          on SIGTERM, how long /readyz answers 503 before the listener closes (default 0)
  CROUPIER_INSTANCE_ID             this instance's name in logs and metrics (default: host name and process id)
  CROUPIER_OPERATOR_<ID>_SECRET    an operator's secret, instead of "secret" in the file
  CROUPIER_PROVIDER_<ID>_SECRET    a provider's secret, instead of "secret" in the file
  …_SECRET_FILE                    (either kind) a file that holds the secret
  <ID> is the tenant id upper-cased, every character other than A-Z and 0-9 replaced by _
  (op-acme: CROUPIER_OPERATOR_OP_ACME_SECRET).
`;

/** `npm run server -- --config FILE` (or CROUPIER_CONFIG=FILE): starts the service alone. */
async function main(): Promise<void> {
  let values: { config?: string; help?: boolean; version?: boolean };
  try {
    ({ values } = parseArgs({
      options: { config: { type: "string", short: "c" }, help: { type: "boolean", short: "h" }, version: { type: "boolean", short: "v" } },
    }));
  } catch (error) {
    process.stderr.write(`croupier: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (values.version) {
    process.stdout.write(`${serviceVersion()}\n`);
    return;
  }
  const path = values.config ?? process.env.CROUPIER_CONFIG;
  if (!path) {
    process.stderr.write("croupier: no configuration file: pass --config FILE or set CROUPIER_CONFIG\n");
    process.exit(2);
  }
  const config = loadConfigFile(path);
  const drainDelayMs = drainDelayFromEnvironment();
  limitHeapGrowth();
  const secretKey = secretKeyFromEnvironment(process.env);
  const running = await startServer(config, { processMetrics: true, secretKey });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.services.logger.info({ signal, drainDelayMs }, "draining and stopping");
    // /readyz answers 503 at once; the listener stays open for the delay so the load balancer sees it and moves new
    // traffic elsewhere before this instance stops accepting connections.
    running.services.readiness.startDraining();
    const delay = new Promise((resolve) => setTimeout(resolve, drainDelayMs));
    delay
      .then(() => running.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          running.services.logger.error({ err: error }, "unclean stop");
          process.exit(1);
        },
      );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  // Announced only once the signal handlers are in place: whoever waits for this line may stop the service at once.
  running.services.logger.info(
    { url: running.url, ...(running.metricsUrl === undefined ? {} : { metricsUrl: running.metricsUrl }) },
    "croupier listening",
  );
}

/** `CROUPIER_DRAIN_DELAY_MS`: how long a stopping instance answers 503 on /readyz before it closes its listener. */
function drainDelayFromEnvironment(): number {
  const text = process.env.CROUPIER_DRAIN_DELAY_MS;
  if (text === undefined || text === "") return 0;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new ConfigError("CROUPIER_DRAIN_DELAY_MS", "must be a whole number of milliseconds >= 0");
  return value;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`croupier: ${error.message}\n`);
    process.exit(2);
  }
  if (error instanceof SecretKeyError) {
    process.stderr.write(`croupier: cannot start: ${error.message}\n`);
    process.exit(2);
  }
  if (error instanceof NewerSchemaError || error instanceof DatabaseUnreachableError) {
    process.stderr.write(`croupier: cannot start: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`croupier: failed to start: ${describeFailure(error)}\n`);
  process.exit(1);
});
