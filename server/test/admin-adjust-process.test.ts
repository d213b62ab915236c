import { startWallet, type RunningWallet } from "@croupier/mock-operator-wallet";
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_SCRIPT,
  OPERATOR,
  PROVIDER,
  isSignedFor,
  runNodeScript,
  startScriptedPeer,
  sendJson,
  signedRequest,
  startTestServer,
  tempDir,
  testConfigJson,
} from "./harness.js";
import { startHoldingWallet, launchSession } from "./wallet-harness.js";

/** ADJUSTMENT, the platform's manual balance correction, sent by the admin tool through the wallet relay. */
describe("admin adjust", () => {
  const dir = tempDir();
  const configFile = `${dir.path}/config.json`;
  let wallet: RunningWallet;

  beforeAll(async () => {
    wallet = await startWallet({ tenantId: OPERATOR.id, secret: OPERATOR.secret, startingBalance: 10_000, db: `${dir.path}/wallet.db` });
    writeFileSync(configFile, JSON.stringify(testConfigJson({ wallet: wallet.url, sqlitePath: `${dir.path}/croupier.db` })));
  });
  afterAll(async () => {
    await wallet?.close();
    dir.remove();
  });

  const adjust = (...args: string[]) => runNodeScript(ADMIN_SCRIPT, ["adjust", ...args, "--config", configFile]);
  const terms = (player: string, id: string, direction: string, amount: string) => [
    "--operator",
    OPERATOR.id,
    "--player",
    player,
    "--game",
    "starfall",
    "--currency",
    "EUR",
    "--amount",
    amount,
    "--direction",
    direction,
    "--id",
    id,
  ];
  /** Every transaction callback the wallet received, whatever became of it. */
  const transactionCalls = () => {
    const { applied, declined, replayed, faults } = wallet.stats.snapshot();
    return Object.values(applied).reduce((a, b) => a + b, 0) + declined + replayed + faults.failures + faults.timeouts + faults.droppedReplies;
  };
  const entries = (player: string) => wallet.ledger.entries(player).filter((e) => e.type === "ADJUSTMENT");

  it("credits and debits the player's wallet once each, signed as every callback, with the direction on the wire", async () => {
    const credit = await adjust(...terms("p-adj", "ticket-1", "CREDIT", "1500"), "--reason", "goodwill, ticket 1");
    expect(credit.stderr).toBe("");
    expect(credit.code).toBe(0);
    expect(JSON.parse(credit.stdout)).toEqual({ transactionId: "adjustment:ticket-1", status: "OK", balance: 11_500 });
    const debit = await adjust(...terms("p-adj", "ticket-2", "DEBIT", "400"));
    expect(JSON.parse(debit.stdout)).toEqual({ transactionId: "adjustment:ticket-2", status: "OK", balance: 11_100 });
    expect(wallet.ledger.balance("p-adj")).toBe(11_100);
    expect(entries("p-adj").map((e) => [e.transactionId, e.delta])).toEqual([
      ["adjustment:ticket-1", 1500],
      ["adjustment:ticket-2", -400],
    ]);

    // The same id again: the ledger answers, the wallet is not called, nothing moves twice.
    const calls = transactionCalls();
    const again = await adjust(...terms("p-adj", "ticket-1", "CREDIT", "1500"), "--reason", "goodwill, ticket 1");
    expect(JSON.parse(again.stdout)).toEqual({ transactionId: "adjustment:ticket-1", status: "OK", balance: 11_500 });
    expect(transactionCalls()).toBe(calls);
    expect(wallet.ledger.balance("p-adj")).toBe(11_100);

    // The same id with another amount or direction is refused, never sent.
    for (const other of [terms("p-adj", "ticket-1", "CREDIT", "9999"), terms("p-adj", "ticket-1", "DEBIT", "1500")]) {
      const refused = await adjust(...other, "--reason", "goodwill, ticket 1");
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/already used with a different request/);
    }
    expect(transactionCalls()).toBe(calls);
    expect(wallet.ledger.balance("p-adj")).toBe(11_100);
  });

  it("sends the TransactionRequest of the spec: ADJUSTMENT with direction, reason as metadata, the admin sentinel token", async () => {
    const peer = await startScriptedPeer((_req, res) => sendJson(res, 200, { status: "OK", balance: 42 }));
    const peerConfig = `${dir.path}/peer.json`;
    writeFileSync(peerConfig, JSON.stringify(testConfigJson({ wallet: peer.url, sqlitePath: `${dir.path}/peer.db` })));
    try {
      const result = await runNodeScript(ADMIN_SCRIPT, [
        "adjust",
        ...terms("p-wire", "w-1", "DEBIT", "7"),
        "--reason",
        "chargeback",
        "--config",
        peerConfig,
      ]);
      expect(result.code).toBe(0);
      expect(peer.requests).toHaveLength(1);
      const call = peer.requests[0]!;
      expect(call.method).toBe("POST");
      expect(call.url).toBe("/v1/wallet/transaction");
      expect(call.headers["x-tenant-id"]).toBe(OPERATOR.id);
      expect(isSignedFor(call, OPERATOR)).toBe(true);
      expect(JSON.parse(call.body)).toEqual({
        transactionId: "adjustment:w-1",
        sessionToken: "system:admin-adjustment",
        type: "ADJUSTMENT",
        roundId: "adjustment:w-1",
        playerRef: "p-wire",
        amount: 7,
        currency: "EUR",
        gameId: "starfall",
        direction: "DEBIT",
        metadata: { reason: "chargeback" },
      });
    } finally {
      await peer.close();
    }
  });

  it("a failure is reported and not resent by the service; running the command again resends the identical body once", async () => {
    wallet.faults.update({ failureRate: 1 });
    const failed = await adjust(...terms("p-fail", "f-1", "CREDIT", "250"));
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/did not apply adjustment:f-1 \(FAILED: .*500.*\); run the command again with the same --id/);
    expect(wallet.ledger.balance("p-fail")).toBe(10_000);

    // The running service's settlement retry leaves it alone (the admin resends it), and it makes no round to replay.
    const server = await startTestServer(
      testConfigJson({
        wallet: wallet.url,
        sqlitePath: `${dir.path}/croupier.db`,
        settlementRetry: { initialDelaySeconds: 0, maxDelaySeconds: 0, horizonSeconds: 3600 },
      }),
    );
    try {
      wallet.faults.update({ failureRate: 0 });
      const calls = transactionCalls();
      await server.services.settlementRetry.runOnce();
      expect(transactionCalls()).toBe(calls);
      const replay = await signedRequest(server.url, OPERATOR, "POST", "/v1/operator/rounds/replay", {
        roundId: "adjustment:f-1",
        gameId: "starfall",
      });
      expect(replay.status).toBe(404);
    } finally {
      await server.close();
    }
    const resent = await adjust(...terms("p-fail", "f-1", "CREDIT", "250"));
    expect(resent.code).toBe(0);
    expect(JSON.parse(resent.stdout)).toMatchObject({ status: "OK", balance: 10_250 });
    expect(entries("p-fail")).toHaveLength(1);
  });

  const LEASE_MS = 8000;

  it("kill -9 of the tool while the wallet holds the call: the next run resends the identical body and it applies once", async () => {
    // Applied, but the answer never comes: the tool dies waiting.
    const { peer, applied, release } = await startHoldingWallet();
    const peerConfig = `${dir.path}/kill.json`;
    // A callback timeout (the claim's lease) long enough that the rerun below starts well inside it on a loaded machine.
    const json = testConfigJson({ wallet: peer.url, sqlitePath: `${dir.path}/kill.db` }) as { operators: { callbackTimeoutMs: number }[] };
    for (const operator of json.operators) operator.callbackTimeoutMs = LEASE_MS;
    writeFileSync(peerConfig, JSON.stringify(json));
    const args = ["adjust", ...terms("p-kill", "k-1", "CREDIT", "30"), "--config", peerConfig];
    try {
      const child = spawn(process.execPath, [ADMIN_SCRIPT, ...args], { stdio: "ignore" });
      const exited = new Promise((resolve) => child.on("exit", resolve));
      const deadline = Date.now() + 10_000;
      while (peer.requests.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(peer.requests).toHaveLength(1);
      // The claim's lease began before the wallet saw the call: it has run out by this time, whatever the rerun below took.
      const leaseOver = Date.now() + LEASE_MS + 100;
      child.kill("SIGKILL");
      await exited;

      release();
      // The intent was recorded before the call: within the callback timeout a rerun is refused as in flight; after it
      // the record is re-claimed and resent, identical, and the wallet's cached answer settles it.
      const early = await runNodeScript(ADMIN_SCRIPT, args);
      expect(early.code).toBe(1);
      expect(early.stderr).toMatch(/in flight/);
      await new Promise((r) => setTimeout(r, leaseOver - Date.now()));
      const rerun = await runNodeScript(ADMIN_SCRIPT, args);
      expect(rerun.stderr).toBe("");
      expect(JSON.parse(rerun.stdout)).toEqual({ transactionId: "adjustment:k-1", status: "OK", balance: 1030 });
      expect(peer.requests.map((r) => r.body)).toEqual([peer.requests[0]!.body, peer.requests[0]!.body]);
      expect(applied.size).toBe(1);
    } finally {
      await peer.close();
    }
  });

  it("a provider cannot use the adjustment: id space, nor send ADJUSTMENT", async () => {
    const server = await startTestServer(testConfigJson({ wallet: wallet.url }));
    try {
      const sessionToken = await launchSession(server.url, { playerRef: "p-prov" });
      const reply = await signedRequest(server.url, PROVIDER, "POST", "/v1/wallet/transaction", {
        transactionId: "adjustment:ticket-1",
        sessionToken,
        type: "WIN",
        roundId: "r-1",
        playerRef: "p-prov",
        amount: 100,
        currency: "EUR",
        gameId: "starfall",
      });
      expect(reply.status).toBe(400);
      expect(reply.json.error).toMatch(/reserved for the platform's admin adjustments/);
    } finally {
      await server.close();
    }
  });

  it("refuses what it cannot send: usage mistakes exit 2; unknown operator, invisible game, unsupported currency exit 1", async () => {
    const mistakes = [
      [
        ["--operator", OPERATOR.id, "--player", "p-x", "--game", "starfall", "--currency", "EUR", "--amount", "5", "--direction", "CREDIT"],
        /--id required/,
      ],
      [terms("p-x", "m-1", "UP", "5"), /--direction must be CREDIT or DEBIT, got "UP"/],
      [terms("p-x", "m-1", "CREDIT", "-5"), /--amount/],
      [terms("p-x", "m-1", "CREDIT", "5e2"), /--amount must be a whole number/],
      [terms("p-x", "m-1", "CREDIT", "1.5"), /--amount must be a whole number/],
      [terms("p-x", "m-1", "CREDIT", "9007199254740992"), /--amount must be a whole number/],
      [[...terms("p-x", "m-1", "CREDIT", "5").slice(0, 7), "eur", ...terms("p-x", "m-1", "CREDIT", "5").slice(8)], /uppercase ISO-4217/],
    ] as const;
    for (const [args, message] of mistakes) {
      const result = await adjust(...args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    const refusals = [
      [["--operator", "op-nobody", ...terms("p-x", "m-1", "CREDIT", "5").slice(2)], /no operator op-nobody/],
      [
        [...terms("p-x", "m-1", "CREDIT", "5").slice(0, 5), "moonshot", ...terms("p-x", "m-1", "CREDIT", "5").slice(6)],
        /not configured or not visible/,
      ],
      [[...terms("p-x", "m-1", "CREDIT", "5").slice(0, 7), "GBP", ...terms("p-x", "m-1", "CREDIT", "5").slice(8)], /currency GBP is not supported/],
    ] as const;
    for (const [args, message] of refusals) {
      const result = await adjust(...args);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.stderr).toMatch(message);
    }
    expect(wallet.ledger.entries("p-x")).toEqual([]);
  });
});
