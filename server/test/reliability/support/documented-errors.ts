import { expect } from "vitest";
import type { RawReply } from "./raw-client.js";

/**
 * Asserts an answer is one the spec documents for a refused request: one of `allowed`, never a 5xx; a 401 is the
 * plain-text `invalid signature` or the JSON `replayed request`; any other error is JSON `{ "error": string }`.
 */
export function expectDocumentedRefusal(reply: RawReply, allowed: readonly number[], context: string): void {
  const where = `${context} -> ${reply.status} ${reply.text.slice(0, 300)}`;
  expect(reply.status, where).toBeLessThan(500);
  expect(allowed, where).toContain(reply.status);
  if (reply.status === 401 && reply.json === undefined) {
    expect(reply.text, where).toBe("invalid signature");
    expect(reply.contentType, where).toMatch(/^text\/plain/);
    return;
  }
  if (reply.status >= 400) {
    expect(reply.contentType, where).toMatch(/^application\/json/);
    expect(typeof reply.json?.error, where).toBe("string");
  }
}
