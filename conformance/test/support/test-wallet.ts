import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { faultyVerifier, type VerificationDefects } from "./faulty-verifier.js";

/** Money defects, each a mistake real wallets make. With none, the wallet follows every rule of section C. */
export interface WalletDefects extends VerificationDefects {
  /** Keeps no answer per transactionId: every retry is applied again. */
  doubleAppliesRetries?: boolean;
  /** Looks the cache up, then awaits, then applies: concurrent copies all apply. */
  racyIdempotency?: boolean;
  /** Keys the cache on (player, transactionId, amount). */
  cacheKeyedOnAmount?: boolean;
  /** Refunds the amount the ROLLBACK carries instead of the BET's. */
  refundsRollbackAmount?: boolean;
  /** Credits a ROLLBACK of a BET it never saw. */
  refundsUnknownRollbacks?: boolean;
  /** Refunds a BET again on every new ROLLBACK of it. */
  refundsTwice?: boolean;
  /** Refuses the reconciler's sentinel session token with 401. */
  refusesSentinelSession?: boolean;
  /** Lets a BET overdraw by up to 1000. */
  allowsOverdraft?: boolean;
  /** Declines a WIN of more than 0 whose round has no BET (as free-spin winnings have none). */
  declinesWinWithoutBet?: boolean;
  /** Refuses a BET of 0 with 400. */
  refusesZeroBet?: boolean;
  /** Keeps balances as 32-bit floats. */
  floatBalances?: boolean;
  /** Refuses bodies over 4 KiB with 413. */
  smallBodyLimit?: boolean;
  /** Credits every ADJUSTMENT, whatever its direction. */
  ignoresAdjustmentDirection?: boolean;
  /** Waits this long before every answer, milliseconds. */
  latencyMs?: number;
}

interface Transaction {
  transactionId: string;
  type: "BET" | "WIN" | "ROLLBACK" | "ADJUSTMENT";
  playerRef: string;
  roundId: string;
  amount: number;
  sessionToken: string;
  originalTransactionId?: string;
  direction?: "DEBIT" | "CREDIT";
}

/**
 * A small in-memory operator wallet for the kit's own tests: correct with no defects, wrong in exactly the ways the
 * defects name, so each test can show the kit's matching check fail, and only it.
 */
export async function startTestWallet(options: { tenantId: string; secret: string; players: Record<string, number>; defects?: WalletDefects }) {
  const defects = options.defects ?? {};
  const balances = new Map(Object.entries(options.players));
  const answers = new Map<string, string>();
  const bets = new Map<string, number>();
  const reversed = new Set<string>();
  const roundsWithBet = new Set<string>();
  const refuse = faultyVerifier(options.tenantId, options.secret, defects);
  /** Every request target received, in order. */
  const targets: string[] = [];
  const store = (value: number) => (defects.floatBalances ? Math.fround(value) : value);

  async function transact(request: Transaction): Promise<[number, string]> {
    const key = defects.cacheKeyedOnAmount
      ? `${request.playerRef}\n${request.transactionId}\n${request.amount}`
      : `${request.playerRef}\n${request.transactionId}`;
    const cached = defects.doubleAppliesRetries ? undefined : answers.get(key);
    if (cached) return [200, cached];
    if (defects.racyIdempotency) await sleep(100);
    if (request.type === "ROLLBACK" && defects.refusesSentinelSession && request.sessionToken === "system:stale-round-reconciler")
      return [401, "unknown session"];
    if (request.type === "BET" && request.amount === 0 && defects.refusesZeroBet) return [400, '{"error":"amount must be positive"}'];
    const before = balances.get(request.playerRef) ?? 0;
    const betKey = `${request.playerRef}\n${request.originalTransactionId ?? request.transactionId}`;
    let status = "OK";
    let delta = 0;
    switch (request.type) {
      case "BET":
        if (request.amount > before + (defects.allowsOverdraft ? 1000 : 0)) status = "DECLINED";
        else {
          delta = -request.amount;
          bets.set(betKey, request.amount);
          roundsWithBet.add(request.roundId);
        }
        break;
      case "WIN":
        if (defects.declinesWinWithoutBet && request.amount > 0 && !roundsWithBet.has(request.roundId)) status = "DECLINED";
        else delta = request.amount;
        break;
      case "ROLLBACK": {
        const bet = bets.get(betKey);
        if (reversed.has(betKey) && !defects.refundsTwice) break;
        reversed.add(betKey);
        if (bet !== undefined) delta = defects.refundsRollbackAmount ? request.amount : bet;
        else if (defects.refundsUnknownRollbacks) delta = request.amount;
        break;
      }
      case "ADJUSTMENT":
        delta = request.direction === "DEBIT" && !defects.ignoresAdjustmentDirection ? -request.amount : request.amount;
    }
    const after = store(before + delta);
    balances.set(request.playerRef, after);
    const answer = JSON.stringify({ status, balance: after });
    answers.set(key, answer);
    return [200, answer];
  }

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    targets.push(request.url ?? "");
    if (defects.latencyMs) await sleep(defects.latencyMs);
    const reply = (status: number, text: string) => {
      response.writeHead(status, { "content-type": text.startsWith("{") ? "application/json" : "text/plain" });
      response.end(text);
    };
    if (defects.smallBodyLimit && body.length > 4096) return reply(413, '{"error":"body too large"}');
    const refused = refuse(request, body);
    if (refused) return reply(refused, refused === 400 ? '{"error":"invalid nonce"}' : "invalid signature");
    const url = new URL(request.url ?? "/", "http://wallet.invalid");
    // Any base-address prefix works, as with a real callback URL such as https://host/croupier.
    const route = url.pathname.slice(url.pathname.indexOf("/v1/"));
    if (request.method === "GET" && route === "/v1/wallet/balance") {
      const playerRef = url.searchParams.get("playerRef") ?? "";
      const balance = balances.get(playerRef);
      return balance === undefined ? reply(404, '{"error":"unknown player"}') : reply(200, JSON.stringify({ balance }));
    }
    if (request.method === "POST" && route === "/v1/wallet/transaction") {
      const [status, text] = await transact(JSON.parse(body) as Transaction);
      return reply(status, text);
    }
    reply(404, '{"error":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    balances,
    targets,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
