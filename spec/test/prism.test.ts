/**
 * The service mock an integrator runs with `npm run mock:service`: Prism must load the committed
 * document and answer signed requests with the documented shapes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { sign } from "@croupier/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentPath } from "./openapi-document.js";

const prismBin = fileURLToPath(new URL("../../node_modules/.bin/prism", import.meta.url));
let prism: ChildProcess | undefined;
let baseUrl = "";

/** A port the OS just handed out and released; Prism cannot listen on port 0 and report it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Resolves once Prism prints that it listens; rejects if it exits first. */
function waitForListening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes("Prism is listening")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`prism exited with ${code}:\n${output}`)));
  });
}

/** POSTs a JSON body signed as a provider would sign it. */
async function signedPost(path: string, body: unknown, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const raw = JSON.stringify(body);
  const headers = sign({ secret: "change-me-too", tenantId: "prov-star", method: "POST", target: path, body: raw });
  return fetch(baseUrl + path, { method: "POST", headers: { ...headers, "content-type": "application/json", ...extraHeaders }, body: raw });
}

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  prism = spawn(prismBin, ["mock", "-h", "127.0.0.1", "-p", String(port), documentPath("service")], { stdio: ["ignore", "pipe", "pipe"] });
  await waitForListening(prism);
});

afterAll(async () => {
  if (prism === undefined || prism.exitCode !== null) return;
  const exited = new Promise((resolve) => prism?.once("exit", resolve));
  prism.kill("SIGTERM");
  await exited;
});

describe("Prism mock of the service document", () => {
  it("answers a signed balance query with an integer balance", async () => {
    const response = await signedPost("/v1/wallet/balance", { sessionToken: "st_9b2f4c7e1d8a4f0b" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { balance: unknown };
    expect(Number.isSafeInteger(body.balance)).toBe(true);
    expect(body.balance).toBeGreaterThan(0);
  });

  it("answers a signed transaction with the documented response shape", async () => {
    const response = await signedPost("/v1/wallet/transaction", {
      transactionId: "tx-1",
      sessionToken: "st_9b2f4c7e1d8a4f0b",
      type: "BET",
      roundId: "round-1",
      playerRef: "player-10042",
      amount: 250,
      currency: "EUR",
      gameId: "starfall",
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: unknown; balance: unknown };
    expect(["OK", "DECLINED"]).toContain(body.status);
    expect(Number.isSafeInteger(body.balance)).toBe(true);
  });

  it("refuses a lowercase currency with 400 and a JSON error body", async () => {
    const response = await signedPost("/v1/operator/games/launch", { playerRef: "player-10042", gameId: "starfall", currency: "eur", mode: "REAL" });
    expect(response.status).toBe(400);
  });

  it("refuses a request without the signing headers with 401 and the plain text the service sends", async () => {
    const response = await fetch(`${baseUrl}/v1/wallet/balance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sessionToken: "st_9b2f4c7e1d8a4f0b" }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe("invalid signature");
  });

  it("serves the unsigned readiness probe", async () => {
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers a forced 429 with a Retry-After header", async () => {
    const response = await signedPost("/v1/wallet/balance", { sessionToken: "st_9b2f4c7e1d8a4f0b" }, { Prefer: "code=429" });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
