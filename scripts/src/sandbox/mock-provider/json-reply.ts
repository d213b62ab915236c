import type { ServerResponse } from "node:http";

/** Answers with a JSON body and its length. */
export function replyJson(response: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  response.end(text);
}
