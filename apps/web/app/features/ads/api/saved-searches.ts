import { queryOptions, useQuery } from "@tanstack/react-query";
import type {
  SavedSearch,
  SavedSearchCreateInput,
  SavedSearchListResponse,
  SavedSearchUpdateInput,
} from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

/** `GET /api/saved-searches`: the user's saved searches with their new-match counts. Silent. */
export function getSavedSearches(signal: AbortSignal): Promise<SavedSearchListResponse> {
  return api.get<SavedSearchListResponse>("/api/saved-searches", { signal, silent: true });
}

/** `POST /api/saved-searches`: follow a list's filters (the one saved before, if any). */
export function createSavedSearch(input: SavedSearchCreateInput): Promise<SavedSearch> {
  return api.post<SavedSearch>("/api/saved-searches", input);
}

/** `PATCH /api/saved-searches/{id}`: mode, digest hour, label or channels. */
export function updateSavedSearch(id: number, input: SavedSearchUpdateInput): Promise<SavedSearch> {
  return api.patch<SavedSearch>(`/api/saved-searches/${id}`, input);
}

/** `DELETE /api/saved-searches/{id}`. */
export function deleteSavedSearch(id: number): Promise<void> {
  return api.del<void>(`/api/saved-searches/${id}`);
}

/** `POST /api/saved-searches/{id}/viewed`: opening it resets its new-match count. Silent. */
export function markSavedSearchViewed(id: number): Promise<SavedSearch> {
  return api.post<SavedSearch>(`/api/saved-searches/${id}/viewed`, undefined, { silent: true });
}

/** The signed-in user's saved searches (`userId` in the key: it waits for the restored session). */
export function savedSearchesQueryOptions(userId: number | undefined) {
  return queryOptions({
    queryKey: ["saved-searches", userId],
    queryFn: ({ signal }) => getSavedSearches(signal),
    enabled: userId !== undefined,
  });
}

export function useSavedSearches(userId: number | undefined) {
  return useQuery(savedSearchesQueryOptions(userId));
}
