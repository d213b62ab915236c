import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startWallet, type RunningWallet } from "../../mock-operator-wallet/src/index.js";

/* The README's vitest example (examples/wallet-conformance.spec.ts), run as an operator would, against the mock wallet. */
let wallet: RunningWallet;
beforeAll(async () => {
  wallet = await startWallet({ tenantId: "op-acme", secret: "acme-secret", players: { "p-7": 5_000 } });
});
afterAll(() => wallet.close());

const runExample = (env: Record<string, string>) =>
  promisify(execFile)(
    process.execPath,
    [
      fileURLToPath(new URL("../../node_modules/vitest/vitest.mjs", import.meta.url)),
      "run",
      "--config",
      fileURLToPath(new URL("../examples/vitest.config.ts", import.meta.url)),
    ],
    { env: { ...process.env, ...env } },
  );

it("the vitest example passes against a conforming wallet", async () => {
  const { stdout } = await runExample({ WALLET_URL: wallet.url, WALLET_OPERATOR_ID: "op-acme", WALLET_SECRET: "acme-secret", WALLET_PLAYER: "p-7" });
  expect(stdout).toContain("1 passed");
  expect(wallet.ledger.balance("p-7")).toBe(5_000);
}, 120_000);

it("and fails when the wallet does not conform (here: the wrong secret)", async () => {
  await expect(
    runExample({ WALLET_URL: wallet.url, WALLET_OPERATOR_ID: "op-acme", WALLET_SECRET: "not-it", WALLET_PLAYER: "p-7" }),
  ).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/accepted.*false/) as unknown });
}, 120_000);
