import { useEffect, useState } from "preact/hooks";

/** One page of a cursor-paginated list, as every list route answers. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * A paginated list: loads the page at the current cursor, keeps the cursors of the pages before it for "Previous",
 * and starts again from the first page whenever `key` (the filters) changes.
 */
export function usePaged<T, P extends Page<T> = Page<T>>(load: (cursor: string | undefined) => Promise<{ data?: P; problem?: string }>, key: string) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [state, setState] = useState<{ page?: P; problem?: string; loading: boolean }>({ loading: true });
  const [reloads, setReloads] = useState(0);
  useEffect(() => setCursors([undefined]), [key]);
  const cursor = cursors.at(-1);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    void load(cursor).then(({ data, problem }) => {
      if (live) setState({ page: data, problem, loading: false });
    });
    return () => {
      live = false;
    };
    // `load` is rebuilt on every render; the cursor, the filters and a reload are what change the page.
  }, [cursor, key, reloads]);
  return {
    ...state,
    pageNumber: cursors.length,
    next: () => state.page?.nextCursor && setCursors([...cursors, state.page.nextCursor]),
    previous: () => cursors.length > 1 && setCursors(cursors.slice(0, -1)),
    reload: () => setReloads((n) => n + 1),
  };
}

/** "Previous" and "Next" for a {@link usePaged} list, with the page number. */
export function Pager({ list, label }: { list: ReturnType<typeof usePaged<unknown>>; label: string }) {
  const hasNext = Boolean(list.page?.nextCursor);
  if (list.pageNumber === 1 && !hasNext) return null;
  return (
    <nav class="pager" aria-label={`${label} pages`}>
      <button type="button" onClick={list.previous} disabled={list.pageNumber === 1}>
        Previous page
      </button>
      <span>Page {list.pageNumber}</span>
      <button type="button" onClick={list.next} disabled={!hasNext}>
        Next page
      </button>
    </nav>
  );
}
