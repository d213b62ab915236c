import { randomUUID } from "node:crypto";
import type { NewTransaction } from "../../src/domain/ports/ledger.js";

/** The session most ledger tests' claims come with (a provider's claim needs it stored and unexpired). */
export const TEST_SESSION_TOKEN_HASH = "digest-of-st_1";

/** A new BET of its own player and round, under the test session; override any field. */
export const newBet = (over: Partial<NewTransaction> = {}): NewTransaction => ({
  providerId: "prov",
  transactionId: `t-${randomUUID()}`,
  operatorId: "op",
  playerRef: `p-${randomUUID()}`,
  gameId: "g",
  roundId: `r-${randomUUID()}`,
  type: "BET",
  amount: 35,
  currency: "EUR",
  originalTransactionId: null,
  roundComplete: false,
  requestHash: "h",
  sessionTokenHash: TEST_SESSION_TOKEN_HASH,
  callbackBody: '{"type":"BET"}',
  ...over,
});
