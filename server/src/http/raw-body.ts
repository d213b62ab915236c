import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { ApiError } from "../domain/errors.js";
import { MAX_BODY_BYTES } from "./body-limit.js";

const tooLarge = () => new ApiError("bad_request", `request body exceeds ${MAX_BODY_BYTES} bytes`);

/**
 * Reads the body as the bytes received, which the signature covers; undefined for a request without one. A body over
 * {@link MAX_BODY_BYTES} is refused without being buffered, and a compressed one refused: the contract signs plain JSON.
 */
function readRawBody(req: IncomingMessage, done: (error: ApiError | undefined, body: Buffer | undefined) => void): void {
  const declared = req.headers["content-length"];
  if (declared === undefined && req.headers["transfer-encoding"] === undefined) return done(undefined, undefined);
  if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) return done(tooLarge(), undefined);
  const encoding = req.headers["content-encoding"];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== "identity") {
    return done(new ApiError("bad_request", "compressed request bodies are not accepted: send the JSON uncompressed"), undefined);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const settle = (error?: ApiError) => {
    if (settled) return;
    settled = true;
    req.off("data", onData).off("end", onEnd).off("error", onError);
    if (error !== undefined) return done(error, undefined);
    done(undefined, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      settle(tooLarge());
      // Keep draining without buffering: a paused request would stall the client mid-upload and the connection.
      req.resume();
      return;
    }
    chunks.push(chunk);
  };
  const onEnd = () => settle();
  const onError = () => settle(new ApiError("bad_request", "the request body could not be read"));
  req.on("data", onData).on("end", onEnd).on("error", onError);
}

/** {@link readRawBody} for Express: the bytes go on `req.body` (a Buffer, or undefined without a body). */
export const rawBody: RequestHandler = (req, _res, next) => {
  readRawBody(req, (error, body) => {
    if (error) return next(error);
    req.body = body;
    next();
  });
};
