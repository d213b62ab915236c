import { USAGE_EXIT_CODE, type AdminCommand } from "./command.js";

/**
 * `problems`: the credits (WIN, ROLLBACK) the operator did not apply within `settlementRetry.horizonSeconds`,
 * which the platform stopped resending and a person must settle: those whose UNSETTLED_CREDIT problem is still open in
 * the queue the reconciliation API works. One JSON object per line; exits 0 either way.
 */
export const problemsCommand: AdminCommand = {
  name: "problems",
  usage: "problems",
  summary: "list wallet credits not applied within the settlement horizon (they need a person)",
  async run({ keyless, args, out, err }) {
    if (args.length !== 0) {
      err("admin problems: no arguments expected\nUsage: npm run admin -- problems --config FILE");
      return USAGE_EXIT_CODE;
    }
    const problems = await keyless.transactions.problems();
    for (const p of problems) {
      out(
        JSON.stringify({
          providerId: p.providerId,
          operatorId: p.operatorId,
          transactionId: p.transactionId,
          type: p.type,
          playerRef: p.playerRef,
          gameId: p.gameId,
          roundId: p.roundId,
          amount: p.amount,
          currency: p.currency,
          state: p.state,
          attempts: p.attempts,
          lastError: p.lastError,
          createdAt: new Date(p.createdAt).toISOString(),
        }),
      );
    }
    err(`${problems.length} problem transaction(s)`);
    return 0;
  },
};
