import type { RequestHandler } from "express";
import { ApiError } from "../domain/errors.js";
import { MAX_BODY_BYTES } from "./body-limit.js";

const tooLarge = () => new ApiError("bad_request", `request body exceeds ${MAX_BODY_BYTES} bytes`);

/**
 * Reads the body as the bytes received onto `req.body` (a Buffer), before anything parses it: the signature covers
 * exactly these bytes. Used instead of body-parser's raw(), whose content-type, charset and decompression work this
 * API has no use for and which showed in the money path's profile. A body over {@link MAX_BODY_BYTES} is refused
 * (400, the contract's status for any invalid body) without being buffered (the rest is read and dropped); a request without a body keeps
 * `req.body` undefined. Compressed bodies are refused: the contract signs and parses plain JSON bytes.
 */
export const rawBody: RequestHandler = (req, _res, next) => {
  const declared = req.headers["content-length"];
  if (declared === undefined && req.headers["transfer-encoding"] === undefined) return next();
  if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) return next(tooLarge());
  const encoding = req.headers["content-encoding"];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== "identity") {
    return next(new ApiError("bad_request", "compressed request bodies are not accepted: send the JSON uncompressed"));
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const settle = (error?: unknown) => {
    if (settled) return;
    settled = true;
    req.off("data", onData).off("end", onEnd).off("error", settle);
    if (error !== undefined) return next(error);
    req.body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
    next();
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
  req.on("data", onData).on("end", onEnd).on("error", settle);
};
