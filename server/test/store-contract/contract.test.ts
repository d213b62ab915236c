import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BackofficeSessionRecord, BackofficeUserRecord } from "../../src/domain/ports/backoffice.js";
import type { NewTransaction, RecordedOutcome } from "../../src/domain/ports/ledger.js";
import type { SessionFilter } from "../../src/domain/ports/monitoring.js";
import type { DeferredNonce, NonceLog } from "../../src/domain/ports/nonces.js";
import type { GrantRecord } from "../../src/domain/ports/grants.js";
import type { SessionRecord } from "../../src/domain/ports/sessions.js";
import { createTestDatabase, describePostgres, type TestDatabase } from "../postgres.js";
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
  const newBet = (over: Partial<NewTransaction> = {}): NewTransaction => ({
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
    sessionTokenHash: "digest-of-st_1",
    callbackBody: '{"type":"BET"}',
    ...over,
  });
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

  describe("ledger", () => {
    it("claims a new transaction once; a repeat is in flight, then settled; another body is refused", async () => {
      const { ledger } = kit();
      const bet = newBet();
      const first = await ledger.claim(bet, 1_000, 0, true, PROVIDER);
      expect(first).toMatchObject({ kind: "claimed", record: { state: "PENDING", attempts: 1, amount: 35, roundComplete: false, problem: false } });
      expect((await ledger.claim(bet, 1_500, 500, true, PROVIDER)).kind).toBe("in-flight");
      expect((await ledger.claim({ ...bet, requestHash: "other" }, 1_500, 500, true, PROVIDER)).kind).toBe("different-body");
      if (first.kind !== "claimed") throw new Error("unreachable");
      const settled = await ledger.recordOutcome(first.record, ok, 2_000);
      expect(settled).toMatchObject({ state: "OK", responseBalance: 965, updatedAt: 2_000 });
      expect(await ledger.claim(bet, 3_000, 2_000, true, PROVIDER)).toMatchObject({ kind: "settled", record: { state: "OK", attempts: 1 } });
      expect(await ledger.find(bet)).toMatchObject({ state: "OK", callbackBody: '{"type":"BET"}', sessionTokenHash: "digest-of-st_1" });
      expect(await ledger.roundStatus(bet)).toBe("OPEN");
    });

    it("of many concurrent claims of one transaction exactly one owns the call", async () => {
      const { ledger } = kit();
      const bet = newBet();
      const results = await Promise.all(Array.from({ length: 12 }, () => ledger.claim(bet, 1_000, 0, true, PROVIDER)));
      expect(results.filter((r) => r.kind === "claimed")).toHaveLength(1);
      expect(results.filter((r) => r.kind === "in-flight")).toHaveLength(11);
    });

    it("of concurrent claims of one new id with different requests (players) one owns the call, the others are told the body differs", async () => {
      const { ledger } = kit();
      const bet = newBet();
      const others = Array.from({ length: 6 }, (_, i) => ({ ...bet, playerRef: `${bet.playerRef}-${i}`, requestHash: `h-${i}` }));
      const results = await Promise.all([bet, ...others].map((t) => ledger.claim(t, 1_000, 0, true, PROVIDER)));
      expect(results.filter((r) => r.kind === "claimed")).toHaveLength(1);
      expect(results.filter((r) => r.kind === "different-body")).toHaveLength(6);
    });

    it("re-claims a stale PENDING or failed record, and fences the outcome of the attempt it replaced", async () => {
      const { ledger } = kit();
      const bet = newBet();
      const first = await ledger.claim(bet, 1_000, 0, true, PROVIDER);
      if (first.kind !== "claimed") throw new Error(first.kind);
      const [orphan] = (await ledger.pending()).filter((r) => r.transactionId === bet.transactionId);
      // The lease ran out (its owner died mid-call): a retry claims attempt 2 and settles it.
      const retry = await ledger.claim(bet, 5_000, 4_000, true, PROVIDER);
      expect(retry).toMatchObject({ kind: "claimed", record: { attempts: 2, state: "PENDING" } });
      if (retry.kind !== "claimed") throw new Error(retry.kind);
      await ledger.recordOutcome(retry.record, ok, 5_010);
      expect(await ledger.recordOrphanOutcome(orphan!, timedOut, 6_000)).toBe(false);
      expect(await ledger.find(bet)).toMatchObject({ state: "OK", responseBalance: 965, attempts: 2 });
      // A failed record is claimed again at once; a settled one never.
      const credit = newBet({ type: "WIN" });
      const c1 = await ledger.claim(credit, 1_000, 0, true, PROVIDER);
      if (c1.kind !== "claimed") throw new Error(c1.kind);
      await ledger.recordOutcome(c1.record, failed(1_500), 1_100);
      expect(await ledger.claimForResend(credit, 1_200, 0, { by: "SETTLEMENT_RETRY", actor: null })).toMatchObject({ attempts: 2, state: "PENDING" });
      expect(await ledger.claimForResend(credit, 1_300, 0, { by: "SETTLEMENT_RETRY", actor: null })).toBeUndefined();
      expect(await ledger.claimForResend(bet, 9_000, 9_000, { by: "OPERATOR", actor: "x" })).toBeUndefined();
    });

    it("recovers an untouched orphan and queues an unknown BET as a problem", async () => {
      const { ledger, problems } = kit();
      const bet = newBet({ operatorId: `op-${randomUUID()}` });
      await ledger.claim(bet, 1_000, 0, true, PROVIDER);
      const [orphan] = (await ledger.pending()).filter((r) => r.transactionId === bet.transactionId);
      expect(await ledger.recordOrphanOutcome(orphan!, timedOut, 6_000)).toBe(true);
      expect(await ledger.find(bet)).toMatchObject({ state: "TIMED_OUT", attempts: 1 });
      expect(await problems.openCounts(bet.operatorId)).toEqual({ UNKNOWN_OUTCOME: 1 });
    });

    it("refuses another provider's transactionId, or a ROLLBACK of another provider's BET, for the same operator and player", async () => {
      const { ledger } = kit();
      const bet = newBet();
      await ledger.claim(bet, 1_000, 0, true, PROVIDER);
      expect(await ledger.claim({ ...bet, providerId: "prov-other" }, 1_000, 0, true, PROVIDER)).toEqual({ kind: "id-of-another-provider" });
      const rollback = newBet({ providerId: "prov-other", playerRef: bet.playerRef, type: "ROLLBACK", originalTransactionId: bet.transactionId });
      expect(await ledger.claim(rollback, 1_000, 0, true, PROVIDER)).toEqual({ kind: "original-of-another-provider" });
      // The same ids for another player are independent.
      expect((await ledger.claim({ ...bet, providerId: "prov-other", playerRef: "someone-else" }, 1_000, 0, true, PROVIDER)).kind).toBe("claimed");
    });

    it("completes a round, finds a reversal, and closes a stale round only if untouched since it was read", async () => {
      const { ledger } = kit();
      const bet = newBet({ roundComplete: true });
      const c = await ledger.claim(bet, 1_000, 0, true, PROVIDER);
      if (c.kind !== "claimed") throw new Error(c.kind);
      await ledger.recordOutcome(c.record, ok, 1_001);
      expect(await ledger.roundStatus(bet)).toBe("COMPLETED");

      const open = newBet({ operatorId: `op-${randomUUID()}` });
      const o = await ledger.claim(open, 10, 0, true, PROVIDER);
      if (o.kind !== "claimed") throw new Error(o.kind);
      await ledger.recordOutcome(o.record, ok, 11);
      const [stale] = (await ledger.staleRounds(100, 1000)).filter((r) => r.operatorId === open.operatorId);
      expect(stale).toMatchObject({ providerId: "prov", gameId: "g", roundId: open.roundId, playerRef: open.playerRef, lastActivityAt: 10 });
      await ledger.flagUnclosedRound(stale!, "still open", 50);
      await ledger.flagUnclosedRound(stale!, "still open", 60);
      const rollback = newBet({
        operatorId: open.operatorId,
        playerRef: open.playerRef,
        roundId: open.roundId,
        type: "ROLLBACK",
        originalTransactionId: open.transactionId,
      });
      const r = await ledger.claim(rollback, 20, 0, false, { by: "RECONCILER", actor: null });
      if (r.kind !== "claimed") throw new Error(r.kind);
      await ledger.recordOutcome(r.record, ok, 21);
      expect(await ledger.reversalOf(open)).toMatchObject({ transactionId: rollback.transactionId, state: "OK" });
      expect((await ledger.transactionsOfRound(stale!)).map((t) => t.transactionId)).toEqual([open.transactionId, rollback.transactionId]);
      // Activity after the read: not closed.
      await ledger.claim(newBet({ operatorId: open.operatorId, playerRef: open.playerRef, roundId: open.roundId }), 30, 0, true, PROVIDER);
      expect(await ledger.closeRound(stale!)).toBe(false);
      const [again] = (await ledger.staleRounds(100, 1000)).filter((x) => x.operatorId === open.operatorId);
      expect(await ledger.closeRound(again!)).toBe(true);
      expect(await ledger.roundStatus(again!)).toBe("CLOSED");
    });

    it("lists credits due for a resend, marks problems and counts them", async () => {
      const { ledger } = kit();
      const win = newBet({ type: "WIN", operatorId: `op-${randomUUID()}` });
      const c = await ledger.claim(win, 1_000, 0, true, PROVIDER);
      if (c.kind !== "claimed") throw new Error(c.kind);
      const failedRecord = await ledger.recordOutcome(c.record, failed(2_000), 1_001);
      expect((await ledger.dueCredits(1_999, 10_000)).some((t) => t.transactionId === win.transactionId)).toBe(false);
      expect((await ledger.dueCredits(2_000, 10_000)).some((t) => t.transactionId === win.transactionId)).toBe(true);
      const before = await ledger.transactionCounts();
      await ledger.markProblem(failedRecord, 3_000);
      expect((await ledger.transactionCounts()).problems).toBe(before.problems + 1);
      expect((await ledger.problems()).some((t) => t.transactionId === win.transactionId && t.problem)).toBe(true);
      expect((await ledger.dueCredits(9_000, 10_000)).some((t) => t.transactionId === win.transactionId)).toBe(false);
      // Settled by a later attempt, its problem resolves itself.
      const again = await ledger.claimForResend(win, 4_000, 0, { by: "OPERATOR", actor: "ops" });
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
        const c = await ledger.claim(bet, 1_000 + i, 0, true, PROVIDER);
        if (c.kind === "claimed") await ledger.recordOutcome(c.record, ok, 1_100 + i);
      }
      const page = await ledgerQueries.list(operatorId, {}, undefined, 2);
      expect(page.map((t) => t.transactionId)).toEqual([bets[2]!.transactionId, bets[1]!.transactionId]);
      const next = await ledgerQueries.list(operatorId, {}, page[1]!.position, 2);
      expect(next.map((t) => t.transactionId)).toEqual([bets[0]!.transactionId]);
      expect(await ledgerQueries.list(operatorId, { playerRef: bets[1]!.playerRef, type: "BET", state: "OK" }, undefined, 10)).toHaveLength(1);
      const detail = await ledgerQueries.detail(operatorId, bets[0]!);
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
      expect(await ledgerQueries.detail("another-operator", bets[0]!)).toBeUndefined();
      expect(await ledgerQueries.round(operatorId, "g", bets[0]!.roundId)).toMatchObject({
        status: "OPEN",
        transactions: [{ transactionId: bets[0]!.transactionId }],
      });
      expect(await ledgerQueries.purgeDeliveryLogs(operatorId, 0, 2_000)).toBe(3);
      expect((await ledgerQueries.detail(operatorId, bets[0]!))?.deliveryLog).toEqual([]);
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
      expect((await grants.list(operatorId)).map((g) => g.id)).toEqual([grant.id, second.id]);
      expect((await grants.list(operatorId, "q")).map((g) => g.id)).toEqual([second.id]);
      expect(await grants.find("another", grant.id)).toBeUndefined();
      expect(await grants.findById(second.id)).toMatchObject({ status: "pending" });
      expect(await grants.failPendingUnchangedSince("2025-12-31T23:59:59.999Z", "interrupted", "2026-01-01T00:05:00.000Z")).toBe(0);
      expect(await grants.failPendingUnchangedSince("2026-01-01T00:00:00.000Z", "interrupted", "2026-01-01T00:05:00.000Z")).toBe(1);
      expect(await grants.find(operatorId, second.id)).toMatchObject({ status: "failed", lastError: "interrupted" });
    });
  });

  describe("first claim", () => {
    /** The port's deferred nonce as the HTTP layer makes it: recorded once, by the log or by the store. */
    const deferred = (log: NonceLog, nonce: string): DeferredNonce => {
      let outcome: Promise<boolean> | undefined;
      return {
        tenantId: "prov",
        nonce,
        expiresAtSeconds: 1_300,
        settle: () => (outcome ??= log.remember("prov", nonce, 1_300)),
        recordedWith: (fresh) => {
          outcome = Promise.resolve(fresh);
        },
      };
    };
    const liveSession = async (sessions: StoreKit["sessions"], playerRef: string) => {
      const session = newSession({ playerRef });
      await sessions.insert(session);
      return session.tokenHash;
    };

    it("claims a new id through a live session with its nonce; a replay, an ended session or a stored id writes nothing", async () => {
      const { ledger, sessions } = kit();
      const nonces = kit().nonces(() => 1_000);
      const playerRef = `p-${randomUUID()}`;
      const tokenHash = await liveSession(sessions, playerRef);
      const bet = newBet({ playerRef, sessionTokenHash: tokenHash });
      const nonce = deferred(nonces, randomUUID());
      expect(await ledger.claimFirst(bet, 1_000_000, PROVIDER, nonce)).toMatchObject({
        kind: "claimed",
        record: { state: "PENDING", attempts: 1, sessionTokenHash: tokenHash },
      });
      expect(await ledger.roundStatus(bet)).toBe("OPEN");
      // Recorded once, where every other call's nonce is: its answer is kept, and the nonce log refuses it.
      expect(await nonce.settle()).toBe(true);
      expect(await nonces.remember("prov", nonce.nonce, 1_300)).toBe(false);

      const replay = deferred(nonces, nonce.nonce);
      const replayed = newBet({ playerRef, sessionTokenHash: tokenHash });
      expect(await ledger.claimFirst(replayed, 1_000_000, PROVIDER, replay)).toEqual({ kind: "replayed" });
      expect(await replay.settle()).toBe(false);
      expect(await ledger.claimFirst(bet, 1_000_001, PROVIDER, undefined)).toEqual({ kind: "exists" });
      expect(await ledger.claimFirst(newBet({ sessionTokenHash: "no-such-session" }), 1_000_000, PROVIDER, undefined)).toEqual({
        kind: "session-ended",
      });
      expect(await ledger.claimFirst(replayed, 5_000_000, PROVIDER, undefined)).toEqual({ kind: "session-ended" });
      await sessions.deleteForPlayer("op", playerRef, 1_000_000);
      const fresh = deferred(nonces, randomUUID());
      expect(await ledger.claimFirst(replayed, 1_000_002, PROVIDER, fresh)).toEqual({ kind: "session-ended" });
      expect(await fresh.settle()).toBe(true);
      expect(await ledger.find(replayed)).toBeUndefined();
      expect(await ledger.find(bet)).toMatchObject({ state: "PENDING", attempts: 1 });
    });

    it("of concurrent first claims of one new id exactly one owns the call; another provider's id is refused as claim refuses it", async () => {
      const { ledger, sessions } = kit();
      const playerRef = `p-${randomUUID()}`;
      const tokenHash = await liveSession(sessions, playerRef);
      const bet = newBet({ playerRef, sessionTokenHash: tokenHash });
      const results = await Promise.all(Array.from({ length: 12 }, () => ledger.claimFirst(bet, 1_000, PROVIDER, undefined)));
      expect(results.filter((r) => r.kind === "claimed")).toHaveLength(1);
      expect(results.filter((r) => r.kind === "exists")).toHaveLength(11);
      const foreign = { ...bet, providerId: "another" };
      expect(await ledger.claimFirst(foreign, 1_000, PROVIDER, undefined)).toEqual({ kind: "id-of-another-provider" });
      const rollback = newBet({
        playerRef,
        sessionTokenHash: tokenHash,
        providerId: "another",
        type: "ROLLBACK",
        originalTransactionId: bet.transactionId,
      });
      expect(await ledger.claimFirst(rollback, 1_000, PROVIDER, undefined)).toEqual({ kind: "original-of-another-provider" });
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
      await ledger.claim(bet, 1_000, 0, true, PROVIDER);
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
      expect(await problems.resolve(problem!.id, entry, 3_000)).toBe(true);
      expect(await problems.resolve(problem!.id, entry, 3_001)).toBe(false);
      expect(await problems.problem(bet.operatorId, problem!.id)).toMatchObject({ resolvedAt: 3_000, resolvedBy: "alice", resolution: "checked" });
      expect(await problems.auditLog(bet.operatorId, Number.MAX_SAFE_INTEGER, 10)).toEqual([expect.objectContaining({ ...entry, createdAt: 3_000 })]);
    });
  });

  describe("back office", () => {
    it("adds an account once, lists accounts by username, ends sessions one by one, when expired, or with their account", async () => {
      const { backoffice } = kit();
      const tag = randomUUID();
      const user = (name: string, over: Partial<BackofficeUserRecord> = {}): BackofficeUserRecord => ({
        username: `${name}-${tag}`,
        operatorId: null,
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
    });
  });

  describe("monitoring queries", () => {
    /** Rows whose order the port leaves open, in one order. */
    const sorted = <T>(rows: T[]) => [...rows].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));

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
      const listed = ({ playerRef, gameId, providerId, currency, language, demo, createdAt, expiresAt }: SessionRecord) => ({
        playerRef,
        gameId,
        providerId,
        currency,
        language,
        demo,
        createdAt,
        expiresAt,
      });
      const read = async (filter: Partial<SessionFilter>, after?: { createdAt: number; rowid: number }, limit = 10) =>
        (await monitoring.sessions(operatorId, { status: "all", now: 4_000, ...filter }, after, limit)).map(({ rowid, ...row }) => {
          expect(Number.isSafeInteger(rowid)).toBe(true);
          return row;
        });
      expect(await read({})).toEqual([newest, expired, older].map(listed));
      const [, last] = await monitoring.sessions(operatorId, { status: "all", now: 4_000 }, undefined, 2);
      expect(await read({}, { createdAt: last!.createdAt, rowid: last!.rowid }, 2)).toEqual([listed(older)]);
      expect(await read({ playerRef: "p-a" })).toEqual([newest, older].map(listed));
      expect(await read({ gameId: "g2" })).toEqual([newest, expired].map(listed));
      expect(await read({ status: "active" })).toEqual([newest, older].map(listed));
      expect(await read({ status: "expired" })).toEqual([listed(expired)]);
      expect(await monitoring.activeSessions(operatorId, 4_000)).toBe(2);
      expect(await monitoring.activeSessions(operatorId, 5_000)).toBe(1);
    });

    it("counts an operator's transactions by state and type, and lists the wallet calls of a window with their outcome and duration", async () => {
      const { ledger, monitoring } = kit();
      const operatorId = `op-${randomUUID()}`;
      const settled = await ledger.claim(newBet({ operatorId }), 1_000, 0, true, PROVIDER);
      const refused = await ledger.claim(newBet({ operatorId }), 2_000, 0, true, PROVIDER);
      if (settled.kind !== "claimed" || refused.kind !== "claimed") throw new Error("unreachable");
      await ledger.recordOutcome(settled.record, ok, 1_100);
      await ledger.recordOutcome(refused.record, failed(null), 2_050);
      await ledger.claim(newBet({ operatorId, type: "WIN" }), 3_000, 0, true, PROVIDER);
      await ledger.claim(newBet(), 2_000, 0, true, PROVIDER);

      expect(sorted(await monitoring.transactionCounts(operatorId, 0, 10_000))).toEqual(
        sorted([
          { state: "OK", type: "BET", n: 1 },
          { state: "FAILED", type: "BET", n: 1 },
          { state: "PENDING", type: "WIN", n: 1 },
        ]),
      );
      expect(await monitoring.transactionCounts(operatorId, 1_000, 2_000)).toEqual([{ state: "OK", type: "BET", n: 1 }]);
      // A call still out has neither outcome nor duration; the window holds the calls started in [from, to).
      expect(sorted(await monitoring.walletCalls(operatorId, 0, 1_500, 3_500))).toEqual(
        sorted([
          { outcome: "FAILED", durationMs: 50 },
          { outcome: null, durationMs: null },
        ]),
      );
      expect(sorted(await monitoring.walletCalls(operatorId, 0, 0, 3_000))).toEqual(
        sorted([
          { outcome: "OK", durationMs: 100 },
          { outcome: "FAILED", durationMs: 50 },
        ]),
      );
      expect(await monitoring.walletCalls(operatorId, 2_500, 0, 10_000)).toEqual([{ outcome: null, durationMs: null }]);
    });
  });

  describe("round lookup", () => {
    it("names the provider and player of a round's first transaction, under its operator and game only, and never of an adjustment", async () => {
      const { ledger, roundLookup } = kit();
      const operatorId = `op-${randomUUID()}`;
      const bet = newBet({ operatorId });
      await ledger.claim(bet, 1_000, 0, true, PROVIDER);
      await ledger.claim(newBet({ operatorId, roundId: bet.roundId, type: "WIN" }), 2_000, 0, true, PROVIDER);
      expect(await roundLookup.roundOwner(operatorId, "g", bet.roundId)).toEqual({ providerId: "prov", playerRef: bet.playerRef });
      expect(await roundLookup.roundOwner(`op-${randomUUID()}`, "g", bet.roundId)).toBeUndefined();
      expect(await roundLookup.roundOwner(operatorId, "another-game", bet.roundId)).toBeUndefined();
      expect(await roundLookup.roundOwner(operatorId, "g", `r-${randomUUID()}`)).toBeUndefined();
      const adjustment = newBet({ operatorId, type: "ADJUSTMENT" });
      await ledger.claim(adjustment, 3_000, 0, true, { by: "OPERATOR", actor: "ops" });
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
