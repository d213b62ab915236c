import { badRequest } from "./errors.js";

/** Page sizes of the reconciliation lists: 50 when the caller names none, at most 200 (the OpenAPI enforces 1-200). */
const DEFAULT_PAGE_LIMIT = 50;
const MAX_PAGE_LIMIT = 200;

/** The position of a list paged by time of arrival, newest first: the rowid (arrival order) breaks ties. */
export const TIME_POSITION = ["createdAt", "rowid"] as const;

/** What a list's query carries for paging: the previous page's `nextCursor`, and the page size as the URL gave it. */
export interface PageQuery {
  cursor?: string | undefined;
  limit?: string | undefined;
}

/**
 * One page of a list read newest first, and the cursor of the next. A list's position is named by `keys` (non-negative
 * integers: an id, or a time and a rowid); `read` gets the position the cursor names (none for the first page) and
 * returns rows strictly past it, `positionOf` says where a row is. Every list pages through here, so cursors have one
 * wire format: the position's numbers joined by dots, base64url-encoded, so clients pass it back as they got it and
 * never build one. A cursor this service did not make (or made for another list) is a 400.
 */
export async function readPage<Key extends string, Row>(
  query: PageQuery,
  keys: readonly Key[],
  read: (after: Record<Key, number> | undefined, limit: number) => Promise<Row[]>,
  positionOf: (row: Row) => Record<Key, number>,
): Promise<{ rows: Row[]; nextCursor: string | null }> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, keys);
  const limit = query.limit === undefined ? DEFAULT_PAGE_LIMIT : Math.min(Number(query.limit), MAX_PAGE_LIMIT);
  // One more than the page tells whether another page follows, without a count.
  const rows = await read(after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(positionOf(last), keys) : null };
}

function encodeCursor<Key extends string>(position: Record<Key, number>, keys: readonly Key[]): string {
  return Buffer.from(keys.map((k) => position[k]).join("."), "utf8").toString("base64url");
}

function decodeCursor<Key extends string>(cursor: string, keys: readonly Key[]): Record<Key, number> {
  const parts = /^[A-Za-z0-9_-]{1,100}$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8").split(".") : [];
  const numbers = parts.map((p) => (/^\d{1,16}$/.test(p) ? Number(p) : NaN));
  if (numbers.length !== keys.length || numbers.some((n) => !Number.isSafeInteger(n))) throw badRequest("invalid cursor");
  return Object.fromEntries(keys.map((k, i) => [k, numbers[i]])) as Record<Key, number>;
}
