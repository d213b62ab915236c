import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { request } from "undici";
import { operatorSigner, providerSigner, type BenchIdentity, type Signer } from "./bench-identity.js";
import { freePort, spawnBenchProcess, type BenchProcess } from "./bench-process.js";
import { croupierConfig, type CroupierInstanceSettings } from "./croupier-config.js";
import { signedCall, type BenchPlayer } from "./workloads.js";

/** The targets the same loader drives, all in front of the same wallet. */
export const TARGET_NAMES = ["direct", "bare-proxy", "ledger-proxy", "croupier", "croupier-normal", "croupier-info"] as const;

/** One of {@link TARGET_NAMES}. */
export type TargetName = (typeof TARGET_NAMES)[number];

/** What each Croupier variant changes from the default configuration. */
const CROUPIER_VARIANTS: Record<Exclude<TargetName, "direct" | "bare-proxy" | "ledger-proxy">, Pick<CroupierInstanceSettings, "synchronous" | "logLevel">> = {
  croupier: { synchronous: "FULL", logLevel: "silent" },
  "croupier-normal": { synchronous: "NORMAL", logLevel: "silent" },
  "croupier-info": { synchronous: "FULL", logLevel: "info" },
};

/** A target ready to be loaded. */
export interface Target {
  name: TargetName;
  url: string;
  /** The process whose CPU and memory are the target's own (the wallet itself for `direct`). */
  process: BenchProcess;
  /** Who signs the calls sent to it: the platform's operator signature for the wallet, the provider's otherwise. */
  signer: Signer;
  /** Players with a live session on this target (placeholder tokens where there are no sessions). */
  players: BenchPlayer[];
  isCroupier: boolean;
}

/** Every process of a run and the targets in front of the wallet. */
export interface BenchEnvironment {
  targets: Map<TargetName, Target>;
  processes: BenchProcess[];
  /** Stops every process it started. */
  close(): Promise<void>;
}

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const scriptPath = {
  wallet: join(repoRoot, "mock-operator-wallet/dist/main.js"),
  croupier: join(repoRoot, "server/dist/main.js"),
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
export async function startBenchEnvironment(identity: BenchIdentity, names: readonly TargetName[], dir: string, playerCount: number): Promise<BenchEnvironment> {
  const processes: BenchProcess[] = [];
  const close = async () => {
    await Promise.all(processes.splice(0).reverse().map((p) => p.stop()));
  };
  try {
    const wallet = await spawnBenchProcess(
      "wallet",
      scriptPath.wallet,
      ["--tenant", identity.operatorId, "--secret", identity.operatorSecret, "--port", "0", "--db", join(dir, "wallet.db"), "--starting-balance", "1000000000", "--quiet"],
      { urlLine: / at (http:\/\/\S+)$/ },
    );
    processes.push(wallet);
    const playerRefs = benchPlayerRefs(playerCount);
    const placeholderPlayers = playerRefs.map((playerRef) => ({ playerRef, sessionToken: "bench-no-session" }));
    const targets = new Map<TargetName, Target>();
    await Promise.all(
      names.map(async (name) => {
        if (name === "direct") {
          targets.set(name, { name, url: wallet.url, process: wallet, signer: operatorSigner(identity), players: placeholderPlayers, isCroupier: false });
          return;
        }
        const child = isProxy(name)
          ? await startBareProxy(identity, wallet.url, name === "ledger-proxy" ? join(dir, "ledger-proxy.db") : undefined)
          : await startCroupier(identity, name, wallet.url, dir);
        processes.push(child);
        const players = isProxy(name) ? placeholderPlayers : await launchSessions(child.url, identity, playerRefs);
        targets.set(name, { name, url: child.url, process: child, signer: providerSigner(identity), players, isCroupier: !isProxy(name) });
      }),
    );
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
      "--upstream", walletUrl, "--provider-id", identity.providerId, "--provider-secret", identity.providerSecret, "--operator-id", identity.operatorId,
      "--operator-secret", identity.operatorSecret, ...(ledgerPath === undefined ? [] : ["--ledger", ledgerPath]),
    ],
    { urlLine: /^bare proxy at (http:\/\/\S+)$/ },
  );
}

async function startCroupier(identity: BenchIdentity, name: keyof typeof CROUPIER_VARIANTS, walletUrl: string, dir: string): Promise<BenchProcess> {
  const port = await freePort();
  const configPath = join(dir, `${name}.config.json`);
  const config = croupierConfig(identity, { port, sqlitePath: join(dir, `${name}.db`), walletUrl, ...CROUPIER_VARIANTS[name] });
  writeFileSync(configPath, JSON.stringify(config, null, 2));
  // A key of its own per run: the service seals tenant secrets, session tokens and callback bodies at rest under it.
  return spawnBenchProcess(name, scriptPath.croupier, ["--config", configPath], { healthUrl: `http://127.0.0.1:${port}` },
    { CROUPIER_SECRET_KEY: randomBytes(32).toString("base64") });
}

/** One REAL session per player, created through the signed operator launch route as an operator would. */
async function launchSessions(url: string, identity: BenchIdentity, playerRefs: readonly string[]): Promise<BenchPlayer[]> {
  const signer = operatorSigner(identity);
  return Promise.all(
    playerRefs.map(async (playerRef) => {
      const call = signedCall(signer, "POST", "/v1/operator/games/launch", { playerRef, gameId: identity.gameId, currency: identity.currency, mode: "REAL" });
      const response = await request(`${url}${call.path}`, { method: call.method, headers: call.headers, body: call.body ?? null });
      const text = await response.body.text();
      if (response.statusCode !== 200) throw new Error(`launch for ${playerRef} failed: ${response.statusCode} ${text.slice(0, 200)}`);
      return { playerRef, sessionToken: (JSON.parse(text) as { sessionToken: string }).sessionToken };
    }),
  );
}
