/**
 * A rolling upgrade under load (docs/running.md, Upgrading). The previous release, built from a git worktree of
 * UPGRADE_FROM (default 6c87ee3, the commit before issue 28's first change), creates the PostgreSQL database and serves
 * it from three instances behind a round-robin provider, with the fault-injecting wallet, a short staleRoundSeconds and
 * WINs sent late or around it on purpose.
 * Then this release replaces one of them (its migration runs while the old instances serve), an old instance is
 * killed and started again on the migrated database, random instances are killed with SIGKILL and restarted, and one
 * at a time each remaining old instance is killed and replaced by this release, until only this release serves.
 * Afterwards money must be conserved exactly. Opt-in (npm run test:upgrade), since it builds another release.
 */
import { startWallet, type RunningWallet } from "@croupier/mock-operator-wallet";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { OPERATOR, PROVIDER, tempDir, testConfigJson } from "../harness.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "../postgres.js";
import { reportFigure, RUN_SEED, scaled, TEST_TIMEOUT_MS } from "./support/budget.js";
import { auditWalletLedger } from "./support/conservation-audit.js";
import { playThroughCrashes, ProviderRecord } from "./support/game-play.js";
import { platformRowsFromPostgres, platformSettled } from "./support/platform-ledger.js";
import { buildPreviousRelease, type PreviousRelease } from "./support/previous-release.js";
import { PersistentProvider } from "./support/provider-driver.js";
import { seatPlayers, waitUntil } from "./support/seating.js";
import { freePort, ServiceProcess } from "./support/service-process.js";
import { setWalletFaults, waitForStakeRefunds } from "./support/wallet-control.js";

const UPGRADE_FROM = process.env.UPGRADE_FROM || "6c87ee3";
const INSTANCES = 3;
/** Kills of random instances while both releases serve, and once only this one does. */
const MIXED_KILLS = scaled(6, 60);
const LATE_KILLS = scaled(2, 20);
const PLAYERS = scaled(6, 18);
const STARTING_BALANCE = 5_000;
/**
 * Long enough that this release has migrated the database (the first event, about a second into play) before any round
 * goes stale: the previous release's own reconciler, which the migration retires, never acts in this test.
 */
const STALE_ROUND_SECONDS = 8;

type Release = "previous" | "current";

/** What each release recorded in the database's two migration tables (schema_expansions is absent before it existed). */
async function schemaSteps(url: string): Promise<{ migrations: number[]; expansions: number[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const versions = async (table: string) =>
      (await client.query<{ version: number }>(`SELECT version FROM ${table} ORDER BY version`)).rows.map((r) => r.version);
    const { rows } = await client.query<{ present: boolean }>("SELECT to_regclass('schema_expansions') IS NOT NULL AS present");
    return { migrations: await versions("schema_migrations"), expansions: rows[0]!.present ? await versions("schema_expansions") : [] };
  } finally {
    await client.end();
  }
}

/** The database's record of the transactions an audit problem names: state, attempts, and which instance claimed each last. */
async function rowsNamedIn(problems: readonly string[], url: string): Promise<string> {
  const ids = [...new Set(problems.flatMap((p) => p.match(/(?:stale-rollback:)?upgrade-[\w.:-]+/g) ?? []))];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT t.transaction_id, t.type, t.amount, t.state, t.attempts, t.claimed_by, t.round_complete, r.status AS round_status,
              t.delivery_log
       FROM transactions t LEFT JOIN rounds r USING (provider_id, operator_id, game_id, round_id)
       WHERE t.transaction_id = ANY($1) OR t.round_id IN (SELECT round_id FROM transactions WHERE transaction_id = ANY($1))
       ORDER BY t.created_at, t.seq`,
      [ids],
    );
    return rows.map((r) => JSON.stringify(r)).join("\n");
  } finally {
    await client.end();
  }
}

describePostgres(`rolling upgrade from ${UPGRADE_FROM} (two releases on one database, kill -9 under load)`, () => {
  const dir = tempDir();
  let previous: PreviousRelease | undefined;
  let buildSeconds = 0;
  let database: TestDatabase;
  let wallet: RunningWallet;
  const ports: number[] = [];
  /** The process serving each balancer slot, and every process started, for the figure and the final kill. */
  const slots: { release: Release; service: ServiceProcess }[] = [];
  const started: ServiceProcess[] = [];

  const serve = (slot: number, release: Release): { release: Release; service: ServiceProcess } => {
    // Both releases read the same configuration format (server/src/config/schema.ts has not changed since 6c87ee3);
    // a release that did not accept it would fail to start, and the test with it.
    const config = {
      ...testConfigJson({
        wallet: wallet.url,
        logLevel: "warn",
        server: { host: "127.0.0.1", port: ports[slot] },
        reconciler: { staleRoundSeconds: STALE_ROUND_SECONDS, sweepIntervalSeconds: 0.5 },
        settlementRetry: { initialDelaySeconds: 0.2, maxDelaySeconds: 1, horizonSeconds: 3600 },
      }),
      database: { url: database.url, poolSize: 4 },
    };
    const service = new ServiceProcess(`${dir.path}/croupier-${slot}-${release}.json`, config, ports[slot]!, {
      entry: release === "previous" ? previous!.entry : undefined,
      label: `${release}-${slot}`,
    });
    started.push(service);
    return { release, service };
  };

  beforeAll(async () => {
    const buildStart = Date.now();
    previous = await buildPreviousRelease(UPGRADE_FROM);
    buildSeconds = Math.round((Date.now() - buildStart) / 1000);
    database = await createTestDatabase();
    wallet = await startWallet({
      tenantId: OPERATOR.id,
      secret: OPERATOR.secret,
      randomSeed: RUN_SEED,
      startingBalance: STARTING_BALANCE,
      db: `${dir.path}/wallet.db`,
    });
    for (let i = 0; i < INSTANCES; i++) ports.push(await freePort());
    // The first creates the database's schema; the others start beside it at once.
    for (let i = 0; i < INSTANCES; i++) slots.push(serve(i, "previous"));
    await slots[0]!.service.start();
    await Promise.all(slots.slice(1).map((s) => s.service.start()));
  });
  afterAll(async () => {
    for (const service of started) await service.kill();
    await wallet?.close();
    await database?.drop();
    await previous?.remove();
    dir.remove();
  });

  it(
    "only the new release serves at the end: nothing lost, nothing doubled, the migration was expand-only",
    async () => {
      const testStart = Date.now();
      const before = await schemaSteps(database.url);
      let afterUpgrade: Awaited<ReturnType<typeof schemaSteps>> | undefined;
      const playerRefs = Array.from({ length: PLAYERS }, (_, i) => `upgrade-${RUN_SEED}-${i}`);
      const seated = await seatPlayers(slots[0]!.service.url, playerRefs);
      const provider = new PersistentProvider({
        baseUrl: slots[0]!.service.url,
        baseUrls: slots.map((s) => s.service.url),
        tenantId: PROVIDER.id,
        secret: PROVIDER.secret,
        timeoutMs: 5_000,
      });
      const record = new ProviderRecord();
      await setWalletFaults(wallet.url, { latencyMs: 25, failureRate: 0.03, timeoutRate: 0.01, dropAfterApplyRate: 0.05 });

      let previousRestarts = 0;
      const restart = async (slot: number) => {
        await slots[slot]!.service.kill();
        await slots[slot]!.service.start();
        if (slots[slot]!.release === "previous") previousRestarts += 1;
      };
      const replace = async (slot: number) => {
        await slots[slot]!.service.kill();
        const replacement = serve(slot, "current");
        slots[slot] = replacement;
        await replacement.service.start();
      };
      const restartRandom = (chaos: () => number) => restart(Math.floor(chaos() * INSTANCES));
      // The order of events, one per "crash" of playThroughCrashes: the rolling switch with random kills around it.
      const plan: ((chaos: () => number) => Promise<void>)[] = [
        async () => {
          await replace(2);
          afterUpgrade = await schemaSteps(database.url);
        },
        () => restart(0),
        ...Array.from({ length: MIXED_KILLS }, () => restartRandom),
        () => replace(0),
        restartRandom,
        () => replace(1),
        ...Array.from({ length: LATE_KILLS }, () => restartRandom),
      ];
      let next = 0;
      const kills = await playThroughCrashes({
        seated,
        provider,
        record,
        runTag: "upgrade",
        playSeed: RUN_SEED + 3_000,
        chaosSeed: RUN_SEED + 13,
        kills: plan.length,
        lateWinsAfterStaleSeconds: STALE_ROUND_SECONDS,
        deadlineMs: Date.now() + scaled(240_000, 2_400_000),
        duplicateRate: 0.1,
        crash: (chaos) => plan[next++]!(chaos),
      });
      await setWalletFaults(wallet.url, { latencyMs: 0, failureRate: 0, timeoutRate: 0, dropAfterApplyRate: 0 });
      expect(slots.map((s) => s.release)).toEqual(Array(INSTANCES).fill("current"));

      await waitForStakeRefunds(wallet.ledger, record, 120_000);
      await waitUntil(
        "the settlement retry and the reconciler to settle every transaction",
        async () => platformSettled(await platformRowsFromPostgres(database.url, OPERATOR.id)),
        90_000,
        2_000,
      );
      for (const slot of slots) await slot.service.stop();

      const report = auditWalletLedger(wallet.ledger, {
        playerRefs,
        startingBalance: STARTING_BALANCE,
        record,
        platformRows: await platformRowsFromPostgres(database.url, OPERATOR.id),
      });
      reportFigure(
        "upgrade",
        `${UPGRADE_FROM} (${previous!.commit}) to this build, ${INSTANCES} instances, ${kills} kills (${previousRestarts} restarts of the ` +
          `previous release after the migration, ${INSTANCES} replaced by this release), ${record.rounds} rounds, ` +
          `${report.transactions} transactions, ${started.reduce((n, s) => n + s.orphansRecovered, 0)} wallet calls found cut in flight, ` +
          `${record.lateWins} late WINs (${report.roundClosed} refused ROUND_CLOSED), ${report.reversedInFlight} cut BETs reversed, ` +
          `${report.staleRefunds} stale-round refunds, ${report.lost} lost, ${report.doubled} doubled; schema steps ` +
          `[${before.migrations.join(",")}] then [${afterUpgrade?.migrations.join(",")}] + expand [${afterUpgrade?.expansions.join(",")}]; ` +
          `build ${buildSeconds} s, run ${Math.round((Date.now() - testStart) / 1000)} s`,
      );
      // Expand-only: this release's migration left the versions the previous release checks as they were, and old
      // instances started again on the migrated database (restart throws when a process exits while starting).
      expect(afterUpgrade?.migrations).toEqual(before.migrations);
      expect(previousRestarts).toBeGreaterThanOrEqual(1);
      const diagnosis = report.problems.length > 0 ? await rowsNamedIn(report.problems, database.url) : "";
      expect(report.problems, `${report.problems.join("\n")}\n--- database rows:\n${diagnosis}`).toEqual([]);
      expect(kills).toBe(plan.length);
    },
    TEST_TIMEOUT_MS,
  );
});
