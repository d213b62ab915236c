import { expectThat, type CheckDefinition } from "../check.js";
import { describe, jsonOf } from "../signed-http.js";
import type { WalletContext } from "./wallet-context.js";

/**
 * B, T and I: the balance callback, BET and WIN applied with the right balance, and idempotency. Every check that
 * moves money puts it back (a debit is followed by a WIN of the same amount, a credit by a BET), so the player's
 * balance ends as it began; the kit lists each transaction in its ledger.
 */
export const walletLedgerChecks: CheckDefinition<WalletContext>[] = [
  {
    id: "B1",
    group: "Balance",
    title: "the balance callback answers an integer in minor units",
    rule: "Section C: GET /v1/wallet/balance?playerRef=<ref> answers 200 with { balance: integer } in minor units.",
    needsPlayer: true,
    async run(context) {
      const exchange = await context.http.send("GET", context.balanceTarget());
      const body = jsonOf(exchange) as { balance?: unknown } | undefined;
      expectThat(exchange.status === 200 && Number.isSafeInteger(body?.balance), "200 { balance: <integer> }", describe(exchange));
      await context.balance();
    },
  },
  {
    id: "B2",
    group: "Balance",
    title: "the balance is live: it follows each transaction at once",
    rule: "Section C rule 5: provider balance queries are forwarded live; the wallet is the source of truth for a balance.",
    needsPlayer: true,
    movesMoney: true,
    async run(context) {
      const before = await context.balanceOfAtLeast(3);
      const bet = context.request("BET", 3, { roundComplete: false });
      await context.transact(bet);
      const during = await context.balance();
      await context.giveBack(3, bet.roundId);
      const after = await context.balance();
      expectThat(
        during === before - 3 && after === before,
        `${before - 3} after a BET of 3, then ${before} after the WIN of 3`,
        `${during}, then ${after}`,
      );
    },
  },
  {
    id: "T1",
    group: "Transactions",
    title: "a BET is applied: 200 OK with the balance less the amount",
    rule: "Ledger rule: BET debits. TransactionResponse: balance after applying the transaction, minor units.",
    needsPlayer: true,
    movesMoney: true,
    async run(context) {
      const before = await context.balanceOfAtLeast(5);
      const bet = context.request("BET", 5, { roundComplete: false });
      const answer = await context.expectAnswer(bet, "OK", "a BET of 5 within the balance");
      await context.expectBalance(answer, before - 5, "after the BET");
      await context.giveBack(5, bet.roundId);
    },
  },
  {
    id: "T2",
    group: "Transactions",
    title: "a WIN is applied: 200 OK with the balance plus the amount",
    rule: "Ledger rule: WIN credits.",
    needsPlayer: true,
    movesMoney: true,
    async run(context) {
      const before = await context.balanceOfAtLeast(6);
      const bet = context.request("BET", 6, { roundComplete: false });
      await context.expectAnswer(bet, "OK", "the round's BET of 6");
      const answer = await context.expectAnswer(context.request("WIN", 6, { roundId: bet.roundId }), "OK", "the round's WIN of 6");
      await context.expectBalance(answer, before, "after BET 6 and WIN 6");
    },
  },
  {
    id: "I1",
    group: "Idempotency",
    title: "a repeated transactionId replays the cached answer byte for byte and moves nothing",
    rule: "Section C rule 2: the operator caches the response of every processed transactionId, per player, and replays it verbatim on a repeat without re-applying the balance change.",
    needsPlayer: true,
    movesMoney: true,
    async run(context) {
      const before = await context.balanceOfAtLeast(7);
      const bet = context.request("BET", 7, { roundComplete: false });
      const first = await context.transact(bet);
      expectThat(first.response?.status === "OK", "200 OK to the BET", describe(first.exchange));
      const repeat = await context.transact(bet);
      const balance = await context.balance();
      await context.giveBack(7, bet.roundId);
      expectThat(
        repeat.exchange.text === first.exchange.text && repeat.exchange.status === 200,
        `the same 200 answer, byte for byte: ${first.exchange.text}`,
        describe(repeat.exchange),
      );
      expectThat(balance === before - 7, `balance ${before - 7} (debited once)`, `${balance}`);
    },
  },
  {
    id: "I2",
    group: "Idempotency",
    title: "concurrent duplicates of one transaction move the balance once",
    rule: "Section C rules 1-2: the platform may resend the identical request; every copy gets the cached answer and the change is applied once.",
    needsPlayer: true,
    movesMoney: true,
    requires: ["I1"],
    async run(context) {
      const before = await context.balanceOfAtLeast(8);
      const bet = context.request("BET", 8, { roundComplete: false });
      const copies = await Promise.all(Array.from({ length: 6 }, () => context.transact(bet)));
      const balance = await context.balance();
      await context.giveBack(8, bet.roundId);
      const answers = new Set(copies.filter((copy) => copy.exchange.status === 200).map((copy) => copy.exchange.text));
      expectThat(balance === before - 8, `balance ${before - 8} after 6 concurrent copies of a BET of 8 (debited once)`, `${balance}`);
      expectThat(answers.size <= 1, "every 200 answer to the copies identical", [...answers].join(" / "));
    },
  },
  {
    id: "I3",
    group: "Idempotency",
    title: "the same transactionId with another amount moves nothing more",
    rule: "Section C rule 2 and Retries: the transactionId is the idempotency anchor; a repeat never re-applies, whatever it carries.",
    needsPlayer: true,
    movesMoney: true,
    requires: ["I1"],
    async run(context) {
      const before = await context.balanceOfAtLeast(14);
      const bet = context.request("BET", 4, { roundComplete: false });
      const first = await context.transact(bet);
      expectThat(first.response?.status === "OK", "200 OK to the BET of 4", describe(first.exchange));
      const changed = await context.transact({ ...bet, amount: 10 });
      const balance = await context.balance();
      await context.giveBack(before - balance, bet.roundId);
      const replayed = changed.exchange.status === 200 && changed.exchange.text === first.exchange.text;
      const refused = changed.exchange.status >= 400 && changed.exchange.status < 500;
      expectThat(replayed || refused, `the original answer (${first.exchange.text}) or a 4xx refusal`, describe(changed.exchange));
      expectThat(balance === before - 4, `balance ${before - 4} (only the first amount taken)`, `${balance}`);
    },
  },
];
