import { expectThat, type CheckDefinition } from "../check.js";
import { describe } from "../signed-http.js";
import type { WalletContext } from "./wallet-context.js";

const group = "Rollbacks";

/** The reconciler's constants (docs/interface.md, section C rule 4). */
export const STALE_ROLLBACK_PREFIX = "stale-rollback:";
export const STALE_ROUND_SESSION_TOKEN = "system:stale-round-reconciler";

/** R: ROLLBACK refunds the referenced BET's amount, once, and never declines (section C rules 3-4). */
export const walletRollbackChecks: CheckDefinition<WalletContext>[] = [
  {
    id: "R1",
    group,
    title: "a ROLLBACK refunds the referenced BET",
    rule: "Section C rule 3: originalTransactionId references the BET; the operator looks up that bet's amount and refunds it.",
    needsPlayer: true,
    movesMoney: true,
    async run(context) {
      const before = await context.balanceOfAtLeast(9);
      const bet = context.request("BET", 9, { roundComplete: false });
      await context.expectAnswer(bet, "OK", "the BET of 9");
      const rollback = context.request("ROLLBACK", 9, { roundId: bet.roundId, originalTransactionId: bet.transactionId });
      const answer = await context.expectAnswer(rollback, "OK", "the ROLLBACK of that BET");
      await context.expectBalance(answer, before, "after BET 9 and its ROLLBACK");
    },
  },
  {
    id: "R2",
    group,
    title: "the refund is the BET's amount, not the amount the ROLLBACK carries",
    rule: "Section C rule 3: the operator looks up that bet's amount and refunds it.",
    needsPlayer: true,
    movesMoney: true,
    async run(context) {
      const before = await context.balanceOfAtLeast(12);
      const bet = context.request("BET", 12, { roundComplete: false });
      await context.expectAnswer(bet, "OK", "the BET of 12");
      const rollback = context.request("ROLLBACK", 1, { roundId: bet.roundId, originalTransactionId: bet.transactionId });
      const { exchange, response } = await context.transact(rollback);
      const balance = await context.balance();
      if (balance < before) await context.giveBack(before - balance, bet.roundId);
      expectThat(response?.status === "OK", "200 OK to the ROLLBACK", describe(exchange));
      expectThat(balance === before, `balance ${before}: the BET's 12 refunded (the ROLLBACK carried amount 1)`, `${balance}`);
    },
  },
  {
    id: "R3",
    group,
    title: "a ROLLBACK of an unknown BET is 200 OK and refunds nothing",
    rule: "Section C rule 3 and TransactionResponse: a ROLLBACK is never declined; there is no bet to refund (the reconciler also reverses bets whose call never reached the wallet).",
    needsPlayer: true,
    movesMoney: true,
    async run(context) {
      const before = await context.balance();
      const rollback = context.request("ROLLBACK", 11, { originalTransactionId: context.id("never-sent-bet") });
      const { exchange, response } = await context.transact(rollback);
      const balance = await context.balance();
      if (balance > before) await context.takeBack(balance - before);
      expectThat(response?.status === "OK", "200 OK (never DECLINED, never a failure the platform would resend forever)", describe(exchange));
      expectThat(balance === before, `balance ${before} (nothing refunded)`, `${balance}`);
    },
  },
  {
    id: "R4",
    group,
    title: "a second ROLLBACK of an already rolled-back BET refunds nothing",
    rule: "Section C rules 2-3 and the ledger rule: ROLLBACK credits back the reversed BET, once.",
    needsPlayer: true,
    movesMoney: true,
    async run(context) {
      const before = await context.balanceOfAtLeast(10);
      const bet = context.request("BET", 10, { roundComplete: false });
      await context.expectAnswer(bet, "OK", "the BET of 10");
      await context.expectAnswer(
        context.request("ROLLBACK", 10, { roundId: bet.roundId, originalTransactionId: bet.transactionId }),
        "OK",
        "the first ROLLBACK",
      );
      const second = context.request("ROLLBACK", 10, { roundId: bet.roundId, originalTransactionId: bet.transactionId });
      const { exchange, response } = await context.transact(second);
      const balance = await context.balance();
      if (balance > before) await context.takeBack(balance - before);
      expectThat(response?.status === "OK", "200 OK to the second ROLLBACK (a new transactionId)", describe(exchange));
      expectThat(balance === before, `balance ${before} (refunded once)`, `${balance}`);
    },
  },
  {
    id: "R5",
    group,
    title: "the stale-round synthetic ROLLBACK is handled like any rollback, and its repeat replays",
    rule: `Section C rule 4: the reconciler sends a ROLLBACK with transactionId "${STALE_ROLLBACK_PREFIX}<bet's transactionId>" and sessionToken "${STALE_ROUND_SESSION_TOKEN}"; it is handled like any other rollback, and a repeated sweep replays the cached response.`,
    needsPlayer: true,
    movesMoney: true,
    async run(context) {
      const before = await context.balanceOfAtLeast(13);
      const bet = context.request("BET", 13, { roundComplete: false });
      await context.expectAnswer(bet, "OK", "the BET of 13");
      const rollback = context.request("ROLLBACK", 13, {
        transactionId: `${STALE_ROLLBACK_PREFIX}${bet.transactionId}`,
        sessionToken: STALE_ROUND_SESSION_TOKEN,
        roundId: bet.roundId,
        originalTransactionId: bet.transactionId,
      });
      const first = await context.transact(rollback);
      const repeat = await context.transact(rollback);
      const balance = await context.balance();
      if (balance < before) await context.giveBack(before - balance, bet.roundId);
      if (balance > before) await context.takeBack(balance - before);
      expectThat(first.response?.status === "OK", "200 OK to the synthetic ROLLBACK", describe(first.exchange));
      expectThat(balance === before, `balance ${before} (the BET refunded once)`, `${balance}`);
      expectThat(
        repeat.exchange.status === 200 && repeat.exchange.text === first.exchange.text,
        `the sweep's repeat answered byte for byte: ${first.exchange.text}`,
        describe(repeat.exchange),
      );
    },
  },
];
