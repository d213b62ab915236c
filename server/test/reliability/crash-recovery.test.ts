/**
 * Crash recovery: the service runs as its own process under load and is killed with SIGKILL at seeded random
 * moments, then restarted on the same SQLite file each time while providers keep retrying. Afterwards the
 * platform's reconciler and settlement retry finish, and money must be conserved exactly as without crashes.
 */
import { startWallet, type RunningWallet } from "@croupier/mock-operator-wallet";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "../../../mock-operator-wallet/src/seeded-random.js";
import { OPERATOR, PROVIDER, tempDir, testConfigJson } from "../harness.js";
import { reportFigure, RUN_SEED, scaled, TEST_TIMEOUT_MS } from "./support/budget.js";
import { auditConservation } from "./support/conservation-audit.js";
import { playRounds, ProviderRecord } from "./support/game-play.js";
import { platformRowsFromFile, platformSettled } from "./support/platform-ledger.js";
import { PersistentProvider } from "./support/provider-driver.js";
import { seatPlayers, waitUntil } from "./support/seating.js";
import { freePort, ServiceProcess } from "./support/service-process.js";
import { outstandingStakes, setWalletFaults, stakesRefunded } from "./support/wallet-control.js";

const KILLS = scaled(20, 200);
const PLAYERS = scaled(8, 24);
const STARTING_BALANCE = 5_000;
const STALE_ROUND_SECONDS = 8;

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

      let crashing = true;
      const deadlineMs = Date.now() + scaled(240_000, 2_400_000);
      const play = Promise.all(
        seated.map((player, i) =>
          playRounds({
            provider: () => provider,
            player,
            rounds: 100_000,
            random: seededRandom(RUN_SEED + 1_000 + i),
            record,
            runTag: "crash",
            deadlineMs,
            stop: () => !crashing,
          }),
        ),
      );
      const chaos = seededRandom(RUN_SEED + 7);
      try {
        while (service.kills < KILLS) {
          await sleep(150 + Math.floor(chaos() * 900));
          await service.kill();
          await service.start();
        }
      } finally {
        crashing = false;
      }
      await play;
      await setWalletFaults(wallet.url, { latencyMs: 0, dropAfterApplyRate: 0 });

      const stakes = outstandingStakes(record);
      await waitUntil(`the reconciler to refund ${stakes.length} abandoned stakes`, () => stakesRefunded(wallet.ledger, stakes), 120_000, 1000);
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

      const report = auditConservation({
        startBalances: new Map(playerRefs.map((p) => [p, STARTING_BALANCE])),
        finalBalances: new Map(playerRefs.map((p) => [p, wallet.ledger.balance(p)])),
        walletEntries: wallet.ledger.entries(),
        record,
        platformRows: platformRowsFromFile(`${dir.path}/croupier.db`, OPERATOR.id),
      });
      reportFigure(
        "crash recovery",
        `${service.kills} kills, ${record.rounds} rounds, ${report.transactions} transactions, ` +
          `${service.orphansRecovered} wallet calls found cut in flight at restart, ` +
          `${report.staleRefunds} stale-round refunds, ${report.lost} lost, ${report.doubled} doubled`,
      );
      expect(report.problems, `${report.problems.join("\n")}\n--- service output:\n${service.recentOutput()}`).toEqual([]);
      expect(service.kills).toBeGreaterThanOrEqual(KILLS);
    },
    TEST_TIMEOUT_MS,
  );
});
