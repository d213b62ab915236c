#!/usr/bin/env node
import { parseArgs } from "node:util";
import { loadConfigFile } from "./config/load.js";
import { ConfigError } from "./config/parse.js";
import { limitHeapGrowth } from "./heap-growth.js";
import { startServer } from "./server.js";

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
  limitHeapGrowth();
  const running = await startServer(config);
  running.services.logger.info({ url: running.url }, "croupier listening");
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.services.logger.info({ signal }, "draining and stopping");
    running.close().then(() => process.exit(0), (error: unknown) => {
      running.services.logger.error({ err: error }, "unclean stop");
      process.exit(1);
    });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`croupier: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`croupier: failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
