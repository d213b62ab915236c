import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { startWallet } from "../src/index.js";
import { getJson, signedWalletClient, transactionBody } from "./signed-wallet-client.js";

const identity = { tenantId: "op-acme", secret: "acme-secret" };
const directory = mkdtempSync(join(tmpdir(), "croupier-wallet-"));
const cli = fileURLToPath(new URL("../dist/main.js", import.meta.url));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("a wallet on a SQLite file", () => {
  it("keeps balances, the ledger and the idempotency cache across a restart", async () => {
    const db = join(directory, "restart.db");
    const body = JSON.stringify(transactionBody({ type: "BET", playerRef: "p-1", amount: 300 }));
    const first = await startWallet({ ...identity, db, players: { "p-1": 1_000 } });
    const answer = await signedWalletClient(first.url, identity).transaction(body);
    expect(answer.json()).toEqual({ status: "OK", balance: 700 });
    await first.close();

    const second = await startWallet({ ...identity, db, players: { "p-1": 1_000 } });
    try {
      const client = signedWalletClient(second.url, identity);
      expect((await client.balance("p-1")).json()).toEqual({ balance: 700 });
      expect((await client.transaction(body)).text).toBe(answer.text);
      expect((await client.balance("p-1")).json()).toEqual({ balance: 700 });
      const { entries } = await getJson(second.url, "/ledger?playerRef=p-1");
      expect(entries).toHaveLength(1);
      expect(second.stats.snapshot().replayed).toBe(1);
    } finally {
      await second.close();
    }
  });
});

describe("the command line", () => {
  it("prints its usage with --help", () => {
    const result = spawnSync(process.execPath, [cli, "--help"], { encoding: "utf8" });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("--drop-after-apply-rate");
  });

  it("refuses a command line without a secret", () => {
    const result = spawnSync(process.execPath, [cli, "--tenant", "op-acme"], { encoding: "utf8" });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--secret is required");
  });

  it("serves signed callbacks with seeded players and limits, stops on SIGTERM, and dumps the ledger", async () => {
    const db = join(directory, "cli.db");
    const seed = join(directory, "seed.json");
    writeFileSync(seed, JSON.stringify({ players: { "p-seeded": 2_000, "p-flag": 1 } }));
    const child = spawn(
      process.execPath,
      [
        cli,
        "--port",
        "0",
        "--tenant",
        identity.tenantId,
        "--secret",
        identity.secret,
        "--db",
        db,
        "--seed",
        seed,
        "--player",
        "p-flag=5000",
        "--max-bet",
        "1000",
        "--seed-random",
        "1",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${output}`)), 10_000);
        child.stdout.on("data", () => {
          const match = / at (http:\/\/\S+)/.exec(output);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
      });
      const client = signedWalletClient(url, identity);
      expect((await client.balance("p-seeded")).json()).toEqual({ balance: 2_000 });
      expect((await client.transaction(transactionBody({ type: "BET", playerRef: "p-flag", amount: 1_001 }))).json()).toEqual({
        status: "DECLINED",
        balance: 5_000,
      });
      expect((await client.transaction(transactionBody({ type: "BET", playerRef: "p-flag", amount: 400 }))).json()).toEqual({
        status: "OK",
        balance: 4_600,
      });
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
    expect(output).not.toContain(identity.secret);

    const dump = spawnSync(process.execPath, [cli, "dump", "--db", db], { encoding: "utf8" });
    expect(dump.status, dump.stderr).toBe(0);
    const { players, entries } = JSON.parse(dump.stdout);
    expect(players).toEqual([
      { playerRef: "p-flag", balance: 4_600 },
      { playerRef: "p-seeded", balance: 2_000 },
    ]);
    expect(entries.map((entry: { status: string; balanceAfter: number }) => [entry.status, entry.balanceAfter])).toEqual([
      ["DECLINED", 5_000],
      ["OK", 4_600],
    ]);
  });
});
