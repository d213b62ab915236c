import pg from "pg";
import { expect, it } from "vitest";
import { describePostgres } from "../../server/test/postgres.js";
import { runQuickBench } from "./quick-bench.js";

const postgresUrl = process.env.CROUPIER_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** Rows each prefilled ledger gets: enough to fill, read and page through, few enough to fill in a moment (20,000 took 4 s). */
const PREFILL = 2_000;

/** The bench's databases on the local PostgreSQL (the bench uses the same server as the tests). */
async function benchDatabases(): Promise<string[]> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return (await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'croupier_bench_%'")).rows.map(
      (r) => r.datname,
    );
  } finally {
    await client.end();
  }
}

// A correctness check of the PostgreSQL targets, not a timing test: one instance, and two sharing one database.
describePostgres("npm run bench -- --quick on PostgreSQL", () => {
  it("drives croupier-pg and both instances of croupier-pg-x2 with zero failed calls, and drops their databases", async () => {
    const before = await benchDatabases();
    // The transactions only, beside croupier for the ratio: the other calls and targets run on SQLite alone, which
    // bench-quick.test.ts drives.
    const { results } = await runQuickBench(["croupier", "croupier-pg", "croupier-pg-x2"], {
      timeoutMs: 80_000,
      env: { CROUPIER_BENCH_POSTGRES_URL: postgresUrl },
      extraArgs: ["--calls", "transaction"],
    });
    for (const record of results.records) expect(record.result.errorSamples, `${record.target} ${record.result.mode}`).toEqual([]);
    for (const target of ["croupier-pg", "croupier-pg-x2"]) {
      const phases = results.records.filter((r) => r.target === target && r.call === "transaction");
      expect(
        phases.map((r) => r.result.mode),
        target,
      ).toEqual(["closed", "open"]);
      expect(
        phases.reduce((sum, r) => sum + r.result.completed, 0),
        target,
      ).toBeGreaterThan(0);
    }
    expect(results.summary.totalErrors).toBe(0);
    // Both instances of the pair started on the one database (the loader takes them in turn).
    expect(results.peakRssMb["croupier-pg-x2-1"]).toBeGreaterThan(0);
    expect(results.peakRssMb["croupier-pg-x2-2"]).toBeGreaterThan(0);
    // The ratio of the two closed loops' throughputs: half a second beside other test files can leave one of them with
    // no call answered, and then the figure is null rather than 0 or a division by zero.
    const saturated = (target: string) =>
      results.records.find((r) => r.target === target && r.call === "transaction" && r.result.mode === "closed")!.result.throughput;
    const expected = saturated("croupier") > 0 ? saturated("croupier-pg") / saturated("croupier") : null;
    const figure = results.summary.figures.find((f) => f.name === "croupier-pg / croupier, saturated throughput")!.median;
    if (expected === null) expect(figure).toBeNull();
    else expect(figure).toBeCloseTo(expected, 2);
    // PostgreSQL's own CPU per transaction, from its backends' /proc entries over the closed loop's window (with a call
    // answered in it).
    if (saturated("croupier-pg") > 0)
      expect(results.summary.figures.find((f) => f.name === "croupier-pg: PostgreSQL CPU per transaction")?.median).toBeGreaterThan(0);
    expect(await benchDatabases()).toEqual(before);
  }, 100_000);
});

// In this file, not a file of its own: files run in parallel, and the check above counts every bench database.
// A correctness check of --prefill, not a timing test: both stores' ledgers are filled, loaded, and compared with empty ones.
describePostgres("npm run bench -- --prefill", () => {
  it("fills the prefilled targets' ledgers on SQLite and PostgreSQL, loads them with zero failed calls, and compares them with the empty ones", async () => {
    const targets = ["croupier", "croupier-prefilled", "croupier-pg", "croupier-pg-prefilled"];
    const { stdout, results } = await runQuickBench(targets, {
      timeoutMs: 110_000,
      env: { CROUPIER_BENCH_POSTGRES_URL: postgresUrl },
      extraArgs: ["--prefill", String(PREFILL), "--calls", "transaction"],
    });
    expect(stdout).toContain(`croupier-prefilled: ${PREFILL} transactions in its ledger before the load`);
    expect(stdout).toContain(`croupier-pg-prefilled: ${PREFILL} transactions in its ledger before the load`);
    for (const record of results.records) expect(record.result.errorSamples, `${record.target} ${record.result.mode}`).toEqual([]);
    for (const target of targets) {
      const phases = results.records.filter((r) => r.target === target && r.call === "transaction");
      expect(
        phases.reduce((sum, r) => sum + r.result.completed, 0),
        target,
      ).toBeGreaterThan(0);
    }
    expect(results.summary.totalErrors).toBe(0);
    // Each ratio of the two closed loops' throughputs, computed whatever its value: 0 when half a second beside other test
    // files left the prefilled loop with no call answered, null rather than a division by zero when it left the empty one.
    const saturated = (target: string) =>
      results.records.find((r) => r.target === target && r.call === "transaction" && r.result.mode === "closed")!.result.throughput;
    for (const [prefilled, empty] of [
      ["croupier-prefilled", "croupier"],
      ["croupier-pg-prefilled", "croupier-pg"],
    ] as const) {
      const name = `${prefilled} / ${empty}, saturated throughput`;
      const figure = results.summary.figures.find((f) => f.name === name)!.median;
      if (saturated(empty) > 0) expect(figure, name).toBeCloseTo(saturated(prefilled) / saturated(empty), 2);
      else expect(figure, name).toBeNull();
    }
  }, 130_000);
});

// A correctness check of --viewer, not a timing test: on both stores another operator's prefilled ledger is read by a
// signed-in back-office viewer beside the bench operator's load, and the report compares the load with and without it.
describePostgres("npm run bench -- --prefill N --viewer", () => {
  it("runs each rate alone and beside a viewer reading the overview and every filter, on SQLite and PostgreSQL, and reports both; --open-loop-only runs no closed loop", async () => {
    const targets = ["croupier-prefilled", "croupier-pg-prefilled"];
    const { stdout, results } = await runQuickBench(targets, {
      timeoutMs: 110_000,
      env: { CROUPIER_BENCH_POSTGRES_URL: postgresUrl },
      // Phases of 2 s, not the quick bench's 0.5 s: in CI, beside every other test file, the viewer's first reads (its
      // sign-in, the read worker's start) left a 0.5 s phase on SQLite with no call completed at all.
      extraArgs: ["--prefill", String(PREFILL), "--calls", "transaction", "--viewer", "--duration-ms", "2000", "--open-loop-only"],
    });
    for (const target of targets) {
      const beside = results.records.filter((r) => r.target === target && r.viewer !== undefined);
      const alone = results.records.filter((r) => r.target === target && r.result.mode === "open" && r.viewer === undefined);
      expect([beside.length, alone.length], target).toEqual([1, 1]);
      expect(results.records.filter((r) => r.target === target && r.result.mode !== "open").length, target).toBe(0);
      expect(beside[0]!.result.completed, target).toBeGreaterThan(0);
      // The viewer signed in and read: every read answered or refused by its session's read limit, none failed.
      expect(beside[0]!.viewer!.reads, target).toBeGreaterThan(0);
      expect(beside[0]!.viewer!.failures, target).toEqual([]);
      // The service's main thread (its event loop) ran, and used no more than the whole process, worker threads included (each read at a
      // slightly different instant: a tick of slack).
      const { targetMainThreadCpuSeconds, cpuSeconds } = beside[0]!;
      expect(targetMainThreadCpuSeconds, target).toBeGreaterThan(0);
      expect(targetMainThreadCpuSeconds, target).toBeLessThanOrEqual(cpuSeconds[target]! + 0.02);
      for (const key of ["p50", "p99"]) {
        const name = `${target}: ${key} beside a back-office viewer minus alone at 100 tx/s`;
        expect(results.summary.figures.find((f) => f.name === name)?.median, name).toEqual(expect.any(Number));
      }
    }
    expect(stdout).toMatch(/croupier-pg-prefilled +tx\+viewer +open 100 tx\/s .* viewer: \d+ reads/);
    expect(results.summary.totalErrors).toBe(0);
  }, 130_000);
});

it("refuses --viewer without --prefill", async () => {
  await expect(runQuickBench(["croupier"], { timeoutMs: 20_000, extraArgs: ["--viewer"] })).rejects.toThrow(/--viewer needs --prefill N/);
});

it("refuses a prefilled target without --prefill", async () => {
  await expect(runQuickBench(["croupier-prefilled"], { timeoutMs: 20_000 })).rejects.toThrow(/the croupier-prefilled target needs --prefill N/);
});
