import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { describePostgres } from "../../server/test/postgres.js";

const run = promisify(execFile);
const benchMain = fileURLToPath(new URL("../dist/bench/main.js", import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), "croupier-bench-pg-test-"));

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The bench's databases on the local PostgreSQL (the bench uses the same server as the tests). */
async function benchDatabases(): Promise<string[]> {
  const client = new pg.Client({ connectionString: process.env.CROUPIER_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" });
  await client.connect();
  try {
    return (await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'croupier_bench_%'")).rows.map(
      (r) => r.datname,
    );
  } finally {
    await client.end();
  }
}

interface Results {
  options: { targets: string[] };
  records: { target: string; call: string; result: { mode: string; completed: number; errors: number } }[];
  summary: { totalErrors: number; figures: { name: string; median: number | null }[] };
  peakRssMb: Record<string, number>;
}

// A correctness check of the PostgreSQL targets, not a timing test: one instance, and two sharing one database.
describePostgres("npm run bench -- --quick on PostgreSQL", () => {
  it("drives croupier-pg and both instances of croupier-pg-x2 with zero failed calls, and drops their databases", async () => {
    const before = await benchDatabases();
    await run(
      process.execPath,
      [
        benchMain,
        "--quick",
        "--duration-ms",
        "500",
        "--warmup-ms",
        "100",
        "--rates",
        "100",
        "--connections",
        "4",
        "--players",
        "4",
        "--out-dir",
        outDir,
        "--targets",
        "bare-proxy,croupier,croupier-pg,croupier-pg-x2",
      ],
      {
        timeout: 80_000,
        env: { ...process.env, CROUPIER_BENCH_POSTGRES_URL: process.env.CROUPIER_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
      },
    );
    const files = readdirSync(outDir).filter((name) => /^results-.*\.json$/.test(name));
    expect(files).toHaveLength(1);
    const results = JSON.parse(readFileSync(join(outDir, files[0]!), "utf8")) as Results;
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
    expect(results.summary.figures.find((f) => f.name === "croupier-pg / croupier, saturated throughput")?.median).toBeGreaterThan(0);
    expect(await benchDatabases()).toEqual(before);
  }, 100_000);
});
