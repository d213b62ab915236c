/**
 * Conservation under faults: a seeded mix of bets, wins, rollbacks and abandoned rounds from many players at once,
 * through the real service, against the mock wallet injecting latency, 500s, timeouts and lost replies. The
 * provider retries with the same transactionId; some WINs come after their round went stale or race the reconciler
 * around the threshold; afterwards the platform's reconciler and settlement retry finish.
 * Every player's wallet balance must then match both what the provider was told and the platform's own ledger.
 */
import { startWallet, type RunningWallet } from "@croupier/mock-operator-wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "../../../mock-operator-wallet/src/seeded-random.js";
import { OPERATOR, PROVIDER, startTestServer, tempDir, testConfigJson } from "../harness.js";
import { reportFigure, RUN_SEED, scaled, TEST_TIMEOUT_MS } from "./support/budget.js";
import { settleThenAudit } from "./support/settle-then-audit.js";
import { setWalletFaults } from "./support/wallet-control.js";
import { playRounds, ProviderRecord } from "./support/game-play.js";

import { PersistentProvider } from "./support/provider-driver.js";
import { seatPlayers } from "./support/seating.js";

const PLAYERS = scaled(12, 60);
const ROUNDS_PER_PLAYER = scaled(8, 60);
const STARTING_BALANCE = 1_500;
const STALE_ROUND_SECONDS = 5;

describe("conservation under wallet faults", () => {
  const dir = tempDir();
  let wallet: RunningWallet;
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    wallet = await startWallet({ tenantId: OPERATOR.id, secret: OPERATOR.secret, randomSeed: RUN_SEED, startingBalance: STARTING_BALANCE });
    server = await startTestServer(
      testConfigJson({
        wallet: wallet.url,
        sqlitePath: `${dir.path}/croupier.db`,
        reconciler: { staleRoundSeconds: STALE_ROUND_SECONDS, sweepIntervalSeconds: 0.5 },
        settlementRetry: { initialDelaySeconds: 0.2, maxDelaySeconds: 1, horizonSeconds: 3600 },
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await wallet?.close();
    dir.remove();
  });

  it(
    "every player's balance equals the sum of the platform's applied transactions; nothing lost, nothing doubled",
    async () => {
      const playerRefs = Array.from({ length: PLAYERS }, (_, i) => `cons-${RUN_SEED}-${i}`);
      const seated = await seatPlayers(server.url, playerRefs);
      const provider = new PersistentProvider({ baseUrl: server.url, tenantId: PROVIDER.id, secret: PROVIDER.secret });
      const record = new ProviderRecord();

      await setWalletFaults(wallet.url, { latencyMs: 5, failureRate: 0.12, timeoutRate: 0.03, dropAfterApplyRate: 0.12, declineRate: 0.03 });
      const deadlineMs = Date.now() + scaled(150_000, 1_500_000);
      await Promise.all(
        seated.map((player, i) =>
          playRounds({
            provider: () => provider,
            player,
            rounds: ROUNDS_PER_PLAYER,
            random: seededRandom(RUN_SEED + i),
            record,
            runTag: "cons",
            deadlineMs,
            duplicateRate: 0.1,
            lateWinsAfterStaleSeconds: STALE_ROUND_SECONDS,
          }),
        ),
      );
      // The reconciler's first sweeps meet the same faults; then the wallet heals and everything must converge.
      await new Promise((resolve) => setTimeout(resolve, (STALE_ROUND_SECONDS + 1) * 1000));
      const faultsMet = wallet.stats.snapshot().faults;
      await setWalletFaults(wallet.url, { latencyMs: 0, failureRate: 0, timeoutRate: 0, dropAfterApplyRate: 0, declineRate: 0 });

      const report = await settleThenAudit({
        wallet,
        db: server.services.stores.sqlite!,
        record,
        playerRefs,
        startingBalance: STARTING_BALANCE,
        refundTimeoutMs: 90_000,
      });
      reportFigure(
        "conservation under faults",
        `${report.players} players, ${record.rounds} rounds, ${report.transactions} transactions (${record.duplicateRaces} raced by two clients), ` +
          `${faultsMet.failures} 500s, ${faultsMet.timeouts} timeouts, ${faultsMet.droppedReplies} lost replies, ` +
          `${record.lateWins} late WINs (${report.roundClosed} refused ROUND_CLOSED), ${report.reversedInFlight} cut BETs reversed, ` +
          `${report.staleRefunds} stale-round refunds, ${report.lost} lost, ${report.doubled} doubled`,
      );
      expect(report.problems, report.problems.join("\n")).toEqual([]);
      expect(faultsMet.failures + faultsMet.timeouts + faultsMet.droppedReplies).toBeGreaterThan(0);
    },
    TEST_TIMEOUT_MS,
  );
});
