import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BackofficeSessionRecord, BackofficeUserRecord } from "../../src/domain/ports/backoffice.js";
import type { ClaimResult, NewTransaction, RecordedOutcome, TransactionRecord } from "../../src/domain/ports/ledger.js";
import { LATENCY_BUCKET_BOUNDS_MS, type OperatorMinute, type SessionFilter } from "../../src/domain/ports/monitoring.js";
import type { GrantRecord } from "../../src/domain/ports/grants.js";
import type { SessionRecord } from "../../src/domain/ports/sessions.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "../postgres.js";
import { newBet } from "./fixtures.js";
import { postgresKit, sqliteKit, type StoreKit } from "./stores.js";

/**
 * The store ports' contract: one suite, run against every implementation (SQLite, PostgreSQL). What the domain relies
 * on is stated here once; an adapter is done when it passes.
 */
function storeContract(kit: () => StoreKit) {
  const PROVIDER = { by: "PROVIDER" as const, actor: null };
  const answered = { httpStatus: 200, failure: null, response: '{"status":"OK","balance":965}' };
  const ok: RecordedOutcome = { state: "OK", balance: 965, error: null, nextRetryAt: null, call: answered };
  const failed = (nextRetryAt: number | null): RecordedOutcome => ({
    state: "FAILED",
    balance: null,
    error: "wallet answered 500",
    nextRetryAt,
    call: { httpStatus: 500, failure: null, response: "oops" },
  });
  const timedOut: RecordedOutcome = {
    state: "TIMED_OUT",
    balance: null,
    error: "outcome unknown",
    nextRetryAt: null,
    call: { httpStatus: null, failure: "INTERRUPTED", response: null },
  };
  const newSession = (over: Partial<SessionRecord> = {}): SessionRecord => {
    const tokenHash = `digest-${randomUUID()}`;
    return {
      tokenHash,
      tokenSealed: `sealed:${tokenHash}`,
      operatorId: "op",
      providerId: "prov",
      playerRef: `p-${randomUUID()}`,
      gameId: "g",
      currency: "EUR",
      language: null,
      demo: false,
      createdAt: 1,
      expiresAt: 5_000_000,
      ...over,
    };
  };

  // A provider's claim needs its session stored and unexpired: the one most claims below come with.
  beforeAll(async () => {
    await kit().sessions.insert(newSession({ tokenHash: "digest-of-st_1", expiresAt: Number.MAX_SAFE_INTEGER }));
  });
  const RECONCILER = { by: "RECONCILER" as const, actor: null };
  /** A claim's record when it claimed one; undefined otherwise (a re-send left alone). */
  const claimedRecord = (claim: ClaimResult): TransactionRecord | undefined => (claim.kind === "claimed" ? claim.record : undefined);

  describe("ledger", () => {
    it("claims a new transaction once; a repeat is in flight, then settled; another body is refused", async () => {
      const { ledger } = kit();
      const bet = newBet();
      const first = await ledger.claim({ kind: "provider", transaction: bet, nonce: undefined }, 1_000, 0, PROVIDER);
      expect(first).toMatchObject({ kind: "claimed", record: { state: "PENDING", attempts: 1, amount: 35, roundComplete: false, problem: false } });
      expect((await ledger.claim({ kind: "provider", transaction: bet, nonce: undefined }, 1_500, 500, PROVIDER)).kind).toBe("in-flight");
      expect(
        (await ledger.claim({ kind: "provider", transaction: { ...bet, requestHash: "other" }, nonce: undefined }, 1_500, 500, PROVIDER)).kind,
      ).toBe("different-body");
      if (first.kind !== "claimed") throw new Error("unreachable");
      const settled = await ledger.recordOutcome(first.record, ok, 2_000);
      expect(settled).toMatchObject({ state: "OK", responseBalance: 965, updatedAt: 2_000 });
      expect(await ledger.claim({ kind: "provider", transaction: bet, nonce: undefined }, 3_000, 2_000, PROVIDER)).toMatchObject({
        kind: "settled",
        record: { state: "OK", attempts: 1 },
      });
      expect(await ledger.find(bet)).toMatchObject({ state: "OK", callbackBody: '{"type":"BET"}', sessionTokenHash: "digest-of-st_1" });
      expect(await ledger.roundStatus(bet)).toBe("OPEN");
    });

    it("of many concurrent claims of one transaction exactly one owns the call", async () => {
      const { ledger } = kit();
      const bet = newBet();
      const results = await Promise.all(
        Array.from({ length: 12 }, () => ledger.claim({ kind: "provider", transaction: bet, nonce: undefined }, 1_000, 0, PROVIDER)),
      );
      expect(results.filter((r) => r.kind === "claimed")).toHaveLength(1);
      expect(results.filter((r) => r.kind === "in-flight")).toHaveLength(11);
    });

    it("of concurrent claims of one new id with different requests (players) one owns the call, the others are told the body differs", async () => {
      const { ledger } = kit();
      const bet = newBet();
      const others = Array.from({ length: 6 }, (_, i) => ({ ...bet, playerRef: `${bet.playerRef}-${i}`, requestHash: `h-${i}` }));
      const results = await Promise.all(
        [bet, ...others].map((t) => ledger.claim({ kind: "provider", transaction: t, nonce: undefined }, 1_000, 0, PROVIDER)),
      );
      expect(results.filter((r) => r.kind === "claimed")).toHaveLength(1);
      expect(results.filter((r) => r.kind === "different-body")).toHaveLength(6);
    });

    it("re-claims a stale PENDING or failed record, and fences the outcome of the attempt it replaced", async () => {
      const { ledger } = kit();
      const bet = newBet();
      const first = await ledger.claim({ kind: "provider", transaction: bet, nonce: undefined }, 1_000, 0, PROVIDER);
      if (first.kind !== "claimed") throw new Error(first.kind);
      const [orphan] = (await ledger.pending()).filter((r) => r.transactionId === bet.transactionId);
      // The lease ran out (its owner died mid-call): a retry claims attempt 2 and settles it.
      const retry = await ledger.claim({ kind: "provider", transaction: bet, nonce: undefined }, 5_000, 4_000, PROVIDER);
      expect(retry).toMatchObject({ kind: "claimed", record: { attempts: 2, state: "PENDING" } });
      if (retry.kind !== "claimed") throw new Error(retry.kind);
      await ledger.recordOutcome(retry.record, ok, 5_010);
      expect(await ledger.recordOrphanOutcome(orphan!, timedOut, 6_000)).toBe(false);
      expect(await ledger.find(bet)).toMatchObject({ state: "OK", responseBalance: 965, attempts: 2 });
      // A failed record is claimed again at once; a settled one never.
      const credit = newBet({ type: "WIN" });
      const c1 = await ledger.claim({ kind: "provider", transaction: credit, nonce: undefined }, 1_000, 0, PROVIDER);
      if (c1.kind !== "claimed") throw new Error(c1.kind);
      await ledger.recordOutcome(c1.record, failed(1_500), 1_100);
      expect(
        await ledger.claim({ kind: "resend", key: credit }, 1_200, 0, { by: "SETTLEMENT_RETRY", actor: null }).then(claimedRecord),
      ).toMatchObject({ attempts: 2, state: "PENDING" });
      expect(
        await ledger.claim({ kind: "resend", key: credit }, 1_300, 0, { by: "SETTLEMENT_RETRY", actor: null }).then(claimedRecord),
      ).toBeUndefined();
      expect(await ledger.claim({ kind: "resend", key: bet }, 9_000, 9_000, { by: "OPERATOR", actor: "x" }).then(claimedRecord)).toBeUndefined();
    });

    it("recovers an untouched orphan and queues an unknown BET as a problem", async () => {
      const { ledger, problems } = kit();
      const bet = newBet({ operatorId: `op-${randomUUID()}` });
      await ledger.claim({ kind: "provider", transaction: bet, nonce: undefined }, 1_000, 0, PROVIDER);
      const [orphan] = (await ledger.pending()).filter((r) => r.transactionId === bet.transactionId);
      expect(await ledger.recordOrphanOutcome(orphan!, timedOut, 6_000)).toBe(true);
      expect(await ledger.find(bet)).toMatchObject({ state: "TIMED_OUT", attempts: 1 });
      expect(await problems.openCounts(bet.operatorId)).toEqual({ UNKNOWN_OUTCOME: 1 });
    });

    it("refuses another provider's transactionId, or a ROLLBACK of another provider's BET, for the same operator and player", async () => {
      const { ledger } = kit();
      const bet = newBet();
      await ledger.claim({ kind: "provider", transaction: bet, nonce: undefined }, 1_000, 0, PROVIDER);
      expect(
        await ledger.claim({ kind: "provider", transaction: { ...bet, providerId: "prov-other" }, nonce: undefined }, 1_000, 0, PROVIDER),
      ).toEqual({ kind: "id-of-another-provider" });
      const rollback = newBet({ providerId: "prov-other", playerRef: bet.playerRef, type: "ROLLBACK", originalTransactionId: bet.transactionId });
      expect(await ledger.claim({ kind: "provider", transaction: rollback, nonce: undefined }, 1_000, 0, PROVIDER)).toEqual({
        kind: "original-of-another-provider",
      });
      // The same ids for another player are independent.
      expect(
        (
          await ledger.claim(
            { kind: "provider", transaction: { ...bet, providerId: "prov-other", playerRef: "someone-else" }, nonce: undefined },
            1_000,
            0,
            PROVIDER,
          )
        ).kind,
      ).toBe("claimed");
    });

    it("completes a round, finds a reversal, and closes a stale round only if untouched since it was read", async () => {
      const { ledger } = kit();
      const bet = newBet({ roundComplete: true });
      const c = await ledger.claim({ kind: "provider", transaction: bet, nonce: undefined }, 1_000, 0, PROVIDER);
      if (c.kind !== "claimed") throw new Error(c.kind);
      await ledger.recordOutcome(c.record, ok, 1_001);
      expect(await ledger.roundStatus(bet)).toBe("COMPLETED");

      const open = newBet({ operatorId: `op-${randomUUID()}` });
      const o = await ledger.claim({ kind: "provider", transaction: open, nonce: undefined }, 10, 0, PROVIDER);
      if (o.kind !== "claimed") throw new Error(o.kind);
      await ledger.recordOutcome(o.record, ok, 11);
      const [stale] = (await ledger.roundsToReconcile(100, 1000)).filter((r) => r.operatorId === open.operatorId);
      expect(stale).toMatchObject({
        providerId: "prov",
        gameId: "g",
        roundId: open.roundId,
        playerRef: open.playerRef,
        status: "OPEN",
        lastActivityAt: 10,
      });
      await ledger.flagUnclosedRound(stale!, "still open", 50);
      await ledger.flagUnclosedRound(stale!, "still open", 60);
      const rollback = newBet({
        operatorId: open.operatorId,
        playerRef: open.playerRef,
        roundId: open.roundId,
        type: "ROLLBACK",
        originalTransactionId: open.transactionId,
      });
      const first = { transaction: rollback, pendingStaleBefore: 0, request: RECONCILER };
      // Activity after the read: nothing changes.
      const late = newBet({ operatorId: open.operatorId, playerRef: open.playerRef, roundId: open.roundId });
      await ledger.claim({ kind: "provider", transaction: late, nonce: undefined }, 30, 0, PROVIDER);
      expect(await ledger.closeRound(stale!, first, 40)).toEqual({ kind: "changed" });
      expect(await ledger.find(rollback)).toBeUndefined();
      const [again] = (await ledger.roundsToReconcile(100, 1000)).filter((x) => x.operatorId === open.operatorId);
      // Closing claims the first rollback in the same unit of work; the round is CLOSING until it is reconciled.
      const closing = await ledger.closeRound(again!, first, 40);
      expect(closing).toMatchObject({
        kind: "closing",
        claim: { kind: "claimed", record: { transactionId: rollback.transactionId, state: "PENDING" } },
      });
      expect(await ledger.roundStatus(again!)).toBe("CLOSING");
      expect((await ledger.roundsToReconcile(0, 1000)).filter((x) => x.operatorId === open.operatorId)).toMatchObject([{ status: "CLOSING" }]);
      if (closing.kind !== "closing" || closing.claim.kind !== "claimed") throw new Error(closing.kind);
      await ledger.recordOutcome(closing.claim.record, ok, 41);
      expect(await ledger.find(rollback)).toMatchObject({ state: "OK", originalTransactionId: open.transactionId });
      expect((await ledger.transactionsOfRound(again!)).map((t) => t.transactionId)).toEqual([
        open.transactionId,
        late.transactionId,
        rollback.transactionId,
      ]);
      await ledger.markReconciled(again!, 50);
      expect(await ledger.roundStatus(again!)).toBe("CLOSED");
      expect(await kit().problems.openCounts(open.operatorId)).toEqual({});
      expect((await ledger.roundsToReconcile(1_000_000, 1000)).filter((x) => x.operatorId === open.operatorId)).toEqual([]);
    });

    it("takes no provider transaction in a round the reconciler closed; the reconciler's own claims go on", async () => {
      const { ledger } = kit();
      const bet = newBet({ operatorId: `op-${randomUUID()}` });
      const b = await ledger.claim({ kind: "provider", transaction: bet, nonce: undefined }, 10, 0, PROVIDER);
      if (b.kind !== "claimed") throw new Error(b.kind);
      await ledger.recordOutcome(b.record, failed(null), 11);
      const sibling = newBet({ operatorId: bet.operatorId, playerRef: bet.playerRef, roundId: bet.roundId, type: "WIN", amount: 5 });
      const w = await ledger.claim({ kind: "provider", transaction: sibling, nonce: undefined }, 12, 0, PROVIDER);
      if (w.kind !== "claimed") throw new Error(w.kind);
      await ledger.recordOutcome(w.record, failed(null), 13);
      const [round] = (await ledger.roundsToReconcile(100, 10)).filter((r) => r.operatorId === bet.operatorId);
      const rollback = newBet({
        ...bet,
        transactionId: `stale-rollback:${bet.transactionId}`,
        type: "ROLLBACK",
        originalTransactionId: bet.transactionId,
      });
      expect((await ledger.closeRound(round!, { transaction: rollback, pendingStaleBefore: 0, request: RECONCILER }, 20)).kind).toBe("closing");
      const win = newBet({ operatorId: bet.operatorId, playerRef: bet.playerRef, roundId: bet.roundId, type: "WIN", roundComplete: true });
      expect(await ledger.claim({ kind: "provider", transaction: win, nonce: undefined }, 30, 0, PROVIDER)).toEqual({ kind: "round-closed" });
      expect(await ledger.find(win)).toBeUndefined();
      // A stored BET is the reconciler's to reverse; a credit recorded before the close is still sent.
      expect(await ledger.claim({ kind: "provider", transaction: bet, nonce: undefined }, 31, 0, PROVIDER)).toMatchObject({
        kind: "being-reversed",
        record: { transactionId: bet.transactionId },
      });
      expect(await ledger.claim({ kind: "provider", transaction: sibling, nonce: undefined }, 32, 0, PROVIDER)).toMatchObject({
        kind: "claimed",
        record: { attempts: 2 },
      });
      const other = newBet({ ...rollback, transactionId: `stale-rollback:${randomUUID()}` });
      expect((await ledger.claim({ kind: "platform", transaction: other }, 33, 0, RECONCILER)).kind).toBe("claimed");
      expect(await ledger.roundStatus(round!)).toBe("CLOSING");
    });

    it("closes a round with nothing to reverse at once, and marks one with a completing WIN completed instead", async () => {
      const { ledger } = kit();
      const reversed = newBet({ operatorId: `op-${randomUUID()}` });
      await ledger.claim({ kind: "provider", transaction: reversed, nonce: undefined }, 10, 0, PROVIDER);
      const [quiet] = (await ledger.roundsToReconcile(100, 10)).filter((r) => r.operatorId === reversed.operatorId);
      expect(await ledger.closeRound(quiet!, undefined, 20)).toEqual({ kind: "closed" });
      expect(await ledger.roundStatus(quiet!)).toBe("CLOSED");

      const bet = newBet({ operatorId: `op-${randomUUID()}` });
      await ledger.claim({ kind: "provider", transaction: bet, nonce: undefined }, 10, 0, PROVIDER);
      const win = newBet({ operatorId: bet.operatorId, playerRef: bet.playerRef, roundId: bet.roundId, type: "WIN", roundComplete: true });
      const w = await ledger.claim({ kind: "provider", transaction: win, nonce: undefined }, 11, 0, PROVIDER);
      if (w.kind !== "claimed") throw new Error(w.kind);
      await ledger.recordOutcome(w.record, failed(null), 12);
      const [won] = (await ledger.roundsToReconcile(100, 10)).filter((r) => r.operatorId === bet.operatorId);
      const rollback = newBet({
        ...bet,
        transactionId: `stale-rollback:${bet.transactionId}`,
        type: "ROLLBACK",
        originalTransactionId: bet.transactionId,
      });
      expect(await ledger.closeRound(won!, { transaction: rollback, pendingStaleBefore: 0, request: RECONCILER }, 20)).toEqual({ kind: "completed" });
      expect(await ledger.roundStatus(won!)).toBe("COMPLETED");
      expect(await ledger.find(rollback)).toBeUndefined();
    });

    it("refuses a provider's claim once its session is gone", async () => {
      const { ledger, sessions } = kit();
      const session = newSession();
      await sessions.insert(session);
      const bet = newBet({ sessionTokenHash: session.tokenHash, playerRef: session.playerRef });
      await sessions.deleteForPlayer("op", session.playerRef, 100);
      expect(await ledger.claim({ kind: "provider", transaction: bet, nonce: undefined }, 1_000, 0, PROVIDER)).toEqual({ kind: "session-ended" });
      expect(await ledger.find(bet)).toBeUndefined();
      expect(
        (await ledger.claim({ kind: "platform", transaction: { ...bet, type: "ADJUSTMENT" } }, 1_000, 0, { by: "ADMIN", actor: null })).kind,
      ).toBe("claimed");
    });

    it("lists credits due for a resend, marks problems and counts them", async () => {
      const { ledger } = kit();
      const win = newBet({ type: "WIN", operatorId: `op-${randomUUID()}` });
      const c = await ledger.claim({ kind: "provider", transaction: win, nonce: undefined }, 1_000, 0, PROVIDER);
      if (c.kind !== "claimed") throw new Error(c.kind);
      const failedRecord = await ledger.recordOutcome(c.record, failed(2_000), 1_001);
      expect((await ledger.dueCredits(1_999, 10_000)).some((t) => t.transactionId === win.transactionId)).toBe(false);
      expect((await ledger.dueCredits(2_000, 10_000)).some((t) => t.transactionId === win.transactionId)).toBe(true);
      const before = await ledger.transactionCounts();
      expect(await ledger.markProblem(failedRecord, 3_000)).toBe(true);
      expect((await ledger.transactionCounts()).problems).toBe(before.problems + 1);
      expect((await ledger.problems()).some((t) => t.transactionId === win.transactionId && t.problem)).toBe(true);
      expect((await ledger.dueCredits(9_000, 10_000)).some((t) => t.transactionId === win.transactionId)).toBe(false);
      // Settled by a later attempt, its problem resolves itself.
      const again = await ledger.claim({ kind: "resend", key: win }, 4_000, 0, { by: "OPERATOR", actor: "ops" }).then(claimedRecord);
      await ledger.recordOutcome(again!, ok, 4_001);
      expect(await kit().problems.openCounts(win.operatorId)).toEqual({});
      // The count and the list read the problems queue: a resolved problem is in neither.
      expect((await ledger.transactionCounts()).problems).toBe(before.problems);
      expect((await ledger.problems()).some((t) => t.transactionId === win.transactionId)).toBe(false);
    });
  });

  describe("ledger queries", () => {
    it("lists an operator's transactions newest first with a cursor, and shows a delivery log", async () => {
      const { ledger, ledgerQueries } = kit();
      const operatorId = `op-${randomUUID()}`;
      const bets = [newBet({ operatorId }), newBet({ operatorId }), newBet({ operatorId })];
      for (const [i, bet] of bets.entries()) {
        const c = await ledger.claim({ kind: "provider", transaction: bet, nonce: undefined }, 1_000 + i, 0, PROVIDER);
        if (c.kind === "claimed") await ledger.recordOutcome(c.record, ok, 1_100 + i);
      }
      const page = await ledgerQueries.list({ operatorId }, {}, undefined, 2);
      expect(page.map((t) => t.transactionId)).toEqual([bets[2]!.transactionId, bets[1]!.transactionId]);
      const next = await ledgerQueries.list({ operatorId }, {}, page[1]!.position, 2);
      expect(next.map((t) => t.transactionId)).toEqual([bets[0]!.transactionId]);
      expect(await ledgerQueries.list({ operatorId }, { playerRef: bets[1]!.playerRef, type: "BET", state: "OK" }, undefined, 10)).toHaveLength(1);
      const detail = await ledgerQueries.detail({ operatorId }, bets[0]!);
      expect(detail?.deliveryLog).toEqual([
        {
          attempt: 1,
          requestedBy: "PROVIDER",
          actor: null,
          startedAt: 1_000,
          endedAt: 1_100,
          httpStatus: 200,
          failure: null,
          response: answered.response,
          outcome: "OK",
        },
      ]);
      expect(await ledgerQueries.detail({ operatorId: "another-operator" }, bets[0]!)).toBeUndefined();
      expect(await ledgerQueries.round(operatorId, "g", bets[0]!.roundId)).toMatchObject({
        status: "OPEN",
        transactions: [{ transactionId: bets[0]!.transactionId }],
      });
      expect(await ledgerQueries.purgeDeliveryLogs(operatorId, 0, 2_000)).toBe(3);
      expect((await ledgerQueries.detail({ operatorId }, bets[0]!))?.deliveryLog).toEqual([]);
    });
  });

  describe("sessions", () => {
    it("finds a session by token, ends a player's sessions returning the live ones, and purges expired ones", async () => {
      const { sessions } = kit();
      const playerRef = `p-${randomUUID()}`;
      const session = (expiresAt: number) => newSession({ playerRef, expiresAt });
      const live = session(10_000);
      await sessions.insert(live);
      await sessions.insert({ ...session(5), demo: true, language: "de" });
      expect(await sessions.find(live.tokenHash)).toEqual(live);
      expect(await sessions.find("nope")).toBeUndefined();
      expect(await sessions.deleteForPlayer("op", playerRef, 100)).toEqual([live]);
      expect(await sessions.find(live.tokenHash)).toBeUndefined();
      const old = session(1);
      await sessions.insert(old);
      expect(await sessions.purgeExpired(2, 1_000_000)).toBeGreaterThanOrEqual(1);
      expect(await sessions.find(old.tokenHash)).toBeUndefined();
    });
  });

  describe("tenants", () => {
    it("seeds a tenant from the file, keeps what the portal set on a later seed, and saves changes", async () => {
      const { tenants } = kit();
      const tenantId = `op-${randomUUID()}`;
      const fromFile = {
        tenantId,
        role: "operator" as const,
        secret: "file-1",
        previousSecret: null,
        previousValidUntil: null,
        callbackUrl: "http://a.example",
        callbackTimeoutMs: 5000,
        secretFromPortal: false,
        callbackUrlFromPortal: false,
      };
      expect(await tenants.seed(fromFile)).toEqual(fromFile);
      expect(await tenants.seed({ ...fromFile, secret: "file-2" })).toMatchObject({ secret: "file-2" });
      const fromPortal = {
        ...fromFile,
        secret: "rotated",
        previousSecret: "file-2",
        previousValidUntil: 99,
        secretFromPortal: true,
        callbackUrl: "http://b.example",
        callbackUrlFromPortal: true,
      };
      await tenants.save(fromPortal);
      // What the portal set stands against a file that names other values.
      expect(await tenants.seed({ ...fromFile, secret: "file-3", callbackUrl: "http://c.example" })).toEqual(fromPortal);
    });
  });

  describe("grants", () => {
    it("inserts once per idempotency key and moves status only from the expected one", async () => {
      const { grants } = kit();
      const operatorId = `op-${randomUUID()}`;
      const grant: GrantRecord = {
        id: randomUUID(),
        operatorId,
        providerId: "prov",
        gameId: "g",
        playerRef: "p",
        campaignId: null,
        spins: 10,
        betAmountMinor: 20,
        currency: "EUR",
        externalRef: null,
        status: "pending",
        idempotencyKey: "k-1",
        expiresAt: null,
        lastError: null,
        createdAt: "2026-01-01T00:00:00.000Z",
        updatedAt: "2026-01-01T00:00:00.000Z",
      };
      expect(await grants.insertOrGet(grant)).toEqual({ inserted: true, grant });
      expect(await grants.insertOrGet({ ...grant, id: randomUUID() })).toEqual({ inserted: false, grant });
      expect(await grants.cancel(grant.id, "t")).toBeUndefined();
      expect(await grants.activate(grant.id, "ext-1", "t1")).toMatchObject({ status: "active", externalRef: "ext-1", updatedAt: "t1" });
      expect(await grants.fail(grant.id, "late", "t2")).toBeUndefined();
      expect(await grants.cancel(grant.id, "t3")).toMatchObject({ status: "cancelled" });
      const second = { ...grant, id: randomUUID(), idempotencyKey: "k-2", playerRef: "q" };
      await grants.insertOrGet(second);
      // In issue order or newest first, a page at a time: after the first of two, the other.
      const issued = { newestFirst: false };
      expect((await grants.list(operatorId, issued, 10)).map((g) => g.id)).toEqual([grant.id, second.id]);
      const [first] = await grants.list(operatorId, issued, 1);
      expect((await grants.list(operatorId, { ...issued, afterSeq: first!.seq }, 10)).map((g) => g.id)).toEqual([second.id]);
      const [newest] = await grants.list(operatorId, { newestFirst: true }, 1);
      expect(newest!.id).toBe(second.id);
      expect((await grants.list(operatorId, { newestFirst: true, afterSeq: newest!.seq }, 10)).map((g) => g.id)).toEqual([grant.id]);
      expect((await grants.list(operatorId, { ...issued, playerRef: "q" }, 10)).map((g) => g.id)).toEqual([second.id]);
      expect(await grants.find("another", grant.id)).toBeUndefined();
      expect(await grants.findById(second.id)).toMatchObject({ status: "pending" });
      expect(await grants.failPendingUnchangedSince("2025-12-31T23:59:59.999Z", "interrupted", "2026-01-01T00:05:00.000Z")).toBe(0);
      expect(await grants.failPendingUnchangedSince("2026-01-01T00:00:00.000Z", "interrupted", "2026-01-01T00:05:00.000Z")).toBe(1);
      expect(await grants.find(operatorId, second.id)).toMatchObject({ status: "failed", lastError: "interrupted" });
    });
  });

  describe("a provider's claim", () => {
    // Valid long after any clock these tests use, the SQLite log's included.
    const entry = (nonce: string) => ({ tenantId: "prov", nonce, expiresAtSeconds: 2_000_000_000 });
    const provider = (transaction: NewTransaction, nonce?: string) =>
      ({ kind: "provider", transaction, nonce: nonce === undefined ? undefined : entry(nonce) }) as const;
    const liveSession = async (sessions: StoreKit["sessions"], playerRef: string) => {
      const session = newSession({ playerRef });
      await sessions.insert(session);
      return session.tokenHash;
    };

    it("records the call's nonce with the claim; a replay, an ended session or a stored id claims nothing", async () => {
      const { ledger, sessions } = kit();
      // A nonce log opened after the claim reads what the claim recorded (SQLite reads its log back at start).
      const seen = async (nonce: string) =>
        !(await kit()
          .nonces(() => 1_000)
          .remember("prov", nonce, 2_000_000_000));
      const playerRef = `p-${randomUUID()}`;
      const tokenHash = await liveSession(sessions, playerRef);
      const bet = newBet({ playerRef, sessionTokenHash: tokenHash });
      const nonce = randomUUID();
      expect(await ledger.claim(provider(bet, nonce), 1_000_000, 0, PROVIDER)).toMatchObject({
        kind: "claimed",
        record: { state: "PENDING", attempts: 1, sessionTokenHash: tokenHash },
      });
      expect(await ledger.roundStatus(bet)).toBe("OPEN");
      // Recorded where every other call's nonce is: the nonce log refuses it.
      expect(await seen(nonce)).toBe(true);

      const replayed = newBet({ playerRef, sessionTokenHash: tokenHash });
      expect(await ledger.claim(provider(replayed, nonce), 1_000_000, 0, PROVIDER)).toEqual({ kind: "replayed" });
      expect(await ledger.claim(provider(bet), 1_000_001, 0, PROVIDER)).toMatchObject({ kind: "in-flight", record: { attempts: 1 } });
      expect(await ledger.claim(provider(newBet({ sessionTokenHash: "no-such-session" })), 1_000_000, 0, PROVIDER)).toEqual({
        kind: "session-ended",
      });
      expect(await ledger.claim(provider(replayed), 5_000_000, 0, PROVIDER)).toEqual({ kind: "session-ended" });
      await sessions.deleteForPlayer("op", playerRef, 1_000_000);
      const fresh = randomUUID();
      expect(await ledger.claim(provider(replayed, fresh), 1_000_002, 0, PROVIDER)).toEqual({ kind: "session-ended" });
      expect(await seen(fresh)).toBe(true);
      expect(await ledger.find(replayed)).toBeUndefined();
      expect(await ledger.find(bet)).toMatchObject({ state: "PENDING", attempts: 1 });
    });

    it("of concurrent claims of one new id exactly one owns the call; another provider's id is refused", async () => {
      const { ledger, sessions } = kit();
      const playerRef = `p-${randomUUID()}`;
      const tokenHash = await liveSession(sessions, playerRef);
      const bet = newBet({ playerRef, sessionTokenHash: tokenHash });
      const results = await Promise.all(Array.from({ length: 12 }, () => ledger.claim(provider(bet), 1_000, 0, PROVIDER)));
      expect(results.filter((r) => r.kind === "claimed")).toHaveLength(1);
      expect(results.filter((r) => r.kind === "in-flight")).toHaveLength(11);
      const foreign = { ...bet, providerId: "another" };
      expect(await ledger.claim(provider(foreign), 1_000, 0, PROVIDER)).toEqual({ kind: "id-of-another-provider" });
      const rollback = newBet({
        playerRef,
        sessionTokenHash: tokenHash,
        providerId: "another",
        type: "ROLLBACK",
        originalTransactionId: bet.transactionId,
      });
      expect(await ledger.claim(provider(rollback), 1_000, 0, PROVIDER)).toEqual({ kind: "original-of-another-provider" });
    });

    it("answers a stored record through the session it was made in even once that session ended; through another only while live and of the same operator", async () => {
      const { ledger, sessions } = kit();
      const playerRef = `p-${randomUUID()}`;
      const first = await liveSession(sessions, playerRef);
      const second = await liveSession(sessions, playerRef);
      const bet = newBet({ playerRef, sessionTokenHash: first });
      const c = await ledger.claim(provider(bet), 1_000, 0, PROVIDER);
      if (c.kind !== "claimed") throw new Error(c.kind);
      await ledger.recordOutcome(c.record, ok, 1_001);
      expect(await ledger.claim(provider({ ...bet, sessionTokenHash: second }), 2_000, 0, PROVIDER)).toMatchObject({ kind: "settled" });
      expect(await ledger.claim(provider({ ...bet, sessionTokenHash: second, operatorId: "op-2" }), 2_000, 0, PROVIDER)).toMatchObject({
        kind: "other-operator",
      });
      await sessions.deleteForPlayer("op", playerRef, 2_000);
      expect(await ledger.claim(provider(bet), 3_000, 0, PROVIDER)).toMatchObject({ kind: "settled", record: { responseBalance: 965 } });
      expect(await ledger.claim(provider({ ...bet, sessionTokenHash: second }), 3_000, 0, PROVIDER)).toEqual({ kind: "session-ended" });
    });

    it("reports a stored BET reversed, or being reversed by the reconciler, and never claims it again", async () => {
      const { ledger } = kit();
      const operatorId = `op-${randomUUID()}`;
      const unknown = newBet({ operatorId });
      const b = await ledger.claim(provider(unknown), 10, 0, PROVIDER);
      if (b.kind !== "claimed") throw new Error(b.kind);
      await ledger.recordOutcome(b.record, timedOut, 11);
      const stale = newBet({
        ...unknown,
        transactionId: `stale-rollback:${unknown.transactionId}`,
        type: "ROLLBACK",
        originalTransactionId: unknown.transactionId,
      });
      const r = await ledger.claim({ kind: "platform", transaction: stale }, 20, 0, RECONCILER);
      if (r.kind !== "claimed") throw new Error(r.kind);
      expect(await ledger.claim(provider(unknown), 30, 0, PROVIDER)).toMatchObject({ kind: "being-reversed" });
      await ledger.recordOutcome(r.record, ok, 31);
      expect(await ledger.claim(provider(unknown), 40, 0, PROVIDER)).toMatchObject({
        kind: "reversed",
        reversal: { transactionId: stale.transactionId, state: "OK", responseBalance: 965 },
      });
      expect(await ledger.find(unknown)).toMatchObject({ state: "TIMED_OUT", attempts: 1 });
    });

    it("looks: reports what is stored under an id, writing nothing but the nonce", async () => {
      const { ledger } = kit();
      const bet = newBet();
      const look = (nonce?: string, requestHash = bet.requestHash) =>
        ({ kind: "look", key: bet, requestHash, nonce: nonce === undefined ? undefined : entry(nonce) }) as const;
      const nonce = randomUUID();
      expect(await ledger.claim(look(nonce), 1_000, 0, PROVIDER)).toEqual({ kind: "absent" });
      expect(await ledger.claim(look(nonce), 1_000, 0, PROVIDER)).toEqual({ kind: "replayed" });
      const c = await ledger.claim(provider(bet), 1_000, 0, PROVIDER);
      if (c.kind !== "claimed") throw new Error(c.kind);
      expect(await ledger.claim(look(), 1_001, 0, PROVIDER)).toMatchObject({ kind: "unsettled", record: { state: "PENDING" } });
      expect(await ledger.claim(look(undefined, "other"), 1_001, 0, PROVIDER)).toMatchObject({ kind: "different-body" });
      await ledger.recordOutcome(c.record, ok, 1_002);
      expect(await ledger.claim(look(), 1_003, 0, PROVIDER)).toMatchObject({ kind: "settled", record: { state: "OK" } });
      expect(await ledger.find(bet)).toMatchObject({ attempts: 1 });
    });
  });

  describe("nonces", () => {
    it("accepts a nonce once per tenant within its validity, and again once it expired", async () => {
      let clock = 1_000_000;
      const nonces = kit().nonces(() => clock);
      const nonce = randomUUID();
      expect(await nonces.remember("a", nonce, clock + 300)).toBe(true);
      expect(await nonces.remember("a", nonce, clock + 300)).toBe(false);
      expect(await nonces.remember("b", nonce, clock + 300)).toBe(true);
      clock += 301;
      expect(await nonces.remember("a", nonce, clock + 300)).toBe(true);
    });
  });

  describe("problems", () => {
    it("resolves an open problem once, with its audit entry", async () => {
      const { ledger, problems } = kit();
      const bet = newBet({ operatorId: `op-${randomUUID()}` });
      await ledger.claim({ kind: "provider", transaction: bet, nonce: undefined }, 1_000, 0, PROVIDER);
      const [orphan] = (await ledger.pending()).filter((r) => r.transactionId === bet.transactionId);
      await ledger.recordOrphanOutcome(orphan!, timedOut, 2_000);
      const [problem] = await problems.list(bet.operatorId, { status: "open" }, Number.MAX_SAFE_INTEGER, 10);
      expect(problem).toMatchObject({ kind: "UNKNOWN_OUTCOME", transactionId: bet.transactionId, resolvedAt: null });
      const entry = {
        operatorId: bet.operatorId,
        actor: "alice",
        action: "resolve",
        target: `problem ${problem!.id}`,
        note: "checked",
        result: null,
      };
      expect(await problems.resolve(problem!.id, entry, 3_000)).toBe("resolved");
      expect(await problems.resolve(problem!.id, entry, 3_001)).toBe("not-open");
      expect(await problems.problem(bet.operatorId, problem!.id)).toMatchObject({ resolvedAt: 3_000, resolvedBy: "alice", resolution: "checked" });
      expect(await problems.auditLog(bet.operatorId, undefined, Number.MAX_SAFE_INTEGER, 10)).toEqual([
        expect.objectContaining({ ...entry, createdAt: 3_000 }),
      ]);
      await problems.audit({ ...entry, action: "KICK", target: "player p-1", note: null, result: "1 session ended" }, 3_002);
      expect((await problems.auditLog(bet.operatorId, "resolve", Number.MAX_SAFE_INTEGER, 10)).map((e) => e.action)).toEqual(["resolve"]);
      expect((await problems.auditLog(bet.operatorId, "KICK", Number.MAX_SAFE_INTEGER, 10)).map((e) => e.target)).toEqual(["player p-1"]);
    });
    it("closes a credit resolved by hand for good, refuses the resolution while a call is out, and flags only unsettled credits", async () => {
      const { ledger, problems } = kit();
      const operatorId = `op-${randomUUID()}`;
      const win = newBet({ operatorId, type: "WIN" });
      const c = await ledger.claim({ kind: "provider", transaction: win, nonce: undefined }, 1_000, 0, PROVIDER);
      if (c.kind !== "claimed") throw new Error(c.kind);
      const unsettled = await ledger.recordOutcome(c.record, failed(null), 1_001);
      expect(await ledger.markProblem(unsettled, 2_000)).toBe(true);
      const [problem] = await problems.list(operatorId, { status: "open" }, Number.MAX_SAFE_INTEGER, 10);
      const entry = { operatorId, actor: "backoffice:alice", action: "RESOLVE", target: "p", note: "paid by hand", result: "RESOLVED" };
      // A re-send is out: a person may not close what may yet be paid.
      const resend = await ledger.claim({ kind: "resend", key: win }, 3_000, 0, { by: "OPERATOR", actor: "x" }).then(claimedRecord);
      expect(await problems.resolve(problem!.id, entry, 3_001)).toBe("in-flight");
      await ledger.recordOutcome(resend!, failed(null), 3_002);
      expect(await problems.resolve(problem!.id, entry, 3_003)).toBe("resolved");
      expect(await ledger.find(win)).toMatchObject({ state: "FAILED", resolvedByHand: true });
      expect(await ledger.claim({ kind: "provider", transaction: win, nonce: undefined }, 4_000, 0, PROVIDER)).toMatchObject({
        kind: "resolved-by-hand",
        record: { attempts: 2 },
      });
      expect(await ledger.claim({ kind: "resend", key: win }, 4_001, 0, { by: "OPERATOR", actor: "x" }).then(claimedRecord)).toBeUndefined();
      expect(await ledger.find(win)).toMatchObject({ state: "FAILED", attempts: 2 });

      // The horizon passes for a credit a provider's retry just settled: it is not flagged.
      const settled = newBet({ operatorId, type: "WIN" });
      const s1 = await ledger.claim({ kind: "provider", transaction: settled, nonce: undefined }, 1_000, 0, PROVIDER);
      if (s1.kind !== "claimed") throw new Error(s1.kind);
      const readEarlier = await ledger.recordOutcome(s1.record, failed(null), 1_001);
      const s2 = await ledger.claim({ kind: "provider", transaction: settled, nonce: undefined }, 1_100, 0, PROVIDER);
      if (s2.kind !== "claimed") throw new Error(s2.kind);
      await ledger.recordOutcome(s2.record, ok, 1_101);
      expect(await ledger.markProblem(readEarlier, 2_000)).toBe(false);
      expect(await ledger.find(settled)).toMatchObject({ state: "OK", problem: false });
    });
  });

  describe("back office", () => {
    it("adds an account once, lists accounts by username, ends sessions one by one, when expired, or with their account", async () => {
      const { backoffice } = kit();
      const tag = randomUUID();
      const user = (name: string, over: Partial<BackofficeUserRecord> = {}): BackofficeUserRecord => ({
        username: `${name}-${tag}`,
        operatorId: null,
        providerId: null,
        role: "manager",
        passwordHash: `hash-of-${name}`,
        createdAt: 1_000,
        ...over,
      });
      const bea = user("bea", { operatorId: "op", role: "viewer" });
      const al = user("al");
      expect(await backoffice.insertUser(bea)).toBe(true);
      expect(await backoffice.insertUser(al)).toBe(true);
      expect(await backoffice.insertUser({ ...al, role: "viewer" })).toBe(false);
      expect(await backoffice.findUser(al.username)).toEqual(al);
      expect(await backoffice.findUser(`nobody-${tag}`)).toBeUndefined();
      expect((await backoffice.listUsers()).filter((u) => u.username.endsWith(tag))).toEqual([al, bea]);

      const session = (name: string, username: string, expiresAt: number): BackofficeSessionRecord => ({
        tokenHash: `${name}-${tag}`,
        username,
        csrfToken: `csrf-${name}`,
        createdAt: 1_000,
        expiresAt,
      });
      const [signOut, kept, expired] = [session("s1", al.username, 5_000), session("s2", bea.username, 9_000), session("s3", bea.username, 2_000)];
      for (const s of [signOut, kept, expired]) await backoffice.insertSession(s);
      expect(await backoffice.findSession(signOut.tokenHash)).toEqual(signOut);
      await backoffice.deleteSession(signOut.tokenHash);
      expect(await backoffice.findSession(signOut.tokenHash)).toBeUndefined();
      // Expired at `now` means an expiry at or before it.
      await backoffice.purgeExpired(2_000);
      expect(await backoffice.findSession(expired.tokenHash)).toBeUndefined();
      expect(await backoffice.findSession(kept.tokenHash)).toEqual(kept);
      expect(await backoffice.deleteUser(bea.username)).toBe(true);
      expect(await backoffice.findUser(bea.username)).toBeUndefined();
      expect(await backoffice.findSession(kept.tokenHash)).toBeUndefined();
      expect(await backoffice.deleteUser(bea.username)).toBe(false);

      // A studio's account: stored apart, one username space with the others, its sessions ended with it.
      const cy = user("cy", { providerId: "prov", role: "viewer" });
      expect(await backoffice.insertUser(cy)).toBe(true);
      expect(await backoffice.insertUser({ ...cy, providerId: null, operatorId: "op" })).toBe(false);
      expect(await backoffice.insertUser({ ...al, providerId: "prov" })).toBe(false);
      expect(await backoffice.findUser(cy.username)).toEqual(cy);
      expect((await backoffice.listUsers()).filter((u) => u.username.endsWith(tag))).toEqual([al, cy]);
      const studio = session("s4", cy.username, 9_000);
      await backoffice.insertSession(studio);
      expect(await backoffice.findSession(studio.tokenHash)).toEqual(studio);
      expect(await backoffice.deleteUser(cy.username)).toBe(true);
      expect(await backoffice.findSession(studio.tokenHash)).toBeUndefined();
    });

    it("spends sign-in attempts from a token bucket per key, refills it over time, and forgets a bucket once it is full again", async () => {
      const { backoffice } = kit();
      const tag = randomUUID();
      const limit = { burst: 3, perSecond: 1 / 60 };
      const take = (key: string, now: number) => backoffice.takeSignInAttempt(`${key}-${tag}`, limit, now);
      for (let i = 0; i < 3; i++) expect(await take("a", 1_000)).toEqual({ allowed: true });
      const refused = await take("a", 1_000);
      expect(refused.allowed).toBe(false);
      if (!refused.allowed) expect(refused.tokens).toBeCloseTo(0, 6);
      // Half a minute later half an attempt has come back; a minute later a whole one, spent at once.
      const half = await take("a", 31_000);
      expect(half.allowed ? NaN : half.tokens).toBeCloseTo(0.5, 6);
      expect(await take("a", 61_000)).toEqual({ allowed: true });
      expect((await take("a", 61_000)).allowed).toBe(false);
      // Another key has its own bucket.
      expect(await take("b", 61_000)).toEqual({ allowed: true });
      // A bucket full again is deleted by the next attempt taken after that: emptied at 61 s, full at 241 s, gone once
      // "c" is taken at 300 s, so "a" starts over, full, even at a time before its last attempt.
      expect((await take("a", 100_000)).allowed).toBe(false);
      expect(await take("c", 300_000)).toEqual({ allowed: true });
      for (let i = 0; i < 3; i++) expect(await take("a", 2_000)).toEqual({ allowed: true });
      expect((await take("a", 2_000)).allowed).toBe(false);
    });
  });

  describe("monitoring queries", () => {
    it("lists an operator's sessions newest first, filtered and paged by a cursor, never a token, and counts the live ones", async () => {
      const { sessions, monitoring } = kit();
      const operatorId = `op-${randomUUID()}`;
      const [older, expired, newest] = [
        newSession({ operatorId, playerRef: "p-a", gameId: "g1", language: "de", createdAt: 1_000, expiresAt: 5_000 }),
        newSession({ operatorId, playerRef: "p-b", gameId: "g2", demo: true, createdAt: 2_000, expiresAt: 3_000 }),
        // Created in the same millisecond as the one before, later: the cursor's second key orders them.
        newSession({ operatorId, playerRef: "p-a", gameId: "g2", createdAt: 2_000, expiresAt: 9_000 }),
      ];
      for (const s of [older, expired, newest, newSession({ createdAt: 2_500 })]) await sessions.insert(s);
      const listed = ({ tokenHash, playerRef, gameId, providerId, operatorId, currency, language, demo, createdAt, expiresAt }: SessionRecord) => ({
        // The reference the webhook delivery log names a session by: the start of its token's digest.
        sessionRef: tokenHash.slice(0, 16),
        playerRef,
        gameId,
        providerId,
        operatorId,
        currency,
        language,
        demo,
        createdAt,
        expiresAt,
      });
      const read = async (filter: Partial<SessionFilter>, after?: { createdAt: number; rowid: number }, limit = 10) =>
        (await monitoring.sessions({ operatorId }, { status: "all", now: 4_000, ...filter }, after, limit)).map(({ rowid, ...row }) => {
          expect(Number.isSafeInteger(rowid)).toBe(true);
          return row;
        });
      expect(await read({})).toEqual([newest, expired, older].map(listed));
      const [, last] = await monitoring.sessions({ operatorId }, { status: "all", now: 4_000 }, undefined, 2);
      expect(await read({}, { createdAt: last!.createdAt, rowid: last!.rowid }, 2)).toEqual([listed(older)]);
      expect(await read({ playerRef: "p-a" })).toEqual([newest, older].map(listed));
      expect(await read({ gameId: "g2" })).toEqual([newest, expired].map(listed));
      expect(await read({ status: "active" })).toEqual([newest, older].map(listed));
      expect(await read({ status: "expired" })).toEqual([listed(expired)]);
      expect(await read({ sessionRef: older.tokenHash.slice(0, 16) })).toEqual([listed(older)]);
      expect(await monitoring.activeSessions(operatorId, 4_000)).toBe(2);
      expect(await monitoring.activeSessions(operatorId, 5_000)).toBe(1);
    });

    it("keeps per-minute counters of an operator's transactions by state and of its wallet calls by outcome and latency", async () => {
      const { ledger, monitoring } = kit();
      const operatorId = `op-${randomUUID()}`;
      const minute = 60_000;
      const settled = await ledger.claim({ kind: "provider", transaction: newBet({ operatorId }), nonce: undefined }, 1 * minute, 0, PROVIDER);
      const refused = await ledger.claim({ kind: "provider", transaction: newBet({ operatorId }), nonce: undefined }, 2 * minute, 0, PROVIDER);
      if (settled.kind !== "claimed" || refused.kind !== "claimed") throw new Error("unreachable");
      await ledger.recordOutcome(settled.record, ok, 1 * minute + 4);
      await ledger.recordOutcome(refused.record, failed(null), 2 * minute + 50);
      await ledger.claim({ kind: "provider", transaction: newBet({ operatorId, type: "WIN" }), nonce: undefined }, 3 * minute, 0, PROVIDER);
      await ledger.claim({ kind: "provider", transaction: newBet(), nonce: undefined }, 2 * minute, 0, PROVIDER);
      // Claimed again a minute later: the count moves from FAILED back to PENDING in the minute it was received.
      const again = await ledger.claim({ kind: "resend", key: refused.record }, 4 * minute, 0, PROVIDER);
      if (again.kind !== "claimed") throw new Error("unreachable");

      // A count moved away leaves its row at 0: the same as no row.
      // Only the counters that are not 0, by name, with the latency buckets by their bound.
      const shown = (rows: OperatorMinute[]) =>
        rows.map(({ latencyBuckets, ...counts }) => ({
          ...Object.fromEntries(Object.entries(counts).filter(([name, n]) => name === "minute" || n !== 0)),
          ...Object.fromEntries(latencyBuckets.flatMap((n, i) => (n === 0 ? [] : [[`le${LATENCY_BUCKET_BOUNDS_MS[i] ?? "More"}`, n]]))),
        }));
      expect(shown(await monitoring.minutes(operatorId, 0))).toEqual([
        { minute: 1, received: 1, bet: 1, ok: 1, callsStarted: 1, callsOk: 1, latencyMsSum: 4, le5: 1 },
        { minute: 2, received: 1, bet: 1, pending: 1, callsStarted: 1, callsFailed: 1, latencyMsSum: 50, le50: 1 },
        { minute: 3, received: 1, win: 1, pending: 1, callsStarted: 1 },
        // Calls count in the minute they started.
        { minute: 4, callsStarted: 1 },
      ]);
      expect(shown(await monitoring.minutes(operatorId, 3)).map((row) => row.minute)).toEqual([3, 4]);
    });

    it("counts each wallet call in the latency bucket of its duration, at and just past every bound", async () => {
      const { ledger, monitoring } = kit();
      const operatorId = `op-${randomUUID()}`;
      const start = 10 * 60_000;
      const durations = [0, ...LATENCY_BUCKET_BOUNDS_MS.flatMap((bound) => [bound, bound + 1])];
      for (const [i, ms] of durations.entries()) {
        const claimed = await ledger.claim({ kind: "provider", transaction: newBet({ operatorId }), nonce: undefined }, start, 0, PROVIDER);
        if (claimed.kind !== "claimed") throw new Error("unreachable");
        await ledger.recordOutcome(claimed.record, i % 3 === 0 ? failed(null) : ok, start + ms);
      }
      // The first bound at or above the duration; past the last, the last bucket.
      const bucketOf = (ms: number) => {
        const first = LATENCY_BUCKET_BOUNDS_MS.findIndex((bound) => ms <= bound);
        return first === -1 ? LATENCY_BUCKET_BOUNDS_MS.length : first;
      };
      const expected = [...LATENCY_BUCKET_BOUNDS_MS, "more"].map(() => 0);
      for (const ms of durations) expected[bucketOf(ms)]! += 1;
      const [row, ...more] = await monitoring.minutes(operatorId, 0);
      expect(more).toEqual([]);
      const failures = Math.ceil(durations.length / 3);
      expect(row).toMatchObject({ minute: 10, received: durations.length, pending: 0, failed: failures, ok: durations.length - failures });
      expect(row).toMatchObject({ callsStarted: durations.length, callsFailed: failures, callsOk: durations.length - failures });
      expect(row!.latencyBuckets).toEqual(expected);
      expect(row!.latencyMsSum).toBe(durations.reduce((sum, ms) => sum + ms, 0));
    });
  });

  describe("round lookup", () => {
    it("names the provider and player of a round's first transaction, under its operator and game only, and never of an adjustment", async () => {
      const { ledger, roundLookup } = kit();
      const operatorId = `op-${randomUUID()}`;
      const bet = newBet({ operatorId });
      await ledger.claim({ kind: "provider", transaction: bet, nonce: undefined }, 1_000, 0, PROVIDER);
      await ledger.claim(
        { kind: "provider", transaction: newBet({ operatorId, roundId: bet.roundId, type: "WIN" }), nonce: undefined },
        2_000,
        0,
        PROVIDER,
      );
      expect(await roundLookup.roundOwner(operatorId, "g", bet.roundId)).toEqual({ providerId: "prov", playerRef: bet.playerRef });
      expect(await roundLookup.roundOwner(`op-${randomUUID()}`, "g", bet.roundId)).toBeUndefined();
      expect(await roundLookup.roundOwner(operatorId, "another-game", bet.roundId)).toBeUndefined();
      expect(await roundLookup.roundOwner(operatorId, "g", `r-${randomUUID()}`)).toBeUndefined();
      const adjustment = newBet({ operatorId, type: "ADJUSTMENT" });
      await ledger.claim({ kind: "provider", transaction: adjustment, nonce: undefined }, 3_000, 0, { by: "OPERATOR", actor: "ops" });
      expect(await roundLookup.roundOwner(operatorId, "g", adjustment.roundId)).toBeUndefined();
    });
  });
}

describe("store contract: SQLite", () => {
  let stores: StoreKit;
  beforeAll(() => {
    stores = sqliteKit();
  });
  afterAll(() => stores.close());
  storeContract(() => stores);
});

describePostgres("store contract: PostgreSQL", () => {
  let database: TestDatabase;
  let stores: StoreKit;
  beforeAll(async () => {
    database = await createTestDatabase();
    stores = await postgresKit(database.url);
  });
  afterAll(async () => {
    await stores?.close();
    await database?.drop();
  });
  storeContract(() => stores);
});
