import { sign, verify } from "@croupier/signing";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseConfig } from "../src/config/parse.js";
import { secretKeyFromEnvironment } from "../src/config/secret-key.js";
import type { CroupierConfig } from "../src/config/types.js";
import { startServer, type RunningServer } from "../src/server.js";

/** Tenants of the standard test configuration. */
export const OPERATOR = { id: "op-acme", secret: "op-secret-1" };
export const OTHER_OPERATOR = { id: "op-beta", secret: "op-secret-2" };
export const PROVIDER = { id: "prov-star", secret: "prov-secret-1" };
export const OTHER_PROVIDER = { id: "prov-moon", secret: "prov-secret-2" };

/** The standard test configuration's one campaign: 10 spins of 20 EUR cents on starfall for op-acme, open until 2099. */
export const WELCOME_CAMPAIGN = {
  id: "welcome-10",
  operatorId: OPERATOR.id,
  gameId: "starfall",
  spins: 10,
  betAmountMinor: 20,
  currency: "EUR",
  active: true,
  validFrom: "2020-01-01T00:00:00Z",
  validUntil: "2099-01-01T00:00:00Z",
};

/** A raw configuration object (decisions.md §3) for tests; override any part. */
export function testConfigJson(
  overrides: { wallet?: string; webhook?: string; sqlitePath?: string } & Record<string, unknown> = {},
): Record<string, unknown> {
  const { wallet, webhook, sqlitePath, ...rest } = overrides;
  return {
    server: { host: "127.0.0.1", port: 0 },
    database: { sqlitePath: sqlitePath ?? ":memory:" },
    logLevel: "silent",
    limits: { rateLimit: { requestsPerSecond: 10_000, burst: 10_000 } },
    operators: [
      {
        id: OPERATOR.id,
        secret: OPERATOR.secret,
        ...(wallet ? { callbackUrl: wallet } : {}),
        callbackTimeoutMs: 1000,
        providers: [PROVIDER.id],
        blockedPlayers: ["p-excluded"],
      },
      {
        id: OTHER_OPERATOR.id,
        secret: OTHER_OPERATOR.secret,
        ...(wallet ? { callbackUrl: wallet } : {}),
        callbackTimeoutMs: 1000,
        providers: [PROVIDER.id, OTHER_PROVIDER.id],
      },
    ],
    providers: [
      {
        id: PROVIDER.id,
        name: "Star Studio",
        secret: PROVIDER.secret,
        ...(webhook ? { webhookUrl: webhook } : {}),
        currencies: ["EUR", "USD"],
        languages: ["en", "de"],
        games: [
          { id: "starfall", name: "Starfall", launchBaseUrl: "https://games.example/starfall", replayBaseUrl: "https://games.example/replay" },
          { id: "nebula", name: "Nebula", launchBaseUrl: "https://games.example/nebula?skin=dark", replayBaseUrl: "" },
        ],
      },
      {
        id: OTHER_PROVIDER.id,
        name: "Moon Games",
        secret: OTHER_PROVIDER.secret,
        ...(webhook ? { webhookUrl: webhook } : {}),
        currencies: ["GBP"],
        languages: ["en"],
        games: [{ id: "moonshot", name: "Moonshot", launchBaseUrl: "https://moon.example/play", replayBaseUrl: "https://moon.example/replay" }],
      },
    ],
    // A copy: tests edit the configuration they are given.
    campaigns: [{ ...WELCOME_CAMPAIGN }],
    ...rest,
  };
}

/** A temp directory removed by the returned cleanup. */
export function tempDir(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), "croupier-test-"));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** The at-rest key of the tests' services: CROUPIER_SECRET_KEY, which vitest.config.ts sets for every test process. */
export function testSecretKey(): Buffer {
  const key = secretKeyFromEnvironment(process.env);
  if (!key) throw new Error("CROUPIER_SECRET_KEY is not set: run the tests through vitest (vitest.config.ts sets it)");
  return key;
}

/** Starts the real server in-process on an ephemeral port, with response validation on. */
export async function startTestServer(json: Record<string, unknown> = testConfigJson()): Promise<RunningServer & { config: CroupierConfig }> {
  const config = parseConfig(json);
  const running = await startServer(config, { validateResponses: true, secretKey: testSecretKey() });
  return { ...running, config };
}

/** An answer as the test sees it. */
export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: any;
}

/** Sends a signed request the way a real client would; `tenant` signs it. Options allow breaking the signature. */
export async function signedRequest(
  baseUrl: string,
  tenant: { id: string; secret: string },
  method: "GET" | "POST",
  target: string,
  body?: unknown,
  options: { nonce?: string; timestamp?: number | string; rawBody?: string; headers?: Record<string, string>; omit?: string[] } = {},
): Promise<Reply> {
  const text = options.rawBody ?? (body === undefined ? "" : JSON.stringify(body));
  const signed = sign({
    secret: tenant.secret,
    tenantId: tenant.id,
    method,
    target,
    body: text,
    ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  const headers: Record<string, string> = { ...signed, ...(text ? { "content-type": "application/json" } : {}), ...options.headers };
  for (const name of options.omit ?? []) delete headers[name];
  const response = await fetch(baseUrl + target, { method, headers, ...(method === "POST" && text !== "" ? { body: text } : {}) });
  return toReply(response);
}

export async function toReply(response: Response): Promise<Reply> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** A tiny real HTTP peer (wallet or provider) whose behaviour each test scripts; records every request. */
export interface ScriptedPeer {
  url: string;
  requests: { method: string; url: string; headers: IncomingMessage["headers"]; body: string }[];
  handle: (req: { method: string; url: string; body: string; json: any }, res: ServerResponse) => void | Promise<void>;
  close(): Promise<void>;
}

export async function startScriptedPeer(handle: ScriptedPeer["handle"]): Promise<ScriptedPeer> {
  const peer = { requests: [], handle } as unknown as ScriptedPeer;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      peer.requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      let json: unknown;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        json = undefined;
      }
      void Promise.resolve(peer.handle({ method: req.method ?? "", url: req.url ?? "", body, json }, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return peer;
}

/** Answers with a JSON body. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Checks a request the service sent to a scripted peer the way the peer's SDK would: signed with `tenant`'s
 * secret over the exact target and raw body, and addressed to `tenant` (X-Tenant-ID = its id).
 */
export function isSignedFor(request: ScriptedPeer["requests"][number], tenant: { id: string; secret: string }): boolean {
  return verify({
    method: request.method,
    target: request.url,
    headers: request.headers,
    body: request.body,
    secrets: [tenant.secret],
    expectedTenantId: tenant.id,
  }).ok;
}

/** The built admin tool (`npm run admin`), for runNodeScript. */
export const ADMIN_SCRIPT = fileURLToPath(new URL("../dist/admin.js", import.meta.url));

/** Runs a built Node script of this package (e.g. ADMIN_SCRIPT) as a child process and collects its output. */
export function runNodeScript(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

/** Reads until `read` gives a value (every 50 ms), or fails after `timeoutMs`: for what the service does after answering. */
export async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 3000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}
