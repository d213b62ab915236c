import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { OPERATOR, PROVIDER, sendJson, signedRequest, startScriptedPeer, type Reply, type ScriptedPeer } from "./harness.js";

/** What a test wallet does with one transaction callback instead of answering normally. */
export type WalletFault =
  | "hold" // never answer, apply nothing
  | "apply-then-hold" // apply, then never answer (the answer is lost)
  | { status: number; body: unknown }; // answer this without applying

/** A transaction as the wallet received it. */
export interface ReceivedTransaction {
  transactionId: string;
  sessionToken: string;
  type: string;
  roundId: string;
  playerRef: string;
  amount: number;
  currency: string;
  gameId: string;
  originalTransactionId?: string;
  roundComplete?: boolean;
  metadata?: unknown;
}

/**
 * A real HTTP operator wallet with an idempotent ledger, the behaviour the spec requires of operators
 * (cache per transactionId, refund a bet once), plus scripted faults. `applied` lists the transactions that
 * changed money, exactly once each; `requests` (from the peer) every call received.
 */
export interface TestWallet extends ScriptedPeer {
  balances: Map<string, number>;
  applied: ReceivedTransaction[];
  fault: ((tx: ReceivedTransaction) => WalletFault | undefined) | undefined;
  /** Answers the balance callback instead of the ledger when set. */
  balanceFault: { status: number; body: unknown } | "hold" | undefined;
  /** Calls to the transaction callback. */
  transactionCalls(): ReceivedTransaction[];
  /** Releases every held response (as a 500), so servers can close. */
  releaseHeld(): void;
}

export async function startTestWallet(startingBalance = 10_000): Promise<TestWallet> {
  const results = new Map<string, { status: "OK" | "DECLINED"; balance: number }>();
  const reversed = new Set<string>();
  const held: ServerResponse[] = [];
  const wallet = (await startScriptedPeer((req, res) => {
    if (req.method === "GET" && req.url.startsWith("/v1/wallet/balance")) {
      const fault = wallet.balanceFault;
      if (fault === "hold") return void held.push(res);
      if (fault) return sendJson(res, fault.status, fault.body);
      const playerRef = new URL(req.url, "http://x").searchParams.get("playerRef") ?? "";
      return sendJson(res, 200, { balance: wallet.balances.get(playerRef) ?? startingBalance });
    }
    const tx = req.json as ReceivedTransaction;
    const fault = wallet.fault?.(tx);
    if (fault === "hold") return void held.push(res);
    if (fault !== undefined && fault !== "apply-then-hold") return sendJson(res, fault.status, fault.body);
    let result = results.get(tx.transactionId);
    if (!result) {
      const before = wallet.balances.get(tx.playerRef) ?? startingBalance;
      let after = before;
      let status: "OK" | "DECLINED" = "OK";
      if (tx.type === "BET") {
        if (tx.amount > before) status = "DECLINED";
        else after = before - tx.amount;
      } else if (tx.type === "WIN") {
        after = before + tx.amount;
      } else if (tx.type === "ROLLBACK") {
        const bet = wallet.applied.find((a) => a.transactionId === tx.originalTransactionId && a.type === "BET");
        if (bet && !reversed.has(bet.transactionId)) {
          reversed.add(bet.transactionId);
          after = before + bet.amount;
        }
      }
      result = { status, balance: after };
      results.set(tx.transactionId, result);
      if (status === "OK") {
        wallet.balances.set(tx.playerRef, after);
        wallet.applied.push(tx);
      }
    }
    if (fault === "apply-then-hold") return void held.push(res);
    sendJson(res, 200, result);
  })) as TestWallet;
  wallet.balances = new Map();
  wallet.applied = [];
  wallet.fault = undefined;
  wallet.balanceFault = undefined;
  wallet.transactionCalls = () => wallet.requests.filter((r) => r.method === "POST").map((r) => JSON.parse(r.body) as ReceivedTransaction);
  wallet.releaseHeld = () => {
    for (const res of held.splice(0)) if (!res.writableEnded) sendJson(res, 500, { error: "released" });
  };
  const close = wallet.close;
  wallet.close = async () => {
    wallet.releaseHeld();
    await close();
  };
  return wallet;
}

/** Launches a session through the operator API and returns its token. */
export async function launchSession(
  baseUrl: string,
  options: {
    playerRef?: string;
    gameId?: string;
    currency?: string;
    mode?: "REAL" | "DEMO";
    language?: string;
    operator?: { id: string; secret: string };
  } = {},
): Promise<string> {
  const reply = await signedRequest(baseUrl, options.operator ?? OPERATOR, "POST", "/v1/operator/games/launch", {
    playerRef: options.playerRef ?? "p-1",
    gameId: options.gameId ?? "starfall",
    currency: options.currency ?? "EUR",
    mode: options.mode ?? "REAL",
    ...(options.language === undefined ? {} : { language: options.language }),
  });
  if (reply.status !== 200) throw new Error(`launch failed: ${reply.status} ${reply.text}`);
  return (reply.json as { sessionToken: string }).sessionToken;
}

let sequence = 0;

/** A well-formed BET request body for the session; override any field. */
export function betRequest(sessionToken: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    transactionId: `tx-${process.pid}-${Date.now()}-${sequence}`,
    sessionToken,
    type: "BET",
    roundId: `round-${sequence}`,
    playerRef: "p-1",
    amount: 100,
    currency: "EUR",
    gameId: "starfall",
    ...overrides,
  };
}

/** Sends a transaction as the provider (or another tenant). */
export function postTransaction(baseUrl: string, body: unknown, provider: { id: string; secret: string } = PROVIDER): Promise<Reply> {
  return signedRequest(baseUrl, provider, "POST", "/v1/wallet/transaction", body);
}

/** Polls until `check` returns true or the deadline passes. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000, stepMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** The built service entry point, for tests that need a real process to kill. */
export const SERVICE_MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));

/** A service running as a child process (`node dist/main.js --config FILE`). */
export interface ServiceProcess {
  url: string;
  /** SIGKILL: no drain, no clean close, as a crash. */
  kill(): Promise<void>;
  /** SIGTERM: drains and closes the database. */
  stop(): Promise<void>;
  /** What it printed on stdout so far (its log lines). */
  output(): string;
}

/** Writes the configuration (logLevel forced to info, to read the listening line) and starts the service on it. */
export async function spawnService(configFile: string, json: Record<string, unknown>, env: Record<string, string> = {}): Promise<ServiceProcess> {
  writeFileSync(configFile, JSON.stringify({ ...json, logLevel: "info" }));
  const child = spawn(process.execPath, [SERVICE_MAIN, "--config", configFile], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    // Generous: a start takes about 2 s of CPU, and on a busy machine other test files compete for it.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`service did not start: ${stderr}`));
    }, 30_000);
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
      const match = /"url":"(http:\/\/[^"]+)"/.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on("exit", () => reject(new Error(`service exited: ${stderr}`)));
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, kill: () => end("SIGKILL"), stop: () => end("SIGTERM"), output: () => stdout };
}

/**
 * A wallet that applies each transactionId once (balance 1000 + amount) and, while `holding`, never answers: the
 * caller gives up (or is killed) after the wallet applied the call. Once released it answers, a repeat with the
 * balance of the first application.
 */
export async function startHoldingWallet(): Promise<{ peer: ScriptedPeer; applied: Map<string, number>; release(): void }> {
  const applied = new Map<string, number>();
  let holding = true;
  const peer = await startScriptedPeer((req, res) => {
    const id = req.json.transactionId as string;
    if (!applied.has(id)) applied.set(id, 1000 + (req.json.amount as number));
    if (holding) return;
    sendJson(res, 200, { status: "OK", balance: applied.get(id) });
  });
  return { peer, applied, release: () => void (holding = false) };
}
