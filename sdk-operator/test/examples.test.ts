import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { verify } from "@croupier/signing";
import { afterAll, describe, expect, it } from "vitest";
import { connect, launchForPlayer, rotate } from "../examples/operator-calls.js";
import { balanceAsThePlatformAsks, forgedBalanceCall } from "../examples/test-your-wallet.js";
import { Ledger, startExpressWallet, startNodeWallet } from "../examples/wallet.js";
import { sendSigned } from "./signed-fetch.js";

// The README's examples run here against the built package (npm test builds first).
const dir = mkdtempSync(join(tmpdir(), "sdk-operator-examples-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function start(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

for (const [name, startWallet, prefix] of [
  ["node:http", startNodeWallet, ""],
  ["Express", startExpressWallet, "/croupier"],
] as const) {
  describe(`example wallet over ${name}`, () => {
    it("settles a round idempotently, refunds a rollback once and accepts both secrets during rotation", async () => {
      const ledger = new Ledger();
      ledger.balances.set("p-1", 1000);
      const server = startWallet({ tenantId: "op-acme", secrets: ["new", "old"], sqliteFile: join(dir, `${name}.db`), ledger });
      const baseUrl = await start(server);
      try {
        const tx = { sessionToken: "st", roundId: "r-1", playerRef: "p-1", currency: "EUR", gameId: "starfall" };
        const send = (body: object, secret = "new") =>
          sendSigned(baseUrl, { method: "POST", target: `${prefix}/v1/wallet/transaction`, body: JSON.stringify(body), secret, tenantId: "op-acme" });
        const bet = { ...tx, transactionId: "b-1", type: "BET", amount: 300 };
        expect((await send(bet)).text).toBe('{"status":"OK","balance":700}');
        expect((await send(bet, "old")).text).toBe('{"status":"OK","balance":700}');
        const rollback = { ...tx, transactionId: "rb-1", type: "ROLLBACK", originalTransactionId: "b-1", amount: 300 };
        expect((await send(rollback)).text).toBe('{"status":"OK","balance":1000}');
        expect((await send({ ...rollback, transactionId: "stale-rollback:b-1" })).text).toBe('{"status":"OK","balance":1000}');
        expect((await send({ ...bet, transactionId: "b-2", amount: 5000 })).text).toBe('{"status":"DECLINED","balance":1000}');
        expect((await send(bet, "retired")).status).toBe(401);
        const balance = await sendSigned(baseUrl, {
          method: "GET",
          target: `${prefix}/v1/wallet/balance?playerRef=p-1`,
          secret: "old",
          tenantId: "op-acme",
        });
        expect(balance.text).toBe('{"balance":1000}');
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });
}

describe("example operator calls", () => {
  it("launches a game and rotates the secret against a service that checks signatures", async () => {
    const secrets = { current: "s-1" };
    const service = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const ok = verify({ method: req.method!, target: req.url!, headers: req.headers, body: Buffer.concat(chunks), secrets: [secrets.current] }).ok;
      if (!ok) return res.writeHead(401, { "content-type": "text/plain" }).end("invalid signature");
      if (req.url === "/croupier/portal/api/rotate-secret") {
        secrets.current = "s-2";
        return res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ secret: "s-2", previousSecretValidUntil: "2026-01-22T10:00:00Z" }));
      }
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ launchUrl: "https://games.example/starfall?token=t", sessionToken: "t" }));
    });
    const baseUrl = await start(service);
    try {
      const client = connect(`${baseUrl}/croupier`, "s-1");
      expect(await launchForPlayer(client, "p-1")).toBe("https://games.example/starfall?token=t");
      expect(await rotate(client, "s-1")).toEqual(["s-2", "s-1"]);
      // Signed with the new secret, which is now the only one the stub service accepts.
      expect(await launchForPlayer(client, "p-1")).toBe("https://games.example/starfall?token=t");
      secrets.current = "something-else";
      await expect(launchForPlayer(client, "p-1")).rejects.toMatchObject({ status: 401, message: "invalid signature" });
    } finally {
      await new Promise((resolve) => service.close(resolve));
    }
  });
});

describe("example: testing your wallet receiver with generateTestHeaders", () => {
  it("a call signed with the right secret is answered, one with a wrong secret is refused", async () => {
    const ledger = new Ledger();
    ledger.balances.set("p-7", 4200);
    const server = startNodeWallet({ tenantId: "op-acme", secrets: ["s-1"], sqliteFile: join(dir, "headers.db"), ledger });
    const url = await start(server);
    try {
      expect(await balanceAsThePlatformAsks(url, "s-1", "p-7")).toEqual({ status: 200, body: { balance: 4200 } });
      expect(await forgedBalanceCall(url, "p-7")).toBe(401);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
