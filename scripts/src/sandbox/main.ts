#!/usr/bin/env node
import { join } from "node:path";
import { parseArgs } from "node:util";
import { SANDBOX_FILES, startSandbox } from "./sandbox.js";
import { sandboxBanner } from "./sandbox-banner.js";
import { SANDBOX_PROVIDERS } from "./sandbox-config.js";

const HELP = `Usage: npm start [-- options]

Starts the Croupier sandbox on loopback: the service (SQLite), the mock operator wallet and the mock
game studio, then prints addresses, tenants and what to try next. Ctrl-C stops everything.

Options (environment variable in brackets):
  --port N            the service's port, default 8080 [CROUPIER_SANDBOX_PORT]
  --wallet-port N     the mock wallet's port, default 9001 [CROUPIER_SANDBOX_WALLET_PORT]
  --provider-port N   the mock studio's port, default 9002 [CROUPIER_SANDBOX_PROVIDER_PORT]
  --data-dir DIR      databases and written config, default ./data [CROUPIER_SANDBOX_DATA_DIR]
  --fresh             delete the sandbox databases first
  --verbose           the service's request log (JSON lines) on stdout
  --quiet             no per-call lines from the mock wallet and studio
  --provider-webhook-url [ID=]URL
                      send the webhooks of provider ID (prov-star, prov-moon), or of every provider
                      without ID=, to your own receiver at URL instead of the mock studio; repeatable
A taken port falls back to a free one; 0 asks for any free port.
`;

/** A bad flag or environment value: answered with the usage text and exit code 2. */
class UsageError extends Error {}

function port(flag: string | undefined, env: string | undefined, fallback: number, name: string): number {
  const text = flag ?? env;
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new UsageError(`${name} must be a port number (0-65535), got "${text}"`);
  return value;
}

/**
 * The `--provider-webhook-url` values as provider id → URL: `URL` applies to every provider, `ID=URL` to one (and wins
 * over a `URL` for all). A URL must be absolute http(s), as the service's configuration requires of a webhookUrl.
 */
function webhookUrls(values: readonly string[]): Record<string, string> {
  const known = SANDBOX_PROVIDERS.map((p) => p.id);
  const all: Record<string, string> = {};
  const one: Record<string, string> = {};
  for (const value of values) {
    // An id never holds ':' or '/', so "prov-star=http://…" names a provider and "http://…?a=b" does not.
    const named = /^([^:/=]+)=(.*)$/.exec(value);
    const [id, url] = named ? [named[1]!, named[2]!] : [undefined, value];
    if (id !== undefined && !known.includes(id)) {
      throw new UsageError(`--provider-webhook-url names provider "${id}"; the sandbox's providers are ${known.join(" and ")}`);
    }
    if (!/^https?:\/\/[^/]/.test(url) || !URL.canParse(url)) {
      throw new UsageError(`--provider-webhook-url needs an absolute http:// or https:// URL, got "${url}"`);
    }
    for (const target of id === undefined ? known : [id]) (id === undefined ? all : one)[target] = url.replace(/\/+$/, "");
  }
  return { ...all, ...one };
}

const OPTIONS = {
  port: { type: "string" },
  "wallet-port": { type: "string" },
  "provider-port": { type: "string" },
  "data-dir": { type: "string" },
  fresh: { type: "boolean" },
  verbose: { type: "boolean" },
  quiet: { type: "boolean" },
  "provider-webhook-url": { type: "string", multiple: true },
  help: { type: "boolean", short: "h" },
} as const;

/** The command line's options; an unknown option, a stray argument or a missing value is a {@link UsageError}. */
function commandLine(args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** `npm start`: the one-command sandbox. */
async function main(): Promise<void> {
  const values = commandLine(process.argv.slice(2));
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const env = process.env;
  const dataDir = values["data-dir"] ?? env.CROUPIER_SANDBOX_DATA_DIR ?? "data";
  const options = {
    dataDir,
    servicePort: port(values.port, env.CROUPIER_SANDBOX_PORT, 8080, "--port"),
    walletPort: port(values["wallet-port"], env.CROUPIER_SANDBOX_WALLET_PORT, 9001, "--wallet-port"),
    providerPort: port(values["provider-port"], env.CROUPIER_SANDBOX_PROVIDER_PORT, 9002, "--provider-port"),
    fresh: values.fresh ?? false,
    webhookUrls: webhookUrls(values["provider-webhook-url"] ?? []),
    logLevel: values.verbose ? ("info" as const) : ("warn" as const),
    ...(values.quiet ? {} : { log: (line: string) => process.stdout.write(`${line}\n`) }),
  };
  // The handlers go in before the first await: a Ctrl-C during start-up waits for it, then closes what started.
  const starting = startSandbox(options);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: stopping the sandbox...\n`);
    starting
      .then((sandbox) => sandbox.close())
      .then(
        () => {
          process.stdout.write("sandbox stopped\n");
          process.exit(0);
        },
        (error: unknown) => {
          process.stderr.write(`sandbox: unclean stop: ${error instanceof Error ? error.message : String(error)}\n`);
          process.exit(1);
        },
      );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  const sandbox = await starting;
  if (!stopping) {
    process.stdout.write(sandboxBanner(sandbox, { service: join(dataDir, SANDBOX_FILES.serviceDb), wallet: join(dataDir, SANDBOX_FILES.walletDb) }));
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`sandbox: ${error.message}\n\n${HELP}`);
    process.exit(2);
  }
  process.stderr.write(`sandbox: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
