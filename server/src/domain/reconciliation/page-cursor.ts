import { badRequest } from "../errors.js";

/** Page sizes of the reconciliation lists: 50 when the caller names none, at most 200 (the OpenAPI enforces 1-200). */
const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 200;

/** The position of a list paged by time of arrival, newest first: the rowid (arrival order) breaks ties. */
export const TIME_POSITION = ["createdAt", "rowid"] as const;
/** The position of a list paged by a store's own sequence (a grant's issue order). */
export const SEQ_POSITION = ["seq"] as const;

/** What a list's query carries for paging: the previous page's `nextCursor`, and the page size as the URL gave it. */
export interface PageQuery {
  cursor?: string | undefined;
  limit?: string | undefined;
}

/**
 * One page of a list read newest first, and the opaque cursor of the next (a position's integers, base64url). Every
 * list pages through here; a cursor this service did not make for that list is a `bad_request`.
 */
export async function readPage<Key extends string, Row>(
  query: PageQuery,
  keys: readonly Key[],
  read: (after: Record<Key, number> | undefined, limit: number) => Promise<Row[]>,
  positionOf: (row: Row) => Record<Key, number>,
): Promise<{ rows: Row[]; nextCursor: string | null }> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, keys);
  const limit = pageLimit(query.limit);
  // One more than the page tells whether another page follows, without a count.
  const rows = await read(after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(positionOf(last), keys) : null };
}

/**
 * The page size the URL gave, read strictly: the OpenAPI validator lets through spellings of numbers such as
 * `-Infinity` or `1e2`, which are no page size a client means.
 */
export function pageLimit(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PAGE_LIMIT;
  const limit = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (!(limit >= 1 && limit <= MAX_PAGE_LIMIT)) throw badRequest(`query.limit must be an integer from 1 to ${MAX_PAGE_LIMIT}`);
  return limit;
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
