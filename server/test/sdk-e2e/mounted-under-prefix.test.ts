import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createWalletCallbackHandler, MemoryIdempotencyStore, toExpressMiddleware, withIdempotency } from "@croupier/sdk-operator";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR } from "../harness.js";
import { launchAndVerify, startDeployment, type Deployment } from "./support/deployment.js";

/**
 * The receivers under a path prefix, end to end: the service signs the full target (prefix included) and the
 * SDK verifies what it received, for a wallet mounted in Express before express.json() and for the webhook
 * receiver registered with a prefixed webhookUrl.
 */
describe("SDK end to end: receivers mounted under a path prefix", () => {
  let d: Deployment;
  let expressWallet: Server;
  let walletUrl: string;
  const balances = new Map([["p-dave", 1_000]]);
  const statuses: number[] = [];

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.on("finish", () => statuses.push(res.statusCode));
      next();
    });
    app.use(
      "/croupier",
      toExpressMiddleware(
        createWalletCallbackHandler({
          tenantId: OPERATOR.id,
          secrets: [OPERATOR.secret],
          onTransaction: withIdempotency(new MemoryIdempotencyStore(), (tx) => {
            const balance = (balances.get(tx.playerRef) ?? 0) + (tx.type === "WIN" ? tx.amount : -tx.amount);
            balances.set(tx.playerRef, balance);
            return { status: "OK", balance };
          }),
          onBalance: (playerRef) => ({ balance: balances.get(playerRef) ?? 0 }),
        }),
      ),
    );
    app.use(express.json()); // the app's other routes parse JSON; the wallet above read its raw bytes first
    expressWallet = createServer(app);
    await new Promise<void>((resolve) => expressWallet.listen(0, "127.0.0.1", resolve));
    walletUrl = `http://127.0.0.1:${(expressWallet.address() as AddressInfo).port}/croupier`;

    d = await startDeployment((json) => {
      (json.operators as Record<string, unknown>[])[0]!.callbackUrl = walletUrl;
      const provider = (json.providers as Record<string, unknown>[])[0]!;
      provider.webhookUrl = `${String(provider.webhookUrl)}/studio/hooks`;
    });
  });
  afterAll(async () => {
    await d?.close();
    await new Promise<void>((resolve) => {
      expressWallet?.closeAllConnections();
      expressWallet?.close(() => resolve());
    });
  });

  it("an Express wallet under /croupier settles a round and answers the balance", async () => {
    const { common } = await launchAndVerify(d, "p-dave");
    expect((await d.provider.bet({ ...common, roundId: "x-1", transactionId: "x-1-bet", amount: 400 })).data).toEqual({ status: "OK", balance: 600 });
    expect((await d.provider.win({ ...common, roundId: "x-1", transactionId: "x-1-win", amount: 50, roundComplete: true })).data).toEqual({
      status: "OK",
      balance: 650,
    });
    expect((await d.provider.balance(common.sessionToken)).data?.balance).toBe(650);
    expect(statuses).toEqual([200, 200, 200]);
    expect(d.wallet.calls).toHaveLength(0); // nothing went to the deployment's own wallet
  });

  it("the webhook receiver under /studio/hooks accepts the grant webhook", async () => {
    const issued = await d.operator.issueGrant({ playerRef: "p-dave", gameId: "starfall", spins: 3, currency: "EUR", idempotencyKey: "prefixed" });
    expect(issued.data).toMatchObject({ status: "active", externalRef: d.studio.grants[0]?.externalRef });
    expect(d.studio.answers).toEqual([200]);
  });
});
