import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { FaultSettings } from "./faults.js";
import type { WalletOptions } from "./wallet-server.js";

/** The usage text printed by `--help`. */
export const USAGE = `Croupier mock operator wallet: a real wallet server for the sandbox and integration tests.

Usage:
  npm run wallet -- --tenant ID --secret S [options]    serve the wallet callbacks
  npm run wallet -- dump --db FILE [--player ID]         print balances and ledger as JSON
  npm run wallet -- --help

Identity:
  --tenant ID               the operator's tenant id (X-Tenant-ID of every callback)      required
  --secret S                the operator's shared secret                                  required
  --previous-secret S       the secret before a rotation, still accepted

Server:
  --port P                  listen port (default 9001; 0 picks a free one)
  --host H                  listen address (default 127.0.0.1)
  --db FILE                 SQLite file (default :memory:, lost on exit)
  --tolerance-seconds N     allowed clock skew of signed calls (default 300)
  --quiet                   no per-call log lines

Players and limits (amounts in minor units):
  --starting-balance N      balance of a player seen for the first time (default 100000)
  --player ID=BALANCE       create a player with this balance (repeatable; existing players keep theirs)
  --seed FILE               JSON file {"players": {"p-1": 10000}}; --player entries win
  --min-bet N               decline BETs below N
  --max-bet N               decline BETs above N

Faults (rates from 0 to 1; change them live with POST /control/faults):
  --latency-ms N            delay every wallet call by N ms
  --failure-rate R          answer 500 without applying
  --timeout-rate R          never answer (hold the connection)
  --drop-after-apply-rate R apply and cache, then drop the reply (the lost-reply case)
  --decline-rate R          decline BETs whatever the balance
  --seed-random N           seed of the fault draws (reproducible runs)

Unsigned routes: GET /players, GET /ledger?playerRef=, GET|POST /control/faults, GET /control/stats, GET /healthz
`;

/** What the command line asks for. */
export type WalletCommand =
  | { command: "help" }
  | { command: "serve"; options: WalletOptions; quiet: boolean }
  | { command: "dump"; db: string; playerRef?: string };

/** A command line that cannot be run; the message says why. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

const FAULT_FLAGS: Record<string, keyof FaultSettings> = {
  "latency-ms": "latencyMs",
  "failure-rate": "failureRate",
  "timeout-rate": "timeoutRate",
  "drop-after-apply-rate": "dropAfterApplyRate",
  "decline-rate": "declineRate",
};

/** Parses the wallet's command line (without the `node main.js` prefix). */
export function parseWalletCommand(argv: string[]): WalletCommand {
  const string = { type: "string" } as const;
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: "boolean", short: "h" },
      quiet: { type: "boolean" },
      tenant: string,
      secret: string,
      "previous-secret": string,
      port: string,
      host: string,
      db: string,
      "tolerance-seconds": string,
      "starting-balance": string,
      player: { type: "string", multiple: true },
      seed: string,
      "min-bet": string,
      "max-bet": string,
      "seed-random": string,
      ...Object.fromEntries(Object.keys(FAULT_FLAGS).map((flag) => [flag, string])),
    },
  });
  const flag = (name: string) => values[name as keyof typeof values] as string | undefined;
  if (values.help) return { command: "help" };
  const [command, ...extra] = positionals;
  if (extra.length > 0 || (command !== undefined && command !== "dump")) {
    throw new UsageError(`unexpected argument: ${extra[0] ?? command}`);
  }
  if (command === "dump") {
    const db = flag("db");
    if (!db) throw new UsageError("dump needs --db FILE");
    const playerRef = values.player?.[0];
    return { command: "dump", db, ...(playerRef === undefined ? {} : { playerRef }) };
  }

  const tenantId = flag("tenant");
  const secret = flag("secret");
  if (!tenantId) throw new UsageError("--tenant is required");
  if (!secret) throw new UsageError("--secret is required");
  const faults: Partial<FaultSettings> = {};
  for (const [name, key] of Object.entries(FAULT_FLAGS)) {
    const value = flag(name);
    if (value !== undefined) faults[key] = key === "latencyMs" ? integer(name, value) : rate(name, value);
  }
  const options: WalletOptions = {
    tenantId,
    secret,
    previousSecret: flag("previous-secret"),
    host: flag("host") ?? "127.0.0.1",
    port: integer("port", flag("port") ?? "9001"),
    db: flag("db") ?? ":memory:",
    startingBalance: integer("starting-balance", flag("starting-balance") ?? "100000"),
    players: { ...readSeedFile(flag("seed")), ...parsePlayers(values.player ?? []) },
    minBet: optionalInteger("min-bet", flag("min-bet")),
    maxBet: optionalInteger("max-bet", flag("max-bet")),
    faults,
    randomSeed: optionalInteger("seed-random", flag("seed-random")),
    toleranceSeconds: optionalInteger("tolerance-seconds", flag("tolerance-seconds")),
  };
  return { command: "serve", options, quiet: values.quiet ?? false };
}

function parsePlayers(entries: string[]): Record<string, number> {
  const players: Record<string, number> = {};
  for (const entry of entries) {
    const separator = entry.lastIndexOf("=");
    if (separator <= 0) throw new UsageError(`--player expects ID=BALANCE, got ${entry}`);
    players[entry.slice(0, separator)] = integer("player", entry.slice(separator + 1));
  }
  return players;
}

function readSeedFile(path: string | undefined): Record<string, number> {
  if (path === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new UsageError(`--seed ${path}: ${error instanceof Error ? error.message : "unreadable"}`);
  }
  const players = (parsed as { players?: unknown } | null)?.players;
  if (typeof players !== "object" || players === null || Array.isArray(players)) {
    throw new UsageError(`--seed ${path}: expected {"players": {"<playerRef>": <balance>}}`);
  }
  for (const [playerRef, balance] of Object.entries(players)) {
    if (!Number.isSafeInteger(balance) || (balance as number) < 0) {
      throw new UsageError(`--seed ${path}: balance of ${playerRef} must be an integer >= 0`);
    }
  }
  return players as Record<string, number>;
}

function integer(name: string, value: string): number {
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`--${name} expects a whole number >= 0, got ${value}`);
  }
  return Number(value);
}

function optionalInteger(name: string, value: string | undefined): number | undefined {
  return value === undefined ? undefined : integer(name, value);
}

function rate(name: string, value: string): number {
  const parsed = Number(value);
  if (value.trim() === "" || !(parsed >= 0 && parsed <= 1)) throw new UsageError(`--${name} expects a number from 0 to 1, got ${value}`);
  return parsed;
}
