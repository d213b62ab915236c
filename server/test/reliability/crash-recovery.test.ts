/**
 * Crash recovery: the service runs as its own process under load and is killed with SIGKILL at seeded random
 * moments, then restarted on the same SQLite file each time while providers keep retrying. Afterwards the
 * platform's reconciler and settlement retry finish, and money must be conserved exactly as without crashes.
 */
import { startWallet, type RunningWallet } from "@croupier/mock-operator-wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, PROVIDER, tempDir, testConfigJson } from "../harness.js";
import { reportFigure, RUN_SEED, scaled, TEST_TIMEOUT_MS } from "./support/budget.js";
import { auditWalletLedger } from "./support/conservation-audit.js";
import { playThroughCrashes, ProviderRecord } from "./support/game-play.js";
import { platformRowsFromFile, platformSettled } from "./support/platform-ledger.js";
import { PersistentProvider } from "./support/provider-driver.js";
import { seatPlayers, waitUntil } from "./support/seating.js";
import { freePort, ServiceProcess } from "./support/service-process.js";
import { setWalletFaults, waitForStakeRefunds } from "./support/wallet-control.js";

const KILLS = scaled(20, 200);
const PLAYERS = scaled(8, 24);
const STARTING_BALANCE = 5_000;
const STALE_ROUND_SECONDS = 5;

describe("crash recovery (kill -9 under load)", () => {
  const dir = tempDir();
  let wallet: RunningWallet;
  let service: ServiceProcess;

  beforeAll(async () => {
    wallet = await startWallet({
      tenantId: OPERATOR.id,
      secret: OPERATOR.secret,
      randomSeed: RUN_SEED,
      startingBalance: STARTING_BALANCE,
      db: `${dir.path}/wallet.db`,
    });
    const port = await freePort();
    service = new ServiceProcess(
      `${dir.path}/croupier.json`,
      testConfigJson({
        wallet: wallet.url,
        sqlitePath: `${dir.path}/croupier.db`,
        logLevel: "warn",
        server: { host: "127.0.0.1", port },
        reconciler: { staleRoundSeconds: STALE_ROUND_SECONDS, sweepIntervalSeconds: 0.5 },
        settlementRetry: { initialDelaySeconds: 0.2, maxDelaySeconds: 1, horizonSeconds: 3600 },
      }),
      port,
    );
    await service.start();
  });
  afterAll(async () => {
    await service?.kill();
    await wallet?.close();
    dir.remove();
  });

  it(
    `${KILLS} kills at random moments: nothing lost, nothing doubled`,
    async () => {
      const playerRefs = Array.from({ length: PLAYERS }, (_, i) => `crash-${RUN_SEED}-${i}`);
      const seated = await seatPlayers(service.url, playerRefs);
      const provider = new PersistentProvider({ baseUrl: service.url, tenantId: PROVIDER.id, secret: PROVIDER.secret, timeoutMs: 5_000 });
      const record = new ProviderRecord();
      // A little latency widens the window in which a kill cuts a wallet call in half; a few lost replies on top.
      await setWalletFaults(wallet.url, { latencyMs: 25, dropAfterApplyRate: 0.05 });

      await playThroughCrashes({
        seated,
        provider,
        record,
        runTag: "crash",
        playSeed: RUN_SEED + 1_000,
        chaosSeed: RUN_SEED + 7,
        kills: KILLS,
        lateWinsAfterStaleSeconds: STALE_ROUND_SECONDS,
        deadlineMs: Date.now() + scaled(240_000, 2_400_000),
        crash: async () => {
          await service.kill();
          await service.start();
        },
      });
      await setWalletFaults(wallet.url, { latencyMs: 0, dropAfterApplyRate: 0 });

      await waitForStakeRefunds(wallet.ledger, record, 120_000);
      await waitUntil(
        "the settlement retry and the reconciler to settle every transaction",
        async () => {
          await service.stop();
          const settled = platformSettled(platformRowsFromFile(`${dir.path}/croupier.db`, OPERATOR.id));
          if (!settled) await service.start();
          return settled;
        },
        60_000,
        2_000,
      );

      const report = auditWalletLedger(wallet.ledger, {
        playerRefs,
        startingBalance: STARTING_BALANCE,
        record,
        platformRows: platformRowsFromFile(`${dir.path}/croupier.db`, OPERATOR.id),
      });
      reportFigure(
        "crash recovery",
        `${service.kills} kills, ${record.rounds} rounds, ${report.transactions} transactions, ` +
          `${service.orphansRecovered} wallet calls found cut in flight at restart, ` +
          `${record.lateWins} late WINs (${report.roundClosed} refused ROUND_CLOSED), ${report.reversedInFlight} cut BETs reversed, ` +
          `${report.staleRefunds} stale-round refunds, ${report.lost} lost, ${report.doubled} doubled`,
      );
      expect(report.problems, `${report.problems.join("\n")}\n--- service output:\n${service.recentOutput()}`).toEqual([]);
      expect(service.kills).toBeGreaterThanOrEqual(KILLS);
    },
    TEST_TIMEOUT_MS,
  );
});
