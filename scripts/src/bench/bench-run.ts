import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { newBenchIdentity, operatorSigner, type BenchIdentity } from "./bench-identity.js";
import type { BenchOptions, CallKind } from "./bench-options.js";
import type { BenchProcess } from "./bench-process.js";
import { benchPlayerRefs, startBenchEnvironment, type BenchEnvironment, type Target, type TargetName } from "./bench-targets.js";
import { backendPids } from "./bench-postgres.js";
import { countRoundTrips, type RoundTripCount } from "./round-trips.js";
import { answerOnce, runClosedLoop, runOpenLoop, type PhaseResult, type Workload } from "./load-generator.js";
import { busyShareBetween, cpuSecondsOf, machineCpuTicks, memoryOf, type MachineTicks } from "./proc-stats.js";
import { startViewer, type ViewerStats } from "./viewer.js";
import { operatorLaunches, serviceBalanceQueries, sessionVerifications, transactionPairs, walletBalanceQueries } from "./workloads.js";

/** One measured phase: one call kind against one target, in one round, closed or open loop. */
export interface PhaseRecord {
  round: number;
  target: TargetName;
  call: CallKind;
  result: PhaseResult;
  /** CPU seconds each process used during the measured window, by process name. */
  cpuSeconds: Record<string, number>;
  /** CPU seconds the target's (first) process's main thread used during the measured window: its event loop, no worker thread. */
  targetMainThreadCpuSeconds?: number;
  /** Resident memory of the target's process at the end of the phase, MiB. */
  targetRssMb: number;
  /**
   * The share of the machine's CPU time (every core, every process: the load generator and PostgreSQL included) busy
   * during the measured window: near 1, the target was bound by the machine's cores, not by its own design.
   */
  machineBusyShare?: number;
  /** CPU seconds the target's PostgreSQL backends used during the measured window, when PostgreSQL runs on this machine. */
  postgresCpuSeconds?: number;
  /** `--viewer`: the phase ran beside a back-office viewer looping the overview and every filter; what it read. */
  viewer?: ViewerStats;
}

/** Everything measured by one run, before any summary. */
export interface BenchMeasurements {
  records: PhaseRecord[];
  /** Peak resident memory (VmHWM) of every process over the whole run, MiB. */
  peakRssMb: Record<string, number>;
  /** PostgreSQL round trips per money-path transaction, for each PostgreSQL target. */
  postgresRoundTrips: RoundTripCount[];
}

/** Logs one progress line. */
export type ProgressLog = (line: string) => void;

/**
 * Runs every round: in each, every target gets the same phases (closed loop, then each open-loop rate)
 * and the target order rotates from round to round, so drift in the machine's load (other jobs starting
 * or stopping) does not favour whichever target always runs first.
 */
export async function runBench(options: BenchOptions, log: ProgressLog): Promise<BenchMeasurements> {
  const dir = mkdtempSync(join(tmpdir(), "croupier-bench-"));
  const identity = newBenchIdentity();
  log(`starting wallet and ${options.targets.join(", ")} (temp dir ${dir})`);
  let environment: BenchEnvironment | undefined;
  try {
    environment = await startBenchEnvironment(identity, options.targets, dir, options.players, {
      baselineDir: options.baselineDir,
      prefill: options.prefill,
      viewer: options.viewer,
    });
    for (const target of environment.targets.values()) {
      if (target.prefilledTransactions !== undefined)
        log(`${target.name}: ${target.prefilledTransactions} transactions in its ledger before the load`);
    }
    const records: PhaseRecord[] = [];
    const runTag = randomBytes(4).toString("hex");
    for (const target of environment.targets.values())
      await answerOnce(target.urls, transactionPairs(identity, target.signer, target.players, `${runTag}-first-${target.name}`));
    for (let round = 1; round <= options.rounds; round++) {
      for (const plan of roundPlan(environment, identity, options, round, runTag)) {
        const record = await measure(environment, plan, options, round);
        log(describe(record));
        records.push(record);
      }
    }
    const peakRssMb = Object.fromEntries(environment.processes.map((p) => [p.name, memoryOf(p.pid).peakRssMb]));
    const postgresRoundTrips: RoundTripCount[] = [];
    for (const target of environment.targets.values()) {
      // Quick mode is a smoke test: the count waits out PostgreSQL's statistics delay (over half a minute per target).
      if (target.database === undefined || options.quick) continue;
      const count = await countRoundTrips(
        target,
        transactionPairs(identity, target.signer, target.players, `${runTag}-trips-${target.name}`),
        target.database,
      );
      log(
        `${target.name}: ${count.perTransaction} PostgreSQL round trips per transaction (${count.commits} commits for ${count.transactions} transactions, background subtracted)`,
      );
      postgresRoundTrips.push(count);
    }
    return { records, peakRssMb, postgresRoundTrips };
  } finally {
    await environment?.close();
    if (options.keepTemp) log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

/** One phase to run. */
interface PhasePlan {
  target: Target;
  call: CallKind;
  workload: Workload;
  /** Open-loop rate; closed loop when absent. */
  rate?: number;
  /** Beside the target's back-office viewer (`--viewer`). */
  viewer?: true;
}

function roundPlan(environment: BenchEnvironment, identity: BenchIdentity, options: BenchOptions, round: number, runTag: string): PhasePlan[] {
  const present = options.targets.map((name) => environment.targets.get(name)).filter((t): t is Target => t !== undefined);
  const ordered = rotate(present, round - 1);
  const plans: PhasePlan[] = [];
  for (const target of ordered) {
    for (const rate of [...(options.openLoopOnly ? [] : [undefined]), ...options.openRates]) {
      const tag = `${runTag}-r${round}-${target.name}-${rate ?? "closed"}`;
      const alone: PhasePlan = {
        target,
        call: "transaction",
        workload: transactionPairs(identity, target.signer, target.players, tag),
        ...(rate === undefined ? {} : { rate }),
      };
      if (rate === undefined || target.viewer === undefined) {
        plans.push(alone);
        continue;
      }
      // The same rate beside the viewer, before or after the phase alone in turn, so drift favours neither.
      const beside: PhasePlan = { ...alone, workload: transactionPairs(identity, target.signer, target.players, `${tag}-viewer`), viewer: true };
      plans.push(...(round % 2 === 1 ? [alone, beside] : [beside, alone]));
    }
  }
  // Balance through each path; verify and launch exist only on the service. The baseline build, a Croupier too, gets
  // every phase the default one gets: both then serve the same calls, and the whole wallet path is compared.
  const services = ordered.filter((t) => t.name === "croupier" || t.name === "croupier-baseline");
  for (const target of ordered.filter((t) => t.name === "direct" || t.name === "bare-proxy" || services.includes(t))) {
    const workload = target.isCroupier ? serviceBalanceQueries(target.signer, target.players) : walletBalanceQueries(target.signer, target.players);
    plans.push({ target, call: "balance", workload });
  }
  for (const service of services) {
    plans.push({ target: service, call: "verify", workload: sessionVerifications(service.signer, service.players) });
    plans.push({ target: service, call: "launch", workload: operatorLaunches(identity, operatorSigner(identity), benchPlayerRefs(options.players)) });
  }
  return plans.filter((plan) => options.calls.includes(plan.call));
}

function rotate<T>(items: readonly T[], by: number): T[] {
  const shift = items.length === 0 ? 0 : by % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

async function measure(environment: BenchEnvironment, plan: PhasePlan, options: BenchOptions, round: number): Promise<PhaseRecord> {
  const processes = environment.processes;
  let atStart: number[] = [];
  let atEnd: number[] | undefined;
  const targetPid = plan.target.process.pid;
  let mainAtStart = 0;
  let mainAtEnd: number | undefined;
  let machineAtStart: MachineTicks | undefined;
  let machineAtEnd: MachineTicks | undefined;
  const cpuNow = () => processes.map((p) => cpuSecondsOf(p.pid));
  // The loaders start measuring `warmupMs` after they are called: snapshot CPU on the same clock.
  // The target's PostgreSQL backends, read at the window's start (the pools have grown by then) and at its end.
  const database = plan.target.database;
  let backends: { pids: number[]; atStart: number[] } | undefined;
  let backendsAtEnd: number[] | undefined;
  const startTimer = setTimeout(() => {
    atStart = cpuNow();
    mainAtStart = cpuSecondsOf(targetPid, true);
    machineAtStart = machineCpuTicks();
    if (database)
      void backendPids(database)
        .then((pids) => (backends = { pids, atStart: pids.map(cpuSecondsOrZero) }))
        .catch(() => undefined);
  }, options.warmupMs);
  const endTimer = setTimeout(() => {
    atEnd = cpuNow();
    mainAtEnd = cpuSecondsOf(targetPid, true);
    machineAtEnd = machineCpuTicks();
    if (backends) backendsAtEnd = backends.pids.map(cpuSecondsOrZero);
  }, options.warmupMs + options.durationMs);
  const settings = { durationMs: options.durationMs, warmupMs: options.warmupMs, connections: options.connections };
  const viewer = plan.viewer && plan.target.viewer ? await startViewer(plan.target.urls[0]!, plan.target.viewer) : undefined;
  const result =
    plan.rate === undefined
      ? await runClosedLoop(plan.target.urls, plan.workload, settings)
      : await runOpenLoop(plan.target.urls, plan.workload, {
          ...settings,
          connections: Math.max(64, options.connections),
          rate: plan.rate,
          drainMs: Math.max(1000, options.durationMs),
        });
  const viewerStats = await viewer?.stop();
  clearTimeout(startTimer);
  clearTimeout(endTimer);
  const end = atEnd ?? cpuNow();
  const machineBusyShare = machineAtStart && busyShareBetween(machineAtStart, machineAtEnd ?? machineCpuTicks());
  return {
    round,
    target: plan.target.name,
    call: plan.call,
    result,
    cpuSeconds: Object.fromEntries(processes.map((p: BenchProcess, i) => [p.name, round3((end[i] ?? 0) - (atStart[i] ?? 0))])),
    targetMainThreadCpuSeconds: round3((mainAtEnd ?? cpuSecondsOf(targetPid, true)) - mainAtStart),
    targetRssMb: memoryOf(plan.target.process.pid).rssMb,
    ...(machineBusyShare === undefined ? {} : { machineBusyShare: round3(machineBusyShare) }),
    ...(backends && backendsAtEnd && isLocalPostgres(backends.atStart)
      ? { postgresCpuSeconds: round3(backendsAtEnd.reduce((sum, cpu, i) => sum + backendCpuInWindow(backends!.atStart[i]!, cpu), 0)) }
      : {}),
    ...(viewerStats ? { viewer: viewerStats } : {}),
  };
}

/** A backend that ended meanwhile (or a server on another machine, whose processes are not here) counts as zero. */
function cpuSecondsOrZero(pid: number): number {
  try {
    return cpuSecondsOf(pid);
  } catch {
    return 0;
  }
}

/**
 * A backend's CPU over the window. One that ended meanwhile (the back office's read pool lets idle connections go) reads
 * zero at the end: it adds nothing rather than minus its whole life, so the figure undercounts it instead of going negative.
 */
const backendCpuInWindow = (atStart: number, atEnd: number) => (atEnd === 0 ? 0 : atEnd - atStart);

/** Whether the backends' processes were found here at all: a PostgreSQL on another host has none in /proc. */
const isLocalPostgres = (cpuAtStart: number[]) => cpuAtStart.some((cpu) => cpu > 0);

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function describe(record: PhaseRecord): string {
  const { result } = record;
  const mode = result.mode === "closed" ? `closed x${result.connections}` : `open ${result.offeredRate} tx/s`;
  const unfinished = result.unfinished ? `  (${result.unfinished} unfinished: target below the offered rate)` : "";
  const errors = result.errors > 0 ? `  ERRORS ${result.errors}: ${result.errorSamples[0] ?? ""}` : "";
  const viewer = record.viewer
    ? `  viewer: ${record.viewer.reads} reads, ${record.viewer.limited} limited (429), ${record.viewer.failed} failed${record.viewer.failures[0] ? ` (${record.viewer.failures[0]})` : ""}`
    : "";
  return `round ${record.round}  ${record.target.padEnd(15)} ${(record.viewer ? "tx+viewer" : record.call).padEnd(11)} ${mode.padEnd(16)} ${String(result.throughput).padStart(8)} tx/s  p50 ${result.latency.p50Ms} ms  p99 ${result.latency.p99Ms} ms  p99.9 ${result.latency.p999Ms} ms${unfinished}${errors}${viewer}`;
}
