import type { WalletStatsSnapshot } from "@croupier/mock-operator-wallet";
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newBenchIdentity, providerSigner } from "../dist/bench/bench-identity.js";
import { startBenchEnvironment, type BenchEnvironment, type Target } from "../dist/bench/bench-targets.js";
import { transactionPairs } from "../dist/bench/workloads.js";

// The bench's durable-writes baseline must really write what it claims to, or its figure means nothing. The built
// scripts run, as `npm run bench` runs them: the targets are spawned from dist.
describe("ledger proxy (bench baseline)", () => {
  const dir = mkdtempSync(join(tmpdir(), "croupier-ledger-proxy-"));
  const identity = newBenchIdentity();
  let environment: BenchEnvironment;
  let proxy: Target;

  beforeAll(async () => {
    environment = await startBenchEnvironment(identity, ["ledger-proxy"], dir, 2);
    proxy = environment.targets.get("ledger-proxy")!;
  }, 30_000);

  afterAll(async () => {
    await environment?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const send = async (seq: number, step: number) => {
    const call = transactionPairs(identity, providerSigner(identity), proxy.players, "lp").call(seq, step);
    const response = await request(`${proxy.urls[0]}${call.path}`, { method: call.method, headers: call.headers, body: call.body ?? null });
    return { status: response.statusCode, body: await response.body.text(), sent: call.body! };
  };

  it("records each transaction's request and the wallet's answer in its SQLite file before answering", async () => {
    const bet = await send(0, 0);
    expect(bet.status).toBe(200);
    expect(JSON.parse(bet.body)).toMatchObject({ status: "OK" });

    const ledger = new Database(join(dir, "ledger-proxy.db"), { readonly: true });
    try {
      const row = ledger.prepare("SELECT request, outcome FROM intents WHERE transaction_id = ?").get("lp-0-bet") as {
        request: string;
        outcome: string;
      };
      expect(JSON.parse(row.request)).toEqual(JSON.parse(bet.sent));
      expect(row.outcome).toBe(`200 ${bet.body}`);
    } finally {
      ledger.close();
    }
  });

  it("answers a transactionId it has already recorded with 409, without calling the wallet again", async () => {
    const walletUrl = environment.processes.find((p) => p.name === "wallet")!.url;
    const stats = async () => (await (await request(`${walletUrl}/control/stats`)).body.json()) as WalletStatsSnapshot;
    const before = await stats();
    const again = await send(0, 0);
    expect(again.status).toBe(409);
    expect(JSON.parse(again.body)).toEqual({ error: "transactionId already recorded" });
    const after = await stats();
    expect(after.applied.BET).toBe(before.applied.BET);
    expect(after.replayed).toBe(before.replayed);
  });
});
