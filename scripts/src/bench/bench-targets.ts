import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { request } from "undici";
import { operatorSigner, providerSigner, type BenchIdentity, type Signer } from "./bench-identity.js";
import { createBenchDatabase, type BenchDatabase } from "./bench-postgres.js";
import { freePort, spawnBenchProcess, type BenchProcess } from "./bench-process.js";
import { croupierConfig, type CroupierInstanceSettings } from "./croupier-config.js";
import { prefillPostgres, prefillSqlite } from "./prefill.js";
import type { ViewerAccount } from "./viewer.js";
import { signedCall, type BenchPlayer } from "./workloads.js";

/**
 * The targets the same loader drives, all in front of the same wallet. `croupier-baseline`, `croupier-pg-baseline` and
 * `croupier-pg-x2-baseline` are the service of another checkout (`--baseline DIR`, for a before/after of a change in one
 * run), on SQLite, on PostgreSQL and as two instances on PostgreSQL, so they are not among the defaults.
 */
export const TARGET_NAMES = [
  "direct",
  "bare-proxy",
  "ledger-proxy",
  "croupier",
  "croupier-normal",
  "croupier-info",
  "croupier-pg",
  "croupier-pg-x2",
  "croupier-baseline",
  "croupier-pg-baseline",
  "croupier-pg-x2-baseline",
  "croupier-prefilled",
  "croupier-pg-prefilled",
  "croupier-prefilled-baseline",
  "croupier-pg-prefilled-baseline",
] as const;

/** The targets whose ledger `--prefill N` fills and that run the `--baseline` checkout's service: a change's before. */
export const PREFILLED_BASELINE_TARGETS: readonly TargetName[] = ["croupier-prefilled-baseline", "croupier-pg-prefilled-baseline"];

/** The targets that run the `--baseline` checkout's service. */
export const BASELINE_TARGETS: readonly TargetName[] = [
  "croupier-baseline",
  "croupier-pg-baseline",
  "croupier-pg-x2-baseline",
  ...PREFILLED_BASELINE_TARGETS,
];

/** The targets whose ledger `--prefill N` fills before the load: the same service as `croupier` and `croupier-pg`. */
export const PREFILLED_TARGETS: readonly TargetName[] = ["croupier-prefilled", "croupier-pg-prefilled", ...PREFILLED_BASELINE_TARGETS];

/** The targets a run drives unless told otherwise. */
export const DEFAULT_TARGETS: readonly TargetName[] = TARGET_NAMES.filter(
  (name) => !BASELINE_TARGETS.includes(name) && !PREFILLED_TARGETS.includes(name),
);

/** The targets that run on PostgreSQL, each on a database of its own. */
export const POSTGRES_TARGETS: readonly TargetName[] = [
  "croupier-pg",
  "croupier-pg-x2",
  "croupier-pg-baseline",
  "croupier-pg-x2-baseline",
  "croupier-pg-prefilled",
  "croupier-pg-prefilled-baseline",
];

/** One of {@link TARGET_NAMES}. */
export type TargetName = (typeof TARGET_NAMES)[number];

/** What each Croupier variant changes from the default configuration. */
const CROUPIER_VARIANTS: Record<Exclude<TargetName, "direct" | "bare-proxy" | "ledger-proxy">, CroupierVariant> = {
  croupier: { synchronous: "FULL", logLevel: "silent", instances: 1 },
  "croupier-normal": { synchronous: "NORMAL", logLevel: "silent", instances: 1 },
  "croupier-info": { synchronous: "FULL", logLevel: "info", instances: 1 },
  "croupier-pg": { synchronous: "FULL", logLevel: "silent", instances: 1, postgres: true },
  "croupier-pg-x2": { synchronous: "FULL", logLevel: "silent", instances: 2, postgres: true },
  "croupier-baseline": { synchronous: "FULL", logLevel: "silent", instances: 1, baseline: true },
  "croupier-pg-baseline": { synchronous: "FULL", logLevel: "silent", instances: 1, postgres: true, baseline: true },
  "croupier-pg-x2-baseline": { synchronous: "FULL", logLevel: "silent", instances: 2, postgres: true, baseline: true },
  "croupier-prefilled": { synchronous: "FULL", logLevel: "silent", instances: 1, prefilled: true },
  "croupier-pg-prefilled": { synchronous: "FULL", logLevel: "silent", instances: 1, postgres: true, prefilled: true },
  "croupier-prefilled-baseline": { synchronous: "FULL", logLevel: "silent", instances: 1, prefilled: true, baseline: true },
  "croupier-pg-prefilled-baseline": { synchronous: "FULL", logLevel: "silent", instances: 1, postgres: true, prefilled: true, baseline: true },
};

/** How a Croupier target differs from the default: its settings, how many instances share its database, and which. */
interface CroupierVariant extends Pick<CroupierInstanceSettings, "synchronous" | "logLevel"> {
  instances: number;
  /** On a PostgreSQL database of its own rather than a SQLite file. */
  postgres?: true;
  /** The service of the `--baseline` checkout. */
  baseline?: true;
  /** Its ledger holds `--prefill` settled transactions before the load. */
  prefilled?: true;
}

/** A target ready to be loaded. */
export interface Target {
  name: TargetName;
  /** Where calls go: one origin, or one per instance of a cluster, which the loader takes in turn. */
  urls: string[];
  /** The process whose memory is reported as the target's (the first instance; the wallet itself for `direct`). */
  process: BenchProcess;
  /** The target's PostgreSQL database, for the PostgreSQL targets. */
  database?: BenchDatabase;
  /** Who signs the calls sent to it: the platform's operator signature for the wallet, the provider's otherwise. */
  signer: Signer;
  /** Players with a live session on this target (placeholder tokens where there are no sessions). */
  players: BenchPlayer[];
  isCroupier: boolean;
  /** Transactions its ledger held before the load (`--prefill`), for the prefilled targets. */
  prefilledTransactions?: number;
  /** `--viewer`: the back-office account of the viewed operator, whose ledger the prefill filled. */
  viewer?: ViewerAccount;
}

/** Every process of a run and the targets in front of the wallet. */
export interface BenchEnvironment {
  targets: Map<TargetName, Target>;
  processes: BenchProcess[];
  /** Stops every process it started and drops every database it created. */
  close(): Promise<void>;
}

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const scriptPath = {
  wallet: join(repoRoot, "mock-operator-wallet/dist/main.js"),
  croupier: join(repoRoot, "server/dist/main.js"),
  admin: join(repoRoot, "server/dist/admin.js"),
  bareProxy: fileURLToPath(new URL("./bare-proxy.js", import.meta.url)),
};

/** The bench's player references, the same on every target. */
export function benchPlayerRefs(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `bench-p-${i}`);
}

/**
 * Starts the wallet (faults off, file database in `dir`), then the requested targets in parallel, and
 * launches one session per player on each Croupier instance through the signed operator launch route.
 */
export async function startBenchEnvironment(
  identity: BenchIdentity,
  names: readonly TargetName[],
  dir: string,
  playerCount: number,
  extras: { baselineDir?: string | undefined; prefill?: number | undefined; viewer?: boolean | undefined } = {},
): Promise<BenchEnvironment> {
  const { baselineDir, prefill } = extras;
  const processes: BenchProcess[] = [];
  const databases: BenchDatabase[] = [];
  const close = async () => {
    await Promise.all(
      processes
        .splice(0)
        .reverse()
        .map((p) => p.stop()),
    );
    await Promise.all(databases.splice(0).map((d) => d.drop()));
  };
  try {
    const wallet = await spawnBenchProcess(
      "wallet",
      scriptPath.wallet,
      [
        "--tenant",
        identity.operatorId,
        "--secret",
        identity.operatorSecret,
        "--port",
        "0",
        "--db",
        join(dir, "wallet.db"),
        "--starting-balance",
        "1000000000",
        "--quiet",
      ],
      { urlLine: / at (http:\/\/\S+)$/ },
    );
    processes.push(wallet);
    const playerRefs = benchPlayerRefs(playerCount);
    const placeholderPlayers = playerRefs.map((playerRef) => ({ playerRef, sessionToken: "bench-no-session" }));
    const targets = new Map<TargetName, Target>();
    const startTarget = async (name: TargetName): Promise<void> => {
      if (name === "direct") {
        targets.set(name, {
          name,
          urls: [wallet.url],
          process: wallet,
          signer: operatorSigner(identity),
          players: placeholderPlayers,
          isCroupier: false,
        });
        return;
      }
      if (isProxy(name)) {
        const child = await startBareProxy(identity, wallet.url, name === "ledger-proxy" ? join(dir, "ledger-proxy.db") : undefined);
        processes.push(child);
        targets.set(name, {
          name,
          urls: [child.url],
          process: child,
          signer: providerSigner(identity),
          players: placeholderPlayers,
          isCroupier: false,
        });
        return;
      }
      const variant = CROUPIER_VARIANTS[name];
      // `--viewer`: the prefilled ledger is another operator's, which a back-office viewer reads beside the load.
      const viewed = variant.prefilled === true && extras.viewer === true;
      const database = variant.postgres ? await createBenchDatabase() : undefined;
      if (database) databases.push(database);
      const script = variant.baseline ? baselineScript(baselineDir) : scriptPath.croupier;
      // One key for every instance of a target: instances sharing a database must seal and open with the same key.
      const secretKey = randomBytes(32).toString("base64");
      const instances: BenchProcess[] = [];
      // One after the other: the first applies the migrations, the others find them done.
      for (let i = 0; i < variant.instances; i++) {
        const instanceName = variant.instances === 1 ? name : `${name}-${i + 1}`;
        const child = await startCroupier(identity, instanceName, variant, {
          script,
          walletUrl: wallet.url,
          dir,
          secretKey,
          databaseUrl: database?.url,
          viewedOperator: viewed,
        });
        processes.push(child);
        instances.push(child);
      }
      const prefilled = variant.prefilled ? await prefillLedger(identity, prefill, database, join(dir, `${name}.db`), viewed) : undefined;
      const viewer = viewed ? addViewerAccount(identity, join(dir, `${name}.config.json`), secretKey) : undefined;
      // Sessions live in the database, so those launched through the first instance hold on every instance.
      const players = await launchSessions(instances[0]!.url, identity, playerRefs);
      targets.set(name, {
        name,
        urls: instances.map((p) => p.url),
        process: instances[0]!,
        signer: providerSigner(identity),
        players,
        isCroupier: true,
        ...(database ? { database } : {}),
        ...(prefilled === undefined ? {} : { prefilledTransactions: prefilled }),
        ...(viewer === undefined ? {} : { viewer }),
      });
    };
    // The prefilled targets one at a time: a SQLite prefill holds this process's event loop for a minute, and two in a
    // row held another target's session launches past the service's request timeout (408).
    await Promise.all(names.filter((name) => !PREFILLED_TARGETS.includes(name)).map(startTarget));
    for (const name of names.filter((name) => PREFILLED_TARGETS.includes(name))) await startTarget(name);
    return { targets, processes: [...processes], close };
  } catch (error) {
    await close();
    throw error;
  }
}

const isProxy = (name: TargetName): name is "bare-proxy" | "ledger-proxy" => name === "bare-proxy" || name === "ledger-proxy";

/** The bare proxy; with a ledger path, the ledger proxy (its intents and outcomes durable in that SQLite file). */
function startBareProxy(identity: BenchIdentity, walletUrl: string, ledgerPath?: string): Promise<BenchProcess> {
  return spawnBenchProcess(
    ledgerPath === undefined ? "bare-proxy" : "ledger-proxy",
    scriptPath.bareProxy,
    [
      "--upstream",
      walletUrl,
      "--provider-id",
      identity.providerId,
      "--provider-secret",
      identity.providerSecret,
      "--operator-id",
      identity.operatorId,
      "--operator-secret",
      identity.operatorSecret,
      ...(ledgerPath === undefined ? [] : ["--ledger", ledgerPath]),
    ],
    { urlLine: /^bare proxy at (http:\/\/\S+)$/ },
  );
}

/** Fills a prefilled target's ledger (its PostgreSQL database, else its SQLite file), which its first instance has migrated. */
async function prefillLedger(
  identity: BenchIdentity,
  count: number | undefined,
  database: BenchDatabase | undefined,
  sqlitePath: string,
  viewed: boolean,
): Promise<number> {
  if (count === undefined) throw new Error("the prefilled targets need --prefill N");
  const tenants = {
    operatorId: identity.operatorId,
    providerId: identity.providerId,
    gameId: identity.gameId,
    ...(viewed ? { viewedOperatorId: identity.viewedOperatorId } : {}),
  };
  return database ? prefillPostgres(database.url, count, tenants) : prefillSqlite(sqlitePath, count, tenants);
}

/** A viewer account of the viewed operator, made with the admin CLI as a platform admin would. */
function addViewerAccount(identity: BenchIdentity, configPath: string, secretKey: string): ViewerAccount {
  const account = { username: "bench-viewer", password: randomBytes(18).toString("base64url") };
  execFileSync(
    process.execPath,
    [
      scriptPath.admin,
      "backoffice-user",
      "add",
      "--username",
      account.username,
      "--operator",
      identity.viewedOperatorId,
      "--role",
      "viewer",
      "--password-stdin",
      "--config",
      configPath,
    ],
    { input: `${account.password}\n`, env: { ...process.env, CROUPIER_SECRET_KEY: secretKey }, stdio: ["pipe", "ignore", "pipe"] },
  );
  return account;
}

/** The service's entry point in the `--baseline` checkout, which must have been built. */
function baselineScript(baselineDir: string | undefined): string {
  if (baselineDir === undefined) throw new Error("the baseline targets need --baseline DIR (a built checkout of an older commit)");
  const script = resolve(baselineDir, "server/dist/main.js");
  if (!existsSync(script)) throw new Error(`${script} does not exist: run npm ci (which builds) in ${baselineDir} first`);
  return script;
}

/** Where and how one instance runs. */
interface InstancePlacement {
  script: string;
  walletUrl: string;
  dir: string;
  /** The service seals tenant secrets, session tokens and callback bodies at rest under it: one per target per run. */
  secretKey: string;
  /** PostgreSQL; a SQLite file in `dir` when absent. */
  databaseUrl: string | undefined;
  /** `--viewer`: the viewed operator is configured too. */
  viewedOperator: boolean;
}

async function startCroupier(identity: BenchIdentity, name: string, variant: CroupierVariant, placement: InstancePlacement): Promise<BenchProcess> {
  const port = await freePort();
  const configPath = join(placement.dir, `${name}.config.json`);
  const storage = placement.databaseUrl === undefined ? { sqlitePath: join(placement.dir, `${name}.db`) } : { databaseUrl: placement.databaseUrl };
  const config = croupierConfig(identity, {
    port,
    walletUrl: placement.walletUrl,
    synchronous: variant.synchronous,
    logLevel: variant.logLevel,
    viewedOperator: placement.viewedOperator,
    ...storage,
  });
  writeFileSync(configPath, JSON.stringify(config, null, 2));
  return spawnBenchProcess(
    name,
    placement.script,
    ["--config", configPath],
    { healthUrl: `http://127.0.0.1:${port}` },
    { CROUPIER_SECRET_KEY: placement.secretKey },
  );
}

/** One REAL session per player, created through the signed operator launch route as an operator would. */
async function launchSessions(url: string, identity: BenchIdentity, playerRefs: readonly string[]): Promise<BenchPlayer[]> {
  const signer = operatorSigner(identity);
  return Promise.all(
    playerRefs.map(async (playerRef) => {
      const call = signedCall(signer, "POST", "/v1/operator/games/launch", {
        playerRef,
        gameId: identity.gameId,
        currency: identity.currency,
        mode: "REAL",
      });
      const response = await request(`${url}${call.path}`, { method: call.method, headers: call.headers, body: call.body ?? null });
      const text = await response.body.text();
      if (response.statusCode !== 200) throw new Error(`launch for ${playerRef} failed: ${response.statusCode} ${text.slice(0, 200)}`);
      return { playerRef, sessionToken: (JSON.parse(text) as { sessionToken: string }).sessionToken };
    }),
  );
}
