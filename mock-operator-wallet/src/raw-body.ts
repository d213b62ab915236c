import type { IncomingMessage } from "node:http";

/** Reads a request's body as the exact bytes received (signatures cover bytes, not parsed JSON). */
export async function readRawBody(request: IncomingMessage, limitBytes = 1 << 20): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new Error("request body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
