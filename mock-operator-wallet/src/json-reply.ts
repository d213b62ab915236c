import type { ServerResponse } from "node:http";

/** Answers with a JSON body (the spec's error shape is `{ "error": message }`). */
export function replyJson(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  response.end(body);
}
