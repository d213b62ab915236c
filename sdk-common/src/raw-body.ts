import type { IncomingMessage } from "node:http";
import { HandlerError } from "./handler-error.js";

/** Default cap on a request body: callbacks and webhooks are small (metadata is at most 8 KiB). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads the raw request body as bytes, refusing more than `maxBytes` with a 413 {@link HandlerError}.
 * Rejects with an explanation when the stream was already consumed (a body parser ran before us).
 */
export function readRawBody(req: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  if (req.readableEnded) {
    return Promise.reject(
      new TypeError(
        "The request body stream was already consumed: mount the Croupier handler before any body parser, " +
          "or give it the raw bytes (for example express.raw({ type: '*/*' })).",
      ),
    );
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.off("data", onData);
        // Keep draining without buffering, so the 413 can be written on a healthy socket.
        req.resume();
        reject(new HandlerError(413, "request body too large"));
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}
