import { once } from "node:events";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sign } from "@croupier/signing";

/** What a test sends: a request signed like the service would, with knobs to break it. */
export interface TestCall {
  method: "GET" | "POST";
  target: string;
  body?: string;
  secret: string;
  tenantId: string;
  timestamp?: number;
  nonce?: string;
  /** Sent instead of the signed body (to tamper after signing). */
  sentBody?: string;
}

/** Signs and sends one request over real HTTP; returns status, content type and body text. */
export async function sendSigned(baseUrl: string, call: TestCall) {
  const body = call.body ?? "";
  const headers = sign({
    secret: call.secret,
    tenantId: call.tenantId,
    method: call.method,
    target: call.target,
    body,
    timestamp: call.timestamp,
    nonce: call.nonce,
  });
  const response = await fetch(baseUrl + call.target, {
    method: call.method,
    headers: { ...headers, ...(call.method === "POST" ? { "content-type": "application/json" } : {}) },
    ...(call.method === "POST" ? { body: call.sentBody ?? body } : {}),
  });
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

/** Starts a node:http server on 127.0.0.1:0 and returns its base URL and a closer. */
export async function listen(listener: RequestListener): Promise<{ baseUrl: string; server: Server; close(): Promise<void> }> {
  const server = createServer(listener);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, server, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
