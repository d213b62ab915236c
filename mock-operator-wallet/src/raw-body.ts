import type { IncomingMessage } from "node:http";

/** A body larger than the wallet accepts (answered 413). */
export class BodyTooLargeError extends Error {
  override readonly name = "BodyTooLargeError";
}

/** Reads a request's body as the exact bytes received (signatures cover bytes, not parsed JSON). */
export async function readRawBody(request: IncomingMessage, limitBytes = 1 << 20): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new BodyTooLargeError(`request body over ${limitBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
