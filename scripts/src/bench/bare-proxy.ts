#!/usr/bin/env node
/**
 * The bare proxy: the physical limit of one extra signed hop on this machine, the baseline Croupier is
 * measured against. It does what any aggregator must do on the money path and nothing else: verify the
 * provider's HMAC, parse the JSON, re-sign for the operator and forward over a pooled keep-alive client.
 * It stores nothing (no nonces, no sessions, no ledger) and validates nothing beyond the JSON syntax.
 *
 * With `--ledger PATH` it is the bench's `ledger-proxy`: a transaction call (a body with a transactionId) also has its
 * intent made durable before it is forwarded and the wallet's answer made durable before it is answered
 * ({@link IntentLedger}); a transactionId already recorded is answered 409 without a wallet call.
 *
 *   node scripts/dist/bench/bare-proxy.js --upstream URL --provider-id ID --provider-secret S \
 *     --operator-id ID --operator-secret S [--port 0] [--connections 64] [--ledger PATH]
 *
 * Prints `bare proxy at http://127.0.0.1:PORT` once listening.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { sign, verify } from "@croupier/signing";
import { Pool } from "undici";
import { IntentLedger } from "./intent-ledger.js";

const { values } = parseArgs({
  options: {
    upstream: { type: "string" },
    "provider-id": { type: "string" },
    "provider-secret": { type: "string" },
    "operator-id": { type: "string" },
    "operator-secret": { type: "string" },
    port: { type: "string", default: "0" },
    connections: { type: "string", default: "64" },
    ledger: { type: "string" },
  },
});
const required = (name: keyof typeof values): string => {
  const value = values[name];
  if (!value) {
    process.stderr.write(`bare-proxy: --${name} is required\n`);
    process.exit(2);
  }
  return value;
};
const upstream = new Pool(required("upstream"), { connections: Number(values.connections), pipelining: 1, keepAliveTimeout: 30_000 });
const providerId = required("provider-id");
const providerSecrets = [required("provider-secret")];
const operator = { tenantId: required("operator-id"), secret: required("operator-secret") };
const ledger = values.ledger === undefined ? undefined : new IntentLedger(values.ledger);

function reply(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": status === 401 ? "text/plain" : "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? "GET";
  const target = req.url ?? "/";
  const raw = await readBody(req);
  const checked = verify({ method, target, headers: req.headers, body: raw, secrets: providerSecrets, expectedTenantId: providerId });
  if (!checked.ok) return reply(res, 401, "invalid signature");
  let body: string | undefined;
  let transactionId: unknown;
  if (raw.length > 0) {
    try {
      const parsed = JSON.parse(raw.toString("utf8")) as { transactionId?: unknown };
      transactionId = parsed.transactionId;
      body = JSON.stringify(parsed);
    } catch {
      return reply(res, 400, JSON.stringify({ error: "malformed JSON" }));
    }
  }
  const recorded = ledger !== undefined && typeof transactionId === "string" ? { ledger, transactionId } : undefined;
  if (recorded && !(await recorded.ledger.claim(recorded.transactionId, body ?? ""))) {
    return reply(res, 409, JSON.stringify({ error: "transactionId already recorded" }));
  }
  const headers: Record<string, string> = { ...sign({ ...operator, method, target, body: body ?? "" }) };
  if (body !== undefined) headers["content-type"] = "application/json";
  const answer = await upstream.request({ method: method as "GET" | "POST", path: target, headers, body: body ?? null });
  const text = await answer.body.text();
  if (recorded) await recorded.ledger.settle(recorded.transactionId, `${answer.statusCode} ${text}`);
  reply(res, answer.statusCode, text);
}

const server = createServer((req, res) => {
  forward(req, res).catch((error: unknown) => {
    if (!res.headersSent) reply(res, 502, JSON.stringify({ error: (error as Error).message }));
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(values.port), "127.0.0.1", () => {
  process.stdout.write(`bare proxy at http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
const stop = () => {
  server.close();
  server.closeIdleConnections();
  void upstream.close().then(() => process.exit(0));
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
