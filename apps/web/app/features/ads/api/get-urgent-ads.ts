import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AdCardsPage } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import { adListPageSize } from "../ad-list-data.ts";
import { seededPages } from "./seeded-pages.ts";

/** `GET /api/ads/urgent`: urgent ads of every vertical. Silent: "show more" says when it fails. */
export function getUrgentAds(cursor: string | null, signal: AbortSignal): Promise<AdCardsPage> {
  return api.get<AdCardsPage>("/api/ads/urgent", {
    query: { cursor, limit: adListPageSize },
    signal,
    silent: true,
  });
}

/** The urgent page's cards: the loader's first page, then "show more" by cursor. */
export function urgentAdsQueryOptions(first: AdCardsPage) {
  return infiniteQueryOptions({
    queryKey: ["ads", "urgent"],
    queryFn: ({ pageParam, signal }) => getUrgentAds(pageParam, signal),
    ...seededPages(first),
  });
}

export function useUrgentAds(first: AdCardsPage) {
  return useInfiniteQuery(urgentAdsQueryOptions(first));
}
