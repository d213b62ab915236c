import type { Result } from "./api-error.js";

/** A page of one of the service's cursor-paginated lists. */
export interface CursorPage<Item> {
  items: Item[];
  nextCursor: string | null;
}

/**
 * Walks a cursor-paginated list from the page `query` names to the last, yielding each item as its page arrives (one
 * request per page, asked for only when the items before it are used up, so `break` stops the requests). An
 * iterator has no result to return an error in, so a page that fails throws its `CroupierApiError` after the items
 * already yielded.
 */
export async function* eachItem<Item, Query extends { cursor?: string }>(
  listPage: (query: Query) => Promise<Result<CursorPage<Item>>>,
  query: Query,
): AsyncGenerator<Item, void, undefined> {
  let page = query;
  for (;;) {
    const { data, error } = await listPage(page);
    if (error) throw error;
    yield* data.items;
    if (data.nextCursor === null) return;
    page = { ...query, cursor: data.nextCursor };
  }
}
