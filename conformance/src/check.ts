/** The outcome of one check. */
export type CheckStatus = "pass" | "fail" | "skip";

/** One check as the report shows it. */
export interface CheckResult {
  /** Group letter and number, e.g. `I2`. */
  id: string;
  /** The group's name, e.g. `Idempotency`. */
  group: string;
  title: string;
  /** The sentence of the interface (docs/interface.md) the check enforces. */
  rule: string;
  status: CheckStatus;
  /** On a failure: what the interface requires. */
  expected?: string;
  /** On a failure: what the receiver did. */
  got?: string;
  /** On a skip: why. */
  reason?: string;
  durationMs: number;
}

/** Thrown by a check that found the receiver wrong. */
export class CheckFailure extends Error {
  override readonly name = "CheckFailure";
  constructor(
    readonly expected: string,
    readonly got: string,
  ) {
    super(`expected ${expected}, got ${got}`);
  }
}

/** Thrown by a check that cannot run here (e.g. the player's balance is too low for it). */
export class CheckSkipped extends Error {
  override readonly name = "CheckSkipped";
}

/** Fails the running check unless `condition` holds. */
export function expectThat(condition: boolean, expected: string, got: string): asserts condition {
  if (!condition) throw new CheckFailure(expected, got);
}

/** A check: what it enforces and how. */
export interface CheckDefinition<Context> {
  id: string;
  group: string;
  title: string;
  rule: string;
  /** True when the check moves a balance: it runs only with `allowMoneyMoves`. */
  movesMoney?: boolean;
  /** True when the check needs a player the operator named. */
  needsPlayer?: boolean;
  /** Checks whose failure makes this one meaningless: it is then skipped, naming them. */
  requires?: string[];
  run(context: Context): Promise<void>;
}

/** Called before each check starts: its position, the total and the check. */
export type ProgressListener = (done: number, total: number, check: { id: string; title: string }) => void;

/** When a check is skipped before it runs, and why. */
export interface Gate {
  allowMoneyMoves: boolean;
  hasPlayer: boolean;
}

/** Runs checks one after another (never in parallel: they share the receiver's state), gating each first. */
export async function runChecks<Context>(
  checks: readonly CheckDefinition<Context>[],
  context: Context,
  gate: Gate,
  onProgress: ProgressListener = () => {},
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const [index, check] of checks.entries()) {
    onProgress(index, checks.length, check);
    const base = { id: check.id, group: check.group, title: check.title, rule: check.rule };
    const skipReason = reasonToSkip(check, gate, results);
    if (skipReason) {
      results.push({ ...base, status: "skip", reason: skipReason, durationMs: 0 });
      continue;
    }
    const started = performance.now();
    const result: CheckResult = { ...base, status: "pass", durationMs: 0 };
    try {
      await check.run(context);
    } catch (error) {
      if (error instanceof CheckSkipped) {
        Object.assign(result, { status: "skip", reason: error.message });
      } else if (error instanceof CheckFailure) {
        Object.assign(result, { status: "fail", expected: error.expected, got: error.got });
      } else {
        Object.assign(result, { status: "fail", expected: "the check to complete", got: error instanceof Error ? error.message : String(error) });
      }
    }
    result.durationMs = Math.round(performance.now() - started);
    results.push(result);
  }
  onProgress(checks.length, checks.length, { id: "", title: "done" });
  return results;
}

function reasonToSkip<Context>(check: CheckDefinition<Context>, gate: Gate, done: CheckResult[]): string | undefined {
  if (check.needsPlayer && !gate.hasPlayer) return "needs a player: name a sandbox player with a known balance (--player REF)";
  if (check.movesMoney && !gate.allowMoneyMoves) {
    return "moves a balance: run with --allow-money-moves (allowMoneyMoves: true) against a sandbox player to include it";
  }
  const failed = done.filter((result) => check.requires?.includes(result.id) && result.status === "fail");
  if (failed.length > 0) return `meaningless after ${failed.map((result) => result.id).join(", ")} failed`;
  return undefined;
}
