import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { MyAdsResponse } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

/** The statuses "My ads" has tabs for, in tab order (removed ads are the moderators'). */
export const myAdStatuses = ["active", "pending", "draft", "rejected", "archived", "sold"] as const;
export type MyAdStatus = (typeof myAdStatuses)[number];

/** `GET /api/users/me/ads`: a page of the owner's ads of one status. Silent: the list says when it fails. */
export function getMyAds(
  status: MyAdStatus,
  cursor: string | null,
  signal: AbortSignal,
): Promise<MyAdsResponse> {
  return api.get<MyAdsResponse>("/api/users/me/ads", { query: { status, cursor }, signal, silent: true });
}

/**
 * One tab of My ads. The list is the signed-in user's (`userId` in the key): it waits for the
 * session restored at page load. A tab is loaded afresh whenever it is opened again (`gcTime: 0`):
 * actions in another tab move ads between them.
 */
export function myAdsQueryOptions(userId: number | undefined, status: MyAdStatus) {
  return infiniteQueryOptions({
    queryKey: ["ads", "mine", userId, status],
    queryFn: ({ pageParam, signal }) => getMyAds(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: userId !== undefined,
    gcTime: 0,
  });
}

export function useMyAds(userId: number | undefined, status: MyAdStatus) {
  return useInfiniteQuery(myAdsQueryOptions(userId, status));
}
