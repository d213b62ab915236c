import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { BASELINE_TARGETS, DEFAULT_TARGETS, PREFILLED_BASELINE_TARGETS, PREFILLED_TARGETS, TARGET_NAMES, type TargetName } from "./bench-targets.js";

/** The calls a round measures: provider wallet transactions, balance reads and session verifies, operator launches. */
export const CALL_KINDS = ["transaction", "balance", "verify", "launch"] as const;
export type CallKind = (typeof CALL_KINDS)[number];

/** Everything a bench run can be told. */
export interface BenchOptions {
  rounds: number;
  quick: boolean;
  /** Measured window of every phase. */
  durationMs: number;
  /** Unmeasured load before each window. */
  warmupMs: number;
  /** Closed-loop virtual clients (and connections). */
  connections: number;
  /** Open-loop offered loads, in transactions (calls) per second. */
  openRates: number[];
  /** Distinct players (and sessions per Croupier instance). */
  players: number;
  targets: TargetName[];
  /** The calls measured (the phases of the others are skipped). */
  calls: CallKind[];
  /** Where results-<timestamp>.json goes. */
  outDir: string;
  /** Keep the temporary directory (databases, generated configs) for inspection. */
  keepTemp: boolean;
  /** A built checkout of another commit whose service runs as the `croupier-baseline` target. */
  baselineDir?: string;
  /** Settled transactions written into the prefilled targets' ledgers before the load. */
  prefill?: number;
  /** The prefill is another operator's, and each open-loop rate is measured again beside its back-office viewer. */
  viewer: boolean;
  /** No closed-loop (saturating) phase: only the open-loop rates are measured. */
  openLoopOnly: boolean;
}

/** The text of `npm run bench -- --help`. */
export const BENCH_USAGE = `Croupier benchmark: signed BET+WIN pairs through direct wallet, bare proxy and Croupier.

Usage: npm run bench -- [options]

  --quick               one short round (smoke test, ~1 minute); timings are not meaningful
  --rounds N            rounds; targets alternate within each round (default 3, quick 1)
  --duration-ms N       measured window of each phase (default 8000, quick 1000)
  --warmup-ms N         unmeasured load before each window (default 1000, quick 250)
  --connections N       closed-loop concurrent clients (default 32, quick 16)
  --rates A,B           open-loop offered loads in tx/s (default 500,1000)
  --players N           distinct players / sessions (default 64, quick 16)
  --targets LIST        comma-separated subset of ${TARGET_NAMES.join(",")}
                        (default all but the baseline targets, which --baseline adds, and the prefilled ones)
  --calls LIST          comma-separated subset of ${CALL_KINDS.join(",")} (default all)
  --baseline DIR        a built checkout of another commit: its service is the croupier-baseline,
                        croupier-pg-baseline and croupier-pg-x2-baseline targets (with --prefill also croupier-prefilled-baseline and
                        croupier-pg-prefilled-baseline, prefilled and viewed as croupier-prefilled is)
  --prefill N           N settled transactions (five operators, 5,000 players each, completed rounds, over the
                        last day) in the ledgers of croupier-prefilled and croupier-pg-prefilled, which it adds:
                        the same services as croupier and croupier-pg, compared with their empty ledgers
  --viewer              with --prefill: the N transactions are another operator's (op-viewed), and on the prefilled
                        targets each open-loop rate runs twice, alone and beside a back-office viewer of op-viewed
                        (signed in as a viewer) reading the overview and every transaction filter in a loop; the
                        report gives the bench operator's p50 and p99 beside the viewer minus alone
  --open-loop-only      no closed-loop (saturating) phase, only the --rates phases: no phase then follows one that
                        filled the machine's cores and disk (throughput and CPU per transaction are not measured)
  --out-dir DIR         where results-<timestamp>.json is written (default <repo>/.bench)
  --keep-temp           keep the temporary databases and generated configs
  --help
`;

/** A command line that cannot be run. */
export class BenchUsageError extends Error {
  override readonly name = "BenchUsageError";
}

/** Parses `npm run bench -- …` (without the node and script arguments); `null` means print the usage. */
export function parseBenchOptions(argv: string[]): BenchOptions | null {
  const string = { type: "string" } as const;
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      help: { type: "boolean", short: "h" },
      quick: { type: "boolean" },
      "keep-temp": { type: "boolean" },
      viewer: { type: "boolean" },
      "open-loop-only": { type: "boolean" },
      rounds: string,
      "duration-ms": string,
      "warmup-ms": string,
      connections: string,
      rates: string,
      players: string,
      targets: string,
      calls: string,
      "out-dir": string,
      baseline: string,
      prefill: string,
    },
  });
  if (values.help) return null;
  const quick = values.quick === true;
  const durationMs = positiveInt(values["duration-ms"], "--duration-ms", quick ? 1000 : 8000);
  const baselineDir = values.baseline;
  const prefill = values.prefill === undefined ? undefined : positiveInt(values.prefill, "--prefill", 0);
  const viewer = values.viewer === true;
  if (viewer && prefill === undefined) throw new BenchUsageError("--viewer needs --prefill N (the viewed operator's transactions)");
  // The prefilled baseline targets come with both --baseline and --prefill.
  const defaults = [
    ...DEFAULT_TARGETS,
    ...(baselineDir === undefined ? [] : BASELINE_TARGETS),
    ...(prefill === undefined ? [] : PREFILLED_TARGETS),
  ].filter(
    (name, i, all) => all.indexOf(name) === i && (!PREFILLED_BASELINE_TARGETS.includes(name) || (baselineDir !== undefined && prefill !== undefined)),
  );
  const targets = values.targets === undefined ? [...defaults] : values.targets.split(",").map((name) => name.trim());
  for (const name of targets) {
    if (!(TARGET_NAMES as readonly string[]).includes(name))
      throw new BenchUsageError(`unknown target "${name}" (known: ${TARGET_NAMES.join(", ")})`);
  }
  const calls = values.calls === undefined ? [...CALL_KINDS] : values.calls.split(",").map((call) => call.trim());
  for (const call of calls) {
    if (!(CALL_KINDS as readonly string[]).includes(call)) throw new BenchUsageError(`unknown call "${call}" (known: ${CALL_KINDS.join(", ")})`);
  }
  const baselineTarget = targets.find((name) => (BASELINE_TARGETS as readonly string[]).includes(name));
  if (baselineTarget !== undefined && baselineDir === undefined) throw new BenchUsageError(`the ${baselineTarget} target needs --baseline DIR`);
  const prefilledTarget = targets.find((name) => (PREFILLED_TARGETS as readonly string[]).includes(name));
  if (prefilledTarget !== undefined && prefill === undefined) throw new BenchUsageError(`the ${prefilledTarget} target needs --prefill N`);
  return {
    rounds: positiveInt(values.rounds, "--rounds", quick ? 1 : 3),
    quick,
    durationMs,
    warmupMs: nonNegativeInt(values["warmup-ms"], "--warmup-ms", quick ? Math.min(250, Math.floor(durationMs / 4)) : 1000),
    connections: positiveInt(values.connections, "--connections", quick ? 16 : 32),
    openRates: (values.rates ?? "500,1000").split(",").map((rate) => positiveInt(rate.trim(), "--rates", 0)),
    players: positiveInt(values.players, "--players", quick ? 16 : 64),
    targets: targets as TargetName[],
    calls: calls as CallKind[],
    outDir: values["out-dir"] ?? join(fileURLToPath(new URL("../../../", import.meta.url)), ".bench"),
    keepTemp: values["keep-temp"] === true,
    viewer,
    openLoopOnly: values["open-loop-only"] === true,
    ...(baselineDir === undefined ? {} : { baselineDir }),
    ...(prefill === undefined ? {} : { prefill }),
  };
}

function positiveInt(text: string | undefined, flag: string, fallback: number): number {
  const value = nonNegativeInt(text, flag, fallback);
  if (value === 0) throw new BenchUsageError(`${flag} must be a positive integer`);
  return value;
}

function nonNegativeInt(text: string | undefined, flag: string, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) throw new BenchUsageError(`${flag} must be a whole number, got "${text}"`);
  return Number(text);
}
