import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { Pool } from "undici";
import { LatencyRecorder, type LatencySummary } from "./latency-recorder.js";

/** One HTTP call, already signed, ready to send. */
export interface SignedCall {
  method: "GET" | "POST";
  /** Request target: path plus `?query`, exactly as signed. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * What the loader sends. A unit is a short sequence of calls issued back to back by one virtual client
 * (a BET then its WIN), because the second only makes sense once the first has been answered.
 */
export interface Workload {
  /** Calls per unit: 2 for a BET+WIN pair, 1 for a balance query. */
  callsPerUnit: number;
  /** Builds and signs call `step` of unit `seq`, at the moment it is sent (the timestamp must be fresh). */
  call(seq: number, step: number): SignedCall;
  /** True when the answer is the success this workload expects. */
  accept(statusCode: number, body: string): boolean;
}

/** The outcome of one measured phase against one target. */
export interface PhaseResult {
  mode: "closed" | "open";
  /** Open loop: the scheduled rate in calls per second. */
  offeredRate?: number;
  connections: number;
  durationMs: number;
  /** Calls answered with the expected success inside the measured window. */
  completed: number;
  /** Calls that failed: wrong status or body, network error, timeout, or still unanswered at the end. */
  errors: number;
  /** Open loop: calls still unanswered when the phase gave up waiting (see {@link runOpenLoop}); not errors. */
  unfinished?: number;
  /** Up to five distinct error descriptions, to tell a missing route from a slow one. */
  errorSamples: string[];
  /** Successful calls per second over the measured window. */
  throughput: number;
  latency: LatencySummary;
}

/** How long one call may take before it counts as failed. */
const CALL_TIMEOUT_MS = 10_000;

interface CallOutcome {
  ok: boolean;
  error?: string;
}

/**
 * Keep-alive pools, one per origin, and the bookkeeping shared by both loop kinds. With several origins (instances of
 * one cluster) successive calls go to them in turn, as a round-robin load balancer sends them.
 */
class PhaseState {
  readonly pools: Pool[];
  private next = 0;
  readonly latency = new LatencyRecorder();
  completed = 0;
  errors = 0;
  private readonly errorSamples = new Set<string>();

  constructor(
    origins: readonly string[],
    readonly connections: number,
    readonly workload: Workload,
  ) {
    this.pools = origins.map(
      (origin) =>
        new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: CALL_TIMEOUT_MS, bodyTimeout: CALL_TIMEOUT_MS }),
    );
  }

  /** Sends call `step` of unit `seq` and reads the whole answer. */
  async send(seq: number, step: number): Promise<CallOutcome> {
    const call = this.workload.call(seq, step);
    try {
      const pool = this.pools[this.next++ % this.pools.length]!;
      const response = await pool.request({ method: call.method, path: call.path, headers: call.headers, body: call.body ?? null });
      const body = await response.body.text();
      if (this.workload.accept(response.statusCode, body)) return { ok: true };
      return { ok: false, error: `${call.method} ${call.path.split("?")[0]} → ${response.statusCode} ${body.slice(0, 160)}` };
    } catch (error) {
      return { ok: false, error: `${call.method} ${call.path.split("?")[0]} → ${(error as Error).message}` };
    }
  }

  /** Counts one measured outcome. */
  count(outcome: CallOutcome, latencyMs: number): void {
    if (outcome.ok) {
      this.completed += 1;
      this.latency.record(latencyMs);
    } else {
      this.fail(outcome.error ?? "failed");
    }
  }

  fail(error: string, calls = 1): void {
    this.errors += calls;
    if (this.errorSamples.size < 5) this.errorSamples.add(error);
  }

  result(mode: PhaseResult["mode"], durationMs: number, offeredRate?: number): PhaseResult {
    return {
      mode,
      ...(offeredRate === undefined ? {} : { offeredRate }),
      connections: this.connections,
      durationMs: Math.round(durationMs),
      completed: this.completed,
      errors: this.errors,
      errorSamples: [...this.errorSamples],
      throughput: Math.round((this.completed / durationMs) * 1000 * 10) / 10,
      latency: this.latency.summary(),
    };
  }
}

/** Settings of one phase. */
export interface PhaseSettings {
  /** Length of the measured window. */
  durationMs: number;
  /** Load applied before the window (connections opened, JIT warm), not counted. */
  warmupMs: number;
  /** Closed loop: concurrent virtual clients; open loop: the most connections the pool may open. */
  connections: number;
}

/**
 * Sends units to each origin in turn until each has answered one, before any phase measures it: a process's first
 * calls (its validator's schemas compiled, its pools opened) can take longer than a short phase on a busy machine, and
 * would leave that phase with no call answered. Throws with the last failure when an origin answers no unit in `timeoutMs`.
 */
export async function answerOnce(origins: readonly string[], workload: Workload, timeoutMs = 60_000): Promise<void> {
  let seq = 0;
  for (const origin of origins) {
    const state = new PhaseState([origin], 1, workload);
    const giveUpAt = performance.now() + timeoutMs;
    try {
      let failure = "no call sent";
      for (;;) {
        const unit = seq++;
        let step = 0;
        for (; step < workload.callsPerUnit; step++) {
          const outcome = await state.send(unit, step);
          if (!outcome.ok) {
            failure = outcome.error ?? "failed";
            break;
          }
        }
        if (step === workload.callsPerUnit) break;
        if (performance.now() > giveUpAt) throw new Error(`${origin} answered no unit within ${timeoutMs} ms: ${failure}`);
        await sleep(100);
      }
    } finally {
      await Promise.all(state.pools.map((pool) => pool.close()));
    }
  }
}

/**
 * Closed loop: `connections` virtual clients each send a unit, wait for it, and send the next, as fast as
 * the target answers. The count of calls answered in the window gives the saturated throughput; the
 * latencies are those of a saturated target (queueing included), not of a target under a given load.
 */
export async function runClosedLoop(origins: readonly string[], workload: Workload, settings: PhaseSettings): Promise<PhaseResult> {
  const state = new PhaseState(origins, settings.connections, workload);
  const measureFrom = performance.now() + settings.warmupMs;
  const measureUntil = measureFrom + settings.durationMs;
  let nextSeq = 0;
  const client = async () => {
    while (performance.now() < measureUntil) {
      const seq = nextSeq++;
      for (let step = 0; step < workload.callsPerUnit; step++) {
        const sentAt = performance.now();
        const outcome = await state.send(seq, step);
        const doneAt = performance.now();
        if (sentAt >= measureFrom && doneAt <= measureUntil) state.count(outcome, doneAt - sentAt);
        if (!outcome.ok) break;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: settings.connections }, client));
  } finally {
    await Promise.all(state.pools.map((pool) => pool.close()));
  }
  return state.result("closed", settings.durationMs);
}

/**
 * Open loop: units start on a fixed schedule (`rate` calls per second, so `rate / callsPerUnit` units per
 * second) whether or not earlier ones were answered. The first call's latency runs from its scheduled
 * time, not from when it was actually sent, so a stall of the target (or of the loader) shows up in the
 * percentiles instead of silently delaying the schedule (coordinated omission). A later call of the same
 * unit can only be sent once the previous one was answered: its latency runs from that answer.
 *
 * A target slower than the offered rate builds an ever longer queue. The phase waits at most `drainMs`
 * after the schedule ends; calls still unanswered then are counted as `unfinished`, their wait so far is
 * recorded as their latency (a lower bound, so the percentiles still show the stall), and the pool is
 * destroyed.
 */
export async function runOpenLoop(
  origins: readonly string[],
  workload: Workload,
  settings: PhaseSettings & { rate: number; drainMs: number },
): Promise<PhaseResult> {
  const state = new PhaseState(origins, settings.connections, workload);
  const intervalMs = (1000 * workload.callsPerUnit) / settings.rate;
  const startedAt = performance.now();
  const measureFrom = startedAt + settings.warmupMs;
  const scheduleEnd = measureFrom + settings.durationMs;
  const totalUnits = Math.floor((scheduleEnd - startedAt) / intervalMs);
  /** Measured units not yet finished: when their pending call's latency started, and how many calls remain. */
  const pending = new Map<number, { since: number; callsLeft: number }>();
  const inFlight = new Set<Promise<void>>();
  let abandoned = false;
  let lastAnswerAt = measureFrom;

  const runUnit = async (seq: number, scheduledAt: number) => {
    const measured = scheduledAt >= measureFrom;
    let since = scheduledAt;
    for (let step = 0; step < workload.callsPerUnit; step++) {
      if (measured) pending.set(seq, { since, callsLeft: workload.callsPerUnit - step });
      const outcome = await state.send(seq, step);
      if (abandoned) return;
      const doneAt = performance.now();
      if (measured) {
        state.count(outcome, doneAt - since);
        lastAnswerAt = Math.max(lastAnswerAt, doneAt);
      }
      if (!outcome.ok) {
        if (measured) state.fail("unit abandoned after a failed call", workload.callsPerUnit - step - 1);
        break;
      }
      since = doneAt;
    }
    pending.delete(seq);
  };

  let issued = 0;
  while (issued < totalUnits) {
    const due = Math.min(totalUnits, Math.floor((performance.now() - startedAt) / intervalMs) + 1);
    for (; issued < due; issued++) {
      const unit = runUnit(issued, startedAt + issued * intervalMs);
      inFlight.add(unit);
      void unit.finally(() => inFlight.delete(unit));
    }
    await sleep(Math.max(0, startedAt + issued * intervalMs - performance.now()));
  }
  const drained = await Promise.race([Promise.all(inFlight).then(() => true), sleep(settings.drainMs).then(() => false)]);
  let unfinished = 0;
  if (!drained) {
    abandoned = true;
    const now = performance.now();
    for (const unit of pending.values()) {
      state.latency.record(now - unit.since);
      unfinished += unit.callsLeft;
    }
    lastAnswerAt = now;
    await Promise.all(state.pools.map((pool) => pool.destroy()));
  } else {
    await Promise.all(state.pools.map((pool) => pool.close()));
  }
  // Throughput over the window the schedule covered, stretched when answers arrived after it ended.
  return { ...state.result("open", Math.max(scheduleEnd, lastAnswerAt) - measureFrom, settings.rate), unfinished };
}
