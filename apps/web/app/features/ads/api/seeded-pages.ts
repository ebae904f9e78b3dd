import type { InfiniteData } from "@tanstack/react-query";

/**
 * The options of a keyset list whose first page the page's loader rendered: the query starts from
 * that page, so the first render asks nothing and the server's HTML stays as it was; "show more"
 * asks the page after the last cursor. The loader owns the first page: the cache keeps the pages
 * only while the list is on screen (`gcTime: 0`), so coming back starts again from the loader's
 * fresh page.
 */
export function seededPages<TPage extends { nextCursor: string | null }>(first: TPage) {
  return {
    initialData: { pages: [first], pageParams: [null] } as InfiniteData<TPage, string | null>,
    initialPageParam: null as string | null,
    getNextPageParam: (page: TPage) => page.nextCursor,
    staleTime: Infinity,
    gcTime: 0,
  };
}
