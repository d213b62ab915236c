import { startWallet, type RunningWallet } from "@croupier/mock-operator-wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../src/config/parse.js";
import { isForbiddenAddress } from "../src/common/addresses.js";
import { startServer, type RunningServer } from "../src/server.js";
import { OPERATOR, signedRequest, testConfigJson, testSecretKey } from "./harness.js";
import { betRequest, launchSession, postTransaction } from "./wallet-harness.js";

/**
 * decisions.md §4: where private addresses are not allowed, the address check is made whenever a connection is opened,
 * not only when the URL is saved. Names live in a test-only resolver (no network): `rebind.test` answers a public
 * address when the URL is saved and loopback afterwards; `later.test` does not resolve when saved.
 */
describe("callback addresses are checked at connect time", () => {
  let wallet: RunningWallet;
  const servers: RunningServer[] = [];
  const answers = new Map<string, string[]>();
  const resolveHost = async (hostname: string) => {
    const addresses = answers.get(hostname);
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses;
  };

  beforeAll(async () => {
    wallet = await startWallet({ tenantId: OPERATOR.id, secret: OPERATOR.secret, players: { "p-1": 10_000 } });
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await wallet?.close();
  });

  async function start(allowPrivateCallbackAddresses: boolean): Promise<RunningServer> {
    const json = testConfigJson({ allowPrivateCallbackAddresses });
    const server = await startServer(parseConfig(json), { resolveHost, secretKey: testSecretKey() });
    servers.push(server);
    return server;
  }

  /** Points op-acme's callbacks at `host` (on the wallet's port), then bets once; the wallet's ledger tells what arrived. */
  async function betThrough(server: RunningServer, host: string, saveAnswer: string[] | undefined, connectAnswer: string[]) {
    if (saveAnswer) answers.set(host, saveAnswer);
    else answers.delete(host);
    const saved = await signedRequest(server.url, OPERATOR, "POST", "/portal/api/callback-url", { callbackUrl: `http://${host}:${wallet.port}` });
    expect(saved.status, saved.text).toBe(200);
    answers.set(host, connectAnswer);
    const token = await launchSession(server.url);
    return postTransaction(server.url, betRequest(token, { amount: 100 }));
  }

  it("a name that rebinds to loopback after it was saved never reaches it", async () => {
    const server = await start(false);
    const before = wallet.ledger.entries().length;
    const reply = await betThrough(server, "rebind.test", ["93.184.216.34"], ["127.0.0.1"]);
    expect(reply.status).toBe(500);
    expect(wallet.ledger.entries()).toHaveLength(before);
  });

  it("a name that did not resolve when saved is accepted, and refused when it resolves to loopback, IPv4-mapped too", async () => {
    const server = await start(false);
    for (const address of ["127.0.0.1", "::ffff:127.0.0.1"]) {
      const reply = await betThrough(server, "later.test", undefined, [address]);
      expect(reply.status).toBe(500);
    }
    expect(wallet.ledger.entries()).toHaveLength(0);
  });

  it("with allowPrivateCallbackAddresses the same names connect (the resolver is the one used to connect)", async () => {
    const server = await start(true);
    const reply = await betThrough(server, "rebind.test", ["93.184.216.34"], ["127.0.0.1"]);
    expect(reply.status, reply.text).toBe(200);
    expect(wallet.ledger.entries()).toHaveLength(1);
  });

  it("knows the IANA special-purpose ranges", () => {
    for (const address of [
      "64:ff9b:1::1",
      "64:ff9b::7f00:1",
      "100.64.0.1",
      "198.18.0.1",
      "198.19.255.255",
      "240.0.0.1",
      "255.255.255.255",
      "2001:db8::1",
      "fc00::1",
      "fd12::1",
      "fe80::1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "::ffff:a9fe:a9fe",
      "192.0.2.1",
      "198.51.100.7",
      "203.0.113.9",
      "192.88.99.1",
      "100::1",
      "2001::1",
      "3fff::1",
      "5f00::1",
      "::",
      "0.0.0.0",
      "169.254.169.254",
    ])
      expect(isForbiddenAddress(address), address).toBe(true);
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8", "::ffff:808:808"]) {
      expect(isForbiddenAddress(address), address).toBe(false);
    }
  });
});
