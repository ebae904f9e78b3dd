import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AdSearchResponse, Vertical } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import { adListPageSize } from "../ad-list-data.ts";
import type { ListQuery } from "../ad-list-query.ts";
import { seededPages } from "./seeded-pages.ts";

/** `GET /api/ads`: a page of a vertical's search. Silent: "show more" says below the list when it fails. */
export function getAds(
  vertical: Vertical,
  filters: ListQuery,
  cursor: string | null,
  signal: AbortSignal,
): Promise<AdSearchResponse> {
  return api.get<AdSearchResponse>("/api/ads", {
    query: { vertical, ...filters, cursor, limit: adListPageSize },
    signal,
    silent: true,
  });
}

/** A list page's cards: the loader's first page, then "show more" by cursor. */
export function adListQueryOptions(vertical: Vertical, filters: ListQuery, first: AdSearchResponse) {
  return infiniteQueryOptions({
    queryKey: ["ads", "list", vertical, filters],
    queryFn: ({ pageParam, signal }) => getAds(vertical, filters, pageParam, signal),
    ...seededPages(first),
  });
}

export function useAdList(vertical: Vertical, filters: ListQuery, first: AdSearchResponse) {
  return useInfiniteQuery(adListQueryOptions(vertical, filters, first));
}
