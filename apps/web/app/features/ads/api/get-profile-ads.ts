import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AdCardsPage, ProfileTab } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import { seededPages } from "./seeded-pages.ts";

/** A profile tab's page: four rows of three beside the trust card. */
export const profileAdsPageSize = 12;

/** `GET /api/users/{id}/ads`: a profile tab's active ads. Silent: "show more" says when it fails. */
export function getProfileAds(
  userId: number,
  tab: ProfileTab,
  cursor: string | null,
  signal: AbortSignal,
): Promise<AdCardsPage> {
  return api.get<AdCardsPage>(`/api/users/${userId}/ads`, {
    query: { tab, cursor, limit: profileAdsPageSize },
    signal,
    silent: true,
  });
}

/** A profile tab's cards: the loader's first page, then "show more" by cursor. */
export function profileAdsQueryOptions(userId: number, tab: ProfileTab, first: AdCardsPage) {
  return infiniteQueryOptions({
    queryKey: ["ads", "profile", userId, tab],
    queryFn: ({ pageParam, signal }) => getProfileAds(userId, tab, pageParam, signal),
    ...seededPages(first),
  });
}

export function useProfileAds(userId: number, tab: ProfileTab, first: AdCardsPage) {
  return useInfiniteQuery(profileAdsQueryOptions(userId, tab, first));
}
