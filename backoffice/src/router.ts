import { useEffect, useState } from "preact/hooks";

/** Where the app is: the hash's path segments (decoded) and its query, e.g. `#/transactions?state=FAILED`. */
export interface Route {
  path: string[];
  query: URLSearchParams;
}

function current(): Route {
  const [path = "", query = ""] = window.location.hash.replace(/^#\/?/, "").split("?");
  return { path: path.split("/").filter(Boolean).map(decodeURIComponent), query: new URLSearchParams(query) };
}

/**
 * The route from the URL's hash. Hash routes need nothing of the server beyond the one index.html, so every page of
 * the back office is a link that can be bookmarked and shared.
 */
export function useRoute(): Route {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const update = () => setRoute(current());
    window.addEventListener("hashchange", update);
    return () => window.removeEventListener("hashchange", update);
  }, []);
  return route;
}

/** A link target for a page: `href("transactions", { state: "FAILED" })` is `#/transactions?state=FAILED`. */
export function href(path: string | string[], query: Record<string, string | undefined> = {}): string {
  const parts = (Array.isArray(path) ? path : [path]).map(encodeURIComponent).join("/");
  const search = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""));
  return `#/${parts}${search.size > 0 ? `?${search.toString()}` : ""}`;
}
