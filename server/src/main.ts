#!/usr/bin/env node
import { parseArgs } from "node:util";
import { loadConfigFile } from "./config/load.js";
import { ConfigError } from "./config/parse.js";
import { limitHeapGrowth } from "./heap-growth.js";
import { startServer } from "./server.js";
import { NewerSchemaError } from "./store/database.js";

/** `npm run server -- --config FILE` (or CROUPIER_CONFIG=FILE): starts the service alone. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { config: { type: "string", short: "c" }, help: { type: "boolean", short: "h" } } });
  if (values.help) {
    process.stdout.write("Usage: npm run server -- --config FILE   (or CROUPIER_CONFIG=FILE npm run server)\n");
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
  const running = await startServer(config, { processMetrics: true });
  running.services.logger.info({ url: running.url }, "croupier listening");
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.services.logger.info({ signal, drainDelayMs }, "draining and stopping");
    // /readyz answers 503 at once; the listener stays open for the delay so the load balancer sees it and moves new
    // traffic elsewhere before this instance stops accepting connections.
    running.services.readiness.startDraining();
    const delay = new Promise((resolve) => setTimeout(resolve, drainDelayMs));
    delay.then(() => running.close()).then(() => process.exit(0), (error: unknown) => {
      running.services.logger.error({ err: error }, "unclean stop");
      process.exit(1);
    });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
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
  if (error instanceof NewerSchemaError) {
    process.stderr.write(`croupier: cannot start: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`croupier: failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
