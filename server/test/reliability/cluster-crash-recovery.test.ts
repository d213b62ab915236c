/**
 * Cluster mode: three service processes on one PostgreSQL database behind a round-robin loader, killed with SIGKILL
 * one at a time at seeded random moments (and restarted) while the fault-injecting mock wallet adds latency, 500s,
 * timeouts and lost replies, and a share of transactions is raced by two clients (on different instances). Afterwards
 * money must be conserved exactly: the wallet's ledger against the provider's record of applied transactions.
 */
import { startWallet, type RunningWallet } from "@croupier/mock-operator-wallet";
import { afterAll, beforeAll, expect, it } from "vitest";
import { OPERATOR, PROVIDER, tempDir, testConfigJson } from "../harness.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "../postgres.js";
import { reportFigure, RUN_SEED, scaled, TEST_TIMEOUT_MS } from "./support/budget.js";
import { auditWalletLedger } from "./support/conservation-audit.js";
import { playThroughCrashes, ProviderRecord } from "./support/game-play.js";
import { platformRowsFromPostgres, platformSettled } from "./support/platform-ledger.js";
import { PersistentProvider } from "./support/provider-driver.js";
import { seatPlayers, waitUntil } from "./support/seating.js";
import { freePort, ServiceProcess } from "./support/service-process.js";
import { setWalletFaults, waitForStakeRefunds } from "./support/wallet-control.js";

const INSTANCES = 3;
const KILLS = scaled(6, 120);
const PLAYERS = scaled(6, 18);
const STARTING_BALANCE = 5_000;
const STALE_ROUND_SECONDS = 5;

describePostgres("cluster crash recovery (three instances, kill -9 under load)", () => {
  const dir = tempDir();
  let database: TestDatabase;
  let wallet: RunningWallet;
  const instances: ServiceProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    wallet = await startWallet({
      tenantId: OPERATOR.id,
      secret: OPERATOR.secret,
      randomSeed: RUN_SEED,
      startingBalance: STARTING_BALANCE,
      db: `${dir.path}/wallet.db`,
    });
    for (let i = 0; i < INSTANCES; i++) {
      const port = await freePort();
      instances.push(
        new ServiceProcess(
          `${dir.path}/croupier-${i}.json`,
          {
            ...testConfigJson({
              wallet: wallet.url,
              logLevel: "warn",
              server: { host: "127.0.0.1", port },
              reconciler: { staleRoundSeconds: STALE_ROUND_SECONDS, sweepIntervalSeconds: 0.5 },
              settlementRetry: { initialDelaySeconds: 0.2, maxDelaySeconds: 1, horizonSeconds: 3600 },
            }),
            database: { url: database.url, poolSize: 4 },
          },
          port,
        ),
      );
    }
    for (const instance of instances) await instance.start();
  });
  afterAll(async () => {
    for (const instance of instances) await instance.kill();
    await wallet?.close();
    await database?.drop();
    dir.remove();
  });

  it(
    `${KILLS} kills of random instances: nothing lost, nothing doubled`,
    async () => {
      const urls = instances.map((i) => i.url);
      const playerRefs = Array.from({ length: PLAYERS }, (_, i) => `cluster-${RUN_SEED}-${i}`);
      const seated = await seatPlayers(urls[0]!, playerRefs);
      const provider = new PersistentProvider({
        baseUrl: urls[0]!,
        baseUrls: urls,
        tenantId: PROVIDER.id,
        secret: PROVIDER.secret,
        timeoutMs: 5_000,
      });
      const record = new ProviderRecord();
      await setWalletFaults(wallet.url, { latencyMs: 25, failureRate: 0.03, timeoutRate: 0.01, dropAfterApplyRate: 0.05 });

      const kills = await playThroughCrashes({
        seated,
        provider,
        record,
        runTag: "cluster",
        playSeed: RUN_SEED + 2_000,
        chaosSeed: RUN_SEED + 11,
        kills: KILLS,
        lateWinsAfterStaleSeconds: STALE_ROUND_SECONDS,
        deadlineMs: Date.now() + scaled(240_000, 2_400_000),
        duplicateRate: 0.1,
        crash: async (chaos) => {
          const victim = instances[Math.floor(chaos() * INSTANCES)]!;
          await victim.kill();
          await victim.start();
        },
      });
      await setWalletFaults(wallet.url, { latencyMs: 0, failureRate: 0, timeoutRate: 0, dropAfterApplyRate: 0 });

      await waitForStakeRefunds(wallet.ledger, record, 120_000);
      await waitUntil(
        "the settlement retry and the reconciler to settle every transaction",
        async () => platformSettled(await platformRowsFromPostgres(database.url, OPERATOR.id)),
        90_000,
        2_000,
      );
      for (const instance of instances) await instance.stop();

      const report = auditWalletLedger(wallet.ledger, {
        playerRefs,
        startingBalance: STARTING_BALANCE,
        record,
        platformRows: await platformRowsFromPostgres(database.url, OPERATOR.id),
      });
      reportFigure(
        "cluster crash recovery",
        `${INSTANCES} instances, ${kills} kills, ${record.rounds} rounds, ${report.transactions} transactions, ` +
          `${instances.reduce((n, i) => n + i.orphansRecovered, 0)} wallet calls found cut in flight, ` +
          `${record.lateWins} late WINs (${report.roundClosed} refused ROUND_CLOSED), ${report.reversedInFlight} cut BETs reversed, ` +
          `${report.staleRefunds} stale-round refunds, ${report.lost} lost, ${report.doubled} doubled`,
      );
      expect(report.problems, `${report.problems.join("\n")}\n--- last output:\n${instances.map((i) => i.recentOutput()).join("\n---\n")}`).toEqual(
        [],
      );
      expect(kills).toBeGreaterThanOrEqual(KILLS);
    },
    TEST_TIMEOUT_MS,
  );
});
