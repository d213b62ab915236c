import { CheckSkipped, expectThat, type CheckDefinition } from "../check.js";
import { describe } from "../signed-http.js";
import type { WalletContext } from "./wallet-context.js";

/** The largest amount the interface allows: 2^53-1, the largest integer a JSON number holds exactly. */
export const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;
/** The metadata limit: 8 KiB of compact UTF-8 JSON. */
export const METADATA_LIMIT_BYTES = 8192;

/** Metadata whose compact JSON is exactly `bytes` long. */
export function metadataOfSize(bytes: number): Record<string, string> {
  const empty = JSON.stringify({ note: "" }).length;
  return { note: "x".repeat(bytes - empty) };
}

/**
 * D, E, A and L: declines only for BETs, the edges of amounts and metadata, ADJUSTMENT, and answering within the
 * callback timeout. Amount-0 and metadata checks move nothing; the others put back what they moved.
 */
export const walletLimitChecks: CheckDefinition<WalletContext>[] = [
  {
    id: "D1",
    group: "Declines",
    title: "a BET beyond the balance is DECLINED and moves nothing",
    rule: "TransactionResponse: DECLINED is valid only for BET (for example insufficient funds); a DECLINED BET is a final business decline.",
    needsPlayer: true,
    movesMoney: true,
    async run(context) {
      const before = await context.balance();
      if (before + 1 > MAX_AMOUNT) throw new CheckSkipped("the player's balance leaves no room for a larger bet");
      const bet = context.request("BET", Math.max(before, 0) + 1, { roundComplete: true });
      const { exchange, response } = await context.transact(bet);
      const balance = await context.balance();
      if (balance < before) await context.giveBack(before - balance, bet.roundId);
      expectThat(response?.status === "DECLINED", `200 DECLINED to a BET of ${bet.amount} against a balance of ${before}`, describe(exchange));
      expectThat(
        response.balance === before && balance === before,
        `balance ${before} in the answer and afterwards`,
        `${response.balance} in the answer, ${balance} afterwards`,
      );
    },
  },
  {
    id: "D2",
    group: "Declines",
    title: "a WIN with no BET in its round (free-spin winnings) is applied, never DECLINED",
    rule: "TransactionResponse: WIN, ROLLBACK and ADJUSTMENT must never be declined. Section D rule 5: free-spin winnings arrive as a normal WIN.",
    needsPlayer: true,
    movesMoney: true,
    async run(context) {
      const before = await context.balance();
      const win = context.request("WIN", 2, { roundComplete: true });
      const { exchange, response } = await context.transact(win);
      const balance = await context.balance();
      if (balance > before) await context.takeBack(balance - before);
      expectThat(response?.status === "OK", "200 OK to a WIN of 2 (never DECLINED)", describe(exchange));
      expectThat(
        response.balance === before + 2 && balance === before + 2,
        `balance ${before + 2}`,
        `${response.balance} in the answer, ${balance} afterwards`,
      );
    },
  },
  {
    id: "E1",
    group: "Amounts and metadata",
    title: "amount 0: a WIN of 0 is OK and a BET of 0 is answered 200, neither moving the balance",
    rule: "TransactionRequest: amount is an integer >= 0 in minor units; a zero-amount WIN is valid.",
    needsPlayer: true,
    async run(context) {
      const before = await context.balance();
      const win = await context.expectAnswer(context.request("WIN", 0, { roundComplete: true }), "OK", "a WIN of 0");
      const bet = await context.transact(context.request("BET", 0, { roundComplete: true }));
      expectThat(bet.exchange.status === 200 && bet.response !== undefined, "200 OK or DECLINED to a BET of 0", describe(bet.exchange));
      expectThat(
        win.balance === before && bet.response.balance === before,
        `balance ${before} in both answers`,
        `${win.balance} and ${bet.response.balance}`,
      );
    },
  },
  {
    id: "E2",
    group: "Amounts and metadata",
    title: "a BET of 2^53-1 (9007199254740991) is read exactly and DECLINED",
    rule: "Amounts are integers in minor units up to 2^53-1; a BET beyond the balance is DECLINED with the balance unchanged.",
    needsPlayer: true,
    movesMoney: true,
    async run(context) {
      const before = await context.balance();
      if (before >= MAX_AMOUNT) throw new CheckSkipped("the player's balance is at the edge already");
      const bet = context.request("BET", MAX_AMOUNT, { roundComplete: true });
      const { exchange, response } = await context.transact(bet);
      const balance = await context.balance();
      if (balance !== before) await context.giveBack(before - balance, bet.roundId);
      expectThat(response?.status === "DECLINED" && response.balance === before, `200 DECLINED with balance ${before}`, describe(exchange));
    },
  },
  {
    id: "E3",
    group: "Amounts and metadata",
    title: "a WIN that brings the balance to exactly 2^53-1 is applied exactly",
    rule: "Amounts and balances are integers up to 2^53-1 (9007199254740991), never floats.",
    needsPlayer: true,
    movesMoney: true,
    async run(context) {
      const before = await context.balanceOfAtLeast(1);
      if (before >= MAX_AMOUNT) throw new CheckSkipped("the player's balance is at the edge already");
      // A round with a BET of 1 whose WIN lifts the balance to the edge.
      const bet = context.request("BET", 1, { roundComplete: false });
      await context.expectAnswer(bet, "OK", "the round's BET of 1");
      const win = context.request("WIN", MAX_AMOUNT - before + 1, { roundId: bet.roundId });
      const { exchange, response } = await context.transact(win);
      try {
        expectThat(response?.status === "OK" && response.balance === MAX_AMOUNT, `200 OK with balance ${MAX_AMOUNT}`, describe(exchange));
        const balance = await context.balance();
        expectThat(balance === MAX_AMOUNT, `balance callback answers ${MAX_AMOUNT}`, `${balance}`);
      } finally {
        // Undo the round (BET 1, WIN): whatever the wallet answered, a BET of the difference takes it back.
        if (exchange.status === 200) await context.takeBack(win.amount - 1);
      }
    },
  },
  {
    id: "E4",
    group: "Amounts and metadata",
    title: "metadata of 8 KiB is accepted on a transaction",
    rule: "TransactionRequest: metadata is an opaque JSON object of at most 8 KiB, accepted on any type, never interpreted.",
    needsPlayer: true,
    async run(context) {
      const before = await context.balance();
      const request = context.request("WIN", 0, { roundComplete: true, metadata: metadataOfSize(METADATA_LIMIT_BYTES) });
      const answer = await context.expectAnswer(request, "OK", "a WIN of 0 carrying 8192 bytes of metadata");
      expectThat(answer.balance === before, `balance ${before}`, `${answer.balance}`);
    },
  },
  {
    id: "A1",
    group: "Adjustments",
    title: "an ADJUSTMENT moves the balance in its direction: CREDIT adds, DEBIT takes",
    rule: "Ledger rule: ADJUSTMENT carries its direction (DEBIT or CREDIT). ADJUSTMENT must never be declined.",
    needsPlayer: true,
    movesMoney: true,
    async run(context) {
      const before = await context.balance();
      const adjustment = (direction: "CREDIT" | "DEBIT") => {
        const id = context.id("adjustment");
        return context.request("ADJUSTMENT", 15, {
          direction,
          transactionId: `adjustment:${id}`,
          roundId: `adjustment:${id}`,
          sessionToken: "system:admin-adjustment",
        });
      };
      const credit = await context.transact(adjustment("CREDIT"));
      const afterCredit = await context.balance();
      const debit = await context.transact(adjustment("DEBIT"));
      const afterDebit = await context.balance();
      if (afterDebit > before) await context.takeBack(afterDebit - before);
      if (afterDebit < before) await context.giveBack(before - afterDebit);
      expectThat(
        credit.response?.status === "OK" && afterCredit === before + 15,
        `200 OK and balance ${before + 15} after a CREDIT of 15`,
        `${describe(credit.exchange)}; balance ${afterCredit}`,
      );
      expectThat(
        debit.response?.status === "OK" && afterDebit === before,
        `200 OK and balance ${before} after a DEBIT of 15`,
        `${describe(debit.exchange)}; balance ${afterDebit}`,
      );
    },
  },
  {
    id: "L1",
    group: "Timeout",
    title: "every answer came within the callback timeout",
    rule: "Section C rule 6: the platform waits a bounded, per-operator timeout (5000 ms default); no response within it is TIMED_OUT.",
    async run(context) {
      await context.http.send("GET", context.balanceTarget());
      const slowest = context.http.exchanges.reduce((worst, exchange) => (exchange.elapsedMs > worst.elapsedMs ? exchange : worst));
      const late = context.http.exchanges.filter((exchange) => exchange.status === 0 || exchange.elapsedMs > context.options.timeoutMs);
      expectThat(
        late.length === 0,
        `all ${context.http.exchanges.length} answers within ${context.options.timeoutMs} ms`,
        `${late.length} late or missing; slowest ${slowest.method} ${slowest.target}: ${slowest.status === 0 ? describe(slowest) : `${slowest.elapsedMs} ms`}`,
      );
    },
  },
];
