import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DATABASE_GAUGE_TTL_MS } from "../src/observability/metrics.js";
import type { RunningServer } from "../src/server.js";
import { describeEachStore } from "./each-store.js";
import { OPERATOR, PROVIDER, sendJson, signedRequest, startScriptedPeer, startTestServer, testConfigJson, type ScriptedPeer } from "./harness.js";
import { eventually, launchSession } from "./wallet-harness.js";

/*
 * Issue 30 item 9, over real HTTP on both stores: with `metrics.port` set, /metrics is served on its own listener only
 * (404 on the service's port, signed or not); unset, on the service's port as before. The gauges read from the
 * database are reused for DATABASE_GAUGE_TTL_MS, so a flood of scrapes does not query the database per scrape.
 */
const gauge = (text: string, name: string) => Number(new RegExp(`^${name}\\{[^}]*\\} (\\S+)$`, "m").exec(text)?.[1]);

describeEachStore("metrics on a listener of their own", (database) => {
  let wallet: ScriptedPeer;
  /** The wallet's answers held back while a test wants a transaction PENDING. */
  const held: ServerResponse[] = [];
  let apart: RunningServer;

  beforeAll(async () => {
    wallet = await startScriptedPeer((req, res) => {
      if (req.url.startsWith("/v1/wallet/balance")) return sendJson(res, 200, { balance: 5_000 });
      held.push(res);
    });
    const json = testConfigJson({ wallet: wallet.url });
    // The held wallet call must outlast the gauges' reuse, not time out first.
    const operators = (json.operators as Record<string, unknown>[]).map((o) => ({ ...o, callbackTimeoutMs: 30_000 }));
    apart = await startTestServer({ ...json, operators, database: database(), metrics: { port: 0 } });
  });
  afterAll(async () => {
    for (const res of held.splice(0)) sendJson(res, 200, { status: "OK", balance: 5_000 });
    await apart?.close();
    await wallet?.close();
  });

  it("with metrics.port set, serves /metrics there only: 404 on the service's port, signed or not", async () => {
    expect(apart.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(apart.metricsUrl).not.toBe(apart.url);
    const scrape = await fetch(`${apart.metricsUrl}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await scrape.text()).toMatch(/^croupier_transactions_pending\{instance_id="[^"]+"\} 0$/m);

    const unsigned = await fetch(`${apart.url}/metrics`);
    expect(unsigned.status).toBe(404);
    expect(await unsigned.json()).toEqual({ error: "no such route", code: "not_found" });
    expect((await signedRequest(apart.url, OPERATOR, "GET", "/metrics")).status).toBe(404);
    // The metrics listener serves nothing else; the service's port serves everything else.
    expect((await fetch(`${apart.metricsUrl}/healthz`)).status).toBe(404);
    expect((await fetch(`${apart.url}/healthz`)).status).toBe(200);
  });

  it("without it, serves /metrics on the service's port as before", async () => {
    // Stopped before the next test: its start would take that test's held wallet call for one a stopped process left.
    const together = await startTestServer({ ...testConfigJson(), database: database() });
    try {
      expect(together.metricsUrl).toBeUndefined();
      const scrape = await fetch(`${together.url}/metrics`);
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toMatch(/^croupier_transactions_pending\{/m);
    } finally {
      await together.close();
    }
  });

  it(`reads the database's gauges at most every ${DATABASE_GAUGE_TTL_MS / 1000} s, however often it is scraped`, async () => {
    const scrape = async () => gauge(await (await fetch(`${apart.metricsUrl}/metrics`)).text(), "croupier_transactions_pending");
    const token = await launchSession(apart.url, { playerRef: "p-metrics" });
    const read = performance.now();
    expect(await scrape()).toBe(0);
    const bet = signedRequest(apart.url, PROVIDER, "POST", "/v1/wallet/transaction", {
      transactionId: "metrics-bet-1",
      sessionToken: token,
      type: "BET",
      roundId: "r-metrics",
      playerRef: "p-metrics",
      amount: 10,
      currency: "EUR",
      gameId: "starfall",
    });
    // The BET is PENDING while its wallet call is held, yet every scrape until the reuse ends shows the count read before.
    await eventually(() => held.length === 1, 5_000, 10);
    for (let i = 0; i < 50; i++) expect(await scrape()).toBe(0);
    expect(performance.now() - read).toBeLessThan(DATABASE_GAUGE_TTL_MS);
    // Once the reuse is over, the next scrape reads the database again.
    await new Promise((resolve) => setTimeout(resolve, DATABASE_GAUGE_TTL_MS - (performance.now() - read)));
    await eventually(async () => (await scrape()) === 1, 3_000, 100);
    for (const res of held.splice(0)) sendJson(res, 200, { status: "OK", balance: 4_990 });
    expect((await bet).status).toBe(200);
  }, 30_000);
});
