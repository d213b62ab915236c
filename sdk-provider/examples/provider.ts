/** Example: a provider playing a round, receiving webhooks, and checking replay links. */
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import express from "express";
import {
  createProviderClient,
  createWebhookHandler,
  MemoryDedupStore,
  ReplayTokenError,
  toExpressMiddleware,
  toNodeListener,
  verifyReplayToken,
  withCancelDedup,
  withGrantDedup,
  type BetOrWinBody,
  type ProviderClient,
} from "@croupier/sdk-provider";

/** The client: transactions are retried (same transactionId, fresh signature) on 0/409/429/500/502/504. */
export function connect(baseUrl: string, secret: string): ProviderClient {
  return createProviderClient({ baseUrl, tenantId: "prov-star", secret, retry: { maxAttempts: 5, initialDelayMs: 100, maxDelayMs: 5000 } });
}

/** Plays one round: verify the session, bet, then win or (if the win cannot be settled) roll the bet back. */
export async function playRound(client: ProviderClient, sessionToken: string, roundId: string, stake: number, payout: number) {
  const session = await client.verifySession(sessionToken);
  if (session.error) throw session.error;
  const { playerRef, gameId, currency } = session.data;
  const common = { sessionToken, roundId, playerRef, gameId, currency };

  // A fresh UUID per transaction, kept (in your round's record) before the first send so every retry reuses it.
  const betId = randomUUID();
  const bet = await client.bet({ ...common, transactionId: betId, amount: stake });
  if (bet.error) {
    // Still failing after the retries: the bet's fate is unknown, so reverse it (idempotent on our id).
    await client.rollback({ ...common, transactionId: randomUUID(), originalTransactionId: betId, amount: stake });
    throw bet.error;
  }
  if (bet.data.status === "DECLINED") return { declined: true, balance: bet.data.balance };

  const win = await client.win({ ...common, transactionId: randomUUID(), amount: payout, roundComplete: true });
  if (win.error) throw win.error;
  return { declined: false, balance: win.data.balance };
}

/** Sends a WIN stored with your round; a transactionId first sent with other fields is a bug of yours, not a decline. */
export async function settleWin(client: ProviderClient, win: BetOrWinBody): Promise<number> {
  const { data, error } = await client.win(win);
  if (error?.code === "IDEMPOTENCY_MISMATCH") throw new Error(`transaction ${win.transactionId} was first sent with other fields`);
  if (error) throw error;
  return data.balance;
}

/** The webhooks: grant and cancel deduplicated on requestRef / externalRef, as the spec asks. */
export function createWebhooks(secrets: string[]) {
  const batches = new Map<string, { spins: number; played: number; cancelled: boolean }>();
  const revoked = new Set<string>();
  const handler = createWebhookHandler({
    tenantId: "prov-star",
    secrets,
    onGrant: withGrantDedup(new MemoryDedupStore(), (request) => {
      const externalRef = `star-${batches.size + 1}`;
      batches.set(externalRef, { spins: request.spins, played: 0, cancelled: false });
      return { externalRef };
    }),
    onStatus(request) {
      const batch = batches.get(request.externalRef);
      if (!batch) return { remainingSpins: 0, completed: true };
      const remainingSpins = batch.cancelled ? 0 : batch.spins - batch.played;
      return { remainingSpins, completed: remainingSpins === 0 };
    },
    onCancel: withCancelDedup(new MemoryDedupStore(), (request) => {
      const batch = batches.get(request.externalRef);
      if (batch) batch.cancelled = true;
    }),
    onRevoke: (request) => void revoked.add(request.sessionToken),
  });
  return { handler, batches, revoked };
}

/** node:http: the adapter reads the raw body itself. */
export function serveWebhooksWithNode(secrets: string[]): Server {
  return createServer(toNodeListener(createWebhooks(secrets).handler));
}

/** Express: mount before any JSON parser; the signed target is req.originalUrl, prefix included. */
export function serveWebhooksWithExpress(secrets: string[]): Server {
  const app = express();
  app.use("/croupier", toExpressMiddleware(createWebhooks(secrets).handler));
  return createServer(app);
}

/** A replay page: check the token from the link offline, with the current and previous secrets. */
export function openReplay(replayUrl: string, secrets: string[]): { roundId: string; gameId: string } | "expired" | "forbidden" {
  try {
    const claims = verifyReplayToken(new URL(replayUrl).searchParams.get("token") ?? "", secrets);
    return { roundId: claims.roundId, gameId: claims.gameId };
  } catch (error) {
    if (error instanceof ReplayTokenError) return error.reason === "expired" ? "expired" : "forbidden";
    throw error;
  }
}
