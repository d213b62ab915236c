import type { IssueGrantRequestBody } from "@croupier/sdk-operator";
import type { TransactionRequest } from "@croupier/sdk-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchAndVerify, startDeployment, type Deployment } from "./support/deployment.js";

/*
 * Type-level test, proved against the real service: the root `npx tsc -p tsconfig.json` fails if any
 * @ts-expect-error below stops being an error, i.e. if the SDK types ever accept a request the service refuses;
 * the test then sends each refused request anyway (cast) and each accepted one, and checks the service agrees.
 */
describe("SDK request types refuse at compile time what the service refuses", () => {
  let d: Deployment;
  let common: { sessionToken: string; playerRef: string; gameId: string; currency: string };
  beforeAll(async () => {
    d = await startDeployment();
    ({ common } = await launchAndVerify(d, "p-alice"));
  });
  afterAll(async () => {
    await d?.close();
  });

  it("transaction: a BET, WIN and ROLLBACK compile and settle; the refused shapes do not compile and get 400", async () => {
    const fields = (id: string) => ({ ...common, transactionId: `types-${id}`, roundId: "types-round", amount: 10 });
    const good: TransactionRequest[] = [
      { ...fields("bet"), type: "BET" },
      { ...fields("win"), type: "WIN", amount: 0, roundComplete: true, metadata: { spin: 1 } },
      { ...fields("rollback"), type: "ROLLBACK", originalTransactionId: "types-bet" },
    ];
    for (const body of good) expect((await d.provider.transaction(body)).data?.status, body.type).toBe("OK");

    const refused: Record<string, unknown>[] = [];
    const refuse = (body: unknown) => refused.push(body as Record<string, unknown>);
    // @ts-expect-error: a ROLLBACK names the BET it reverses
    refuse({ ...fields("rb-no-original"), type: "ROLLBACK" } satisfies TransactionRequest);
    // @ts-expect-error: ADJUSTMENT is admin-only, never a provider's
    refuse({ ...fields("adjustment"), type: "ADJUSTMENT", direction: "CREDIT" } satisfies TransactionRequest);
    // @ts-expect-error: direction belongs to ADJUSTMENT alone
    refuse({ ...fields("bet-direction"), type: "BET", direction: "DEBIT" } satisfies TransactionRequest);
    // @ts-expect-error: direction belongs to ADJUSTMENT alone
    refuse({ ...fields("rb-direction"), type: "ROLLBACK", originalTransactionId: "types-bet", direction: "CREDIT" } satisfies TransactionRequest);
    // @ts-expect-error: originalTransactionId belongs to ROLLBACK alone
    refuse({ ...fields("win-original"), type: "WIN", originalTransactionId: "types-bet" } satisfies TransactionRequest);
    // @ts-expect-error: type is one of BET, WIN, ROLLBACK
    refuse({ ...fields("deposit"), type: "DEPOSIT" } satisfies TransactionRequest);
    expect(refused).toHaveLength(6);
    for (const body of refused) {
      const reply = await d.provider.transaction(body as TransactionRequest);
      expect(reply.error?.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("the bet and rollback helpers take only their form's fields", () => {
    const fields = { ...common, transactionId: "types-helper", roundId: "types-round", amount: 1 };
    // Never called: these lines exist for the compiler.
    const never = (): unknown[] => [
      // @ts-expect-error: a bet takes no originalTransactionId
      d.provider.bet({ ...fields, originalTransactionId: "x" }),
      // @ts-expect-error: a bet takes no direction
      d.provider.bet({ ...fields, direction: "DEBIT" }),
      // @ts-expect-error: a rollback names the BET it reverses
      d.provider.rollback({ ...fields }),
    ];
    expect(typeof never).toBe("function");
  });

  it("grant: the campaign and the explicit form compile; a body of neither form does not", () => {
    const campaign: IssueGrantRequestBody = { playerRef: "p-alice", idempotencyKey: "k-1", campaignId: "welcome-10" };
    const explicit: IssueGrantRequestBody = { playerRef: "p-alice", idempotencyKey: "k-2", gameId: "starfall", spins: 10, currency: "EUR" };
    // @ts-expect-error: neither a campaignId nor the explicit form's gameId, spins and currency
    const neither: IssueGrantRequestBody = { playerRef: "p-alice", idempotencyKey: "k-3", gameId: "starfall" };
    // @ts-expect-error: spins is a count
    const badSpins: IssueGrantRequestBody = { playerRef: "p-alice", idempotencyKey: "k-4", gameId: "starfall", spins: "10", currency: "EUR" };
    expect([campaign, explicit, neither, badSpins]).toHaveLength(4);
  });
});
