import { badRequest } from "./errors.js";

/** Page sizes of the reconciliation lists: 50 when the caller names none, at most 200 (the OpenAPI enforces 1-200). */
export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 200;

/**
 * An opaque cursor: the position of a page's last entry (non-negative integers), base64url-encoded so clients pass it
 * back as they got it and never build one.
 */
export function encodeCursor(position: readonly number[]): string {
  return Buffer.from(position.join("."), "utf8").toString("base64url");
}

/** The position a cursor names; undefined without one; 400 when it is not one this service made with `size` parts. */
export function decodeCursor(cursor: string | undefined, size: number): number[] | undefined {
  if (cursor === undefined) return undefined;
  const parts = /^[A-Za-z0-9_-]{1,100}$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8").split(".") : [];
  const numbers = parts.map((p) => (/^\d{1,16}$/.test(p) ? Number(p) : NaN));
  if (numbers.length !== size || numbers.some((n) => !Number.isSafeInteger(n))) throw badRequest("invalid cursor");
  return numbers;
}

/** The page size asked for (validated by the OpenAPI as 1-200), or the default. */
export function pageLimit(limit: unknown): number {
  return limit === undefined ? DEFAULT_PAGE_LIMIT : Math.min(Number(limit), MAX_PAGE_LIMIT);
}
