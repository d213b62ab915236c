import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { startWallet, type RunningWallet } from "@croupier/mock-operator-wallet";
import { createOperatorClient } from "@croupier/sdk-operator";
import { SANDBOX_DESCRIPTION_FILE } from "@croupier/server/admin/config-source";
import { parseConfig } from "@croupier/server/config";
import { parseSecretKey } from "@croupier/server/config/secret-key";
import { startServer, type RunningServer } from "@croupier/server/server";
import { startMockProvider, type RunningMockProvider } from "./mock-provider/mock-provider-server.js";
import { choosePort } from "./port-choice.js";
import {
  buildSandboxConfig,
  SANDBOX_ACCOUNTS,
  SANDBOX_GAME,
  SANDBOX_OPERATOR,
  SANDBOX_PROVIDER,
  SANDBOX_PROVIDERS,
  type SettlementRetrySchedule,
} from "./sandbox-config.js";
import { launchForEachProvider } from "./sandbox-launches.js";
import type { SandboxTarget } from "./sandbox-target.js";

/** How to start {@link startSandbox}; every port falls back to a free one when taken, 0 means any. */
export interface SandboxOptions {
  /** Holds the service and wallet databases, the written config and `sandbox.json`. */
  dataDir: string;
  /** Default `127.0.0.1`: the sandbox's unsigned developer routes must stay on loopback. */
  host?: string;
  /** Default 8080. */
  servicePort?: number;
  /** Default 9001. */
  walletPort?: number;
  /** Default 9002. */
  providerPort?: number;
  /** Delete the databases first, for a sandbox with no history. */
  fresh?: boolean;
  /** The service's JSON log level. Default `warn`, to keep the console readable. */
  logLevel?: "debug" | "info" | "warn" | "error" | "silent";
  /** Receives one line per wallet callback and provider webhook. Default: silent. */
  log?: (line: string) => void;
  /** Providers whose webhooks go to your own receiver instead of the mock studio: provider id → webhook base URL. */
  webhookUrls?: Readonly<Record<string, string>>;
  /**
   * The settlement retry's schedule. Default: a refused credit is a problem after 4 s (SANDBOX_SETTLEMENT_RETRY). For
   * tests that start the sandbox in their own process and need not wait that long; `npm start` has no option for it.
   */
  settlementRetry?: SettlementRetrySchedule;
}

/** A running sandbox: the service, the mock wallet and the mock studio. */
export interface RunningSandbox {
  service: RunningServer;
  wallet: RunningWallet;
  provider: RunningMockProvider;
  target: SandboxTarget;
  /** The service configuration as written to {@link RunningSandbox.configPath}. */
  config: Record<string, unknown>;
  configPath: string;
  /** Where {@link RunningSandbox.target} was written for `npm run demo`. */
  targetPath: string;
  /** Stops the service (draining it), then the mocks, and removes `sandbox.json`. */
  close(): Promise<void>;
}

/** File names inside the data directory. */
export const SANDBOX_FILES = {
  serviceDb: "sandbox.db",
  walletDb: "sandbox-wallet.db",
  config: "sandbox.config.json",
  target: SANDBOX_DESCRIPTION_FILE,
  /** The service's at-rest key (CROUPIER_SECRET_KEY), base64, 0600. */
  secretKey: "sandbox.key",
} as const;

/**
 * The sandbox service's at-rest key, made on first use and kept beside its database, so a restart opens what the last
 * run encrypted. `CROUPIER_SECRET_KEY_FILE=data/sandbox.key` lets `npm run server` open the same database.
 */
function sandboxSecretKey(path: string): Buffer {
  if (!existsSync(path)) writeFileSync(path, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  return parseSecretKey(readFileSync(path, "utf8"));
}

function removeDatabase(path: string): void {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
}

/**
 * Starts the whole sandbox in this process: the mock operator wallet (the operator's callback), the
 * mock game studio (both providers' webhook target), then the service on an embedded SQLite file with
 * the generated sandbox configuration. The operator's callback URL is set through the portal after
 * start, because the database keeps the first one it saw and the wallet's port may have moved.
 */
export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const host = options.host ?? "127.0.0.1";
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const serviceDb = join(dataDir, SANDBOX_FILES.serviceDb);
  const walletDb = join(dataDir, SANDBOX_FILES.walletDb);
  if (options.fresh) [serviceDb, walletDb].forEach(removeDatabase);
  const log = options.log ?? (() => {});

  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  try {
    const wallet = await startWallet({
      tenantId: SANDBOX_OPERATOR.id,
      secret: SANDBOX_OPERATOR.secret,
      host,
      port: await choosePort(host, options.walletPort ?? 9001),
      db: walletDb,
      startingBalance: 100_000,
      log: (line) => log(`[wallet] ${line}`),
    });
    stops.push(() => wallet.close());
    const provider = await startMockProvider({
      providers: SANDBOX_PROVIDERS,
      host,
      port: await choosePort(host, options.providerPort ?? 9002),
      log: (line) => log(`[studio] ${line}`),
    });
    stops.push(() => provider.close());

    const secretKey = sandboxSecretKey(join(dataDir, SANDBOX_FILES.secretKey));
    const { config, service } = await startServiceOnFreePort(host, options.servicePort ?? 8080, secretKey, (servicePort) =>
      buildSandboxConfig({
        host,
        servicePort,
        walletUrl: wallet.url,
        providerUrl: provider.url,
        sqlitePath: serviceDb,
        logLevel: options.logLevel ?? "warn",
        ...(options.webhookUrls === undefined ? {} : { webhookUrls: options.webhookUrls }),
        ...(options.settlementRetry === undefined ? {} : { settlementRetry: options.settlementRetry }),
      }),
    );
    stops.push(() => service.close());

    const operator = createOperatorClient({ baseUrl: service.url, tenantId: SANDBOX_OPERATOR.id, secret: SANDBOX_OPERATOR.secret });
    const { error } = await operator.setCallbackUrl(wallet.url);
    if (error) {
      throw new Error(
        `could not point ${SANDBOX_OPERATOR.id} at the mock wallet (${error.status} ${error.message}); ` +
          `was its secret rotated? start with --fresh to begin from a clean database`,
      );
    }

    // Made afresh at every start, so the printed passwords work on a kept database too.
    for (const account of SANDBOX_ACCOUNTS) {
      await service.services.backoffice.removeUser(account.username);
      await service.services.backoffice.addUser(account);
    }

    const launches = await launchForEachProvider(operator, config);
    const configPath = join(dataDir, SANDBOX_FILES.config);
    const target: SandboxTarget = {
      serviceUrl: service.url,
      walletUrl: wallet.url,
      studioUrl: provider.url,
      operator: SANDBOX_OPERATOR,
      provider: SANDBOX_PROVIDER,
      ...SANDBOX_GAME,
      configPath,
      secretKeyFile: join(dataDir, SANDBOX_FILES.secretKey),
      launches,
    };
    const targetPath = join(dataDir, SANDBOX_FILES.target);
    writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
    writeFileSync(targetPath, `${JSON.stringify(target, null, 2)}\n`);
    stops.push(async () => rmSync(targetPath, { force: true }));

    let closing: Promise<void> | undefined;
    return { service, wallet, provider, target, config, configPath, targetPath, close: () => (closing ??= stopAll()) };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * The service on the preferred port when free, else on one the system chose. The configuration names its port before
 * the service listens, so another process can take the port in between (an outgoing connection's local port, say):
 * then another free port is chosen, up to five times.
 */
async function startServiceOnFreePort(
  host: string,
  preferred: number,
  secretKey: Buffer,
  configFor: (port: number) => ReturnType<typeof buildSandboxConfig>,
): Promise<{ config: ReturnType<typeof buildSandboxConfig>; service: RunningServer }> {
  for (let attempt = 1; ; attempt++) {
    const config = configFor(await choosePort(host, attempt === 1 ? preferred : 0));
    try {
      return { config, service: await startServer(parseConfig(config), { secretKey }) };
    } catch (error) {
      if ((error as { code?: string }).code !== "EADDRINUSE" || attempt === 5) throw error;
    }
  }
}
