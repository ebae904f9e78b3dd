/**
 * The owner's calls on their ads (create form, edit form, "My ads"), through the one HTTP client.
 * Forms show their errors themselves, so every call is silent.
 */
import type { Ad, AdInput, AdOwnerAction, MyAdsResponse } from "@unaa/contracts";
import { api } from "../../lib/app-state.ts";

export function createAd(input: AdInput): Promise<Ad> {
  return api.post<Ad>("/api/ads", input, { silent: true });
}

export function updateAd(id: number, input: AdInput): Promise<Ad> {
  return api.put<Ad>(`/api/ads/${id}`, input, { silent: true });
}

export function runAdAction(id: number, action: AdOwnerAction): Promise<Ad> {
  return api.post<Ad>(`/api/ads/${id}/${action}`, undefined, { silent: true });
}

export function deleteAd(id: number): Promise<void> {
  return api.del<void>(`/api/ads/${id}`, { silent: true });
}

/** The statuses "My ads" has tabs for, in tab order (removed ads are the moderators'). */
export const myAdStatuses = ["active", "pending", "draft", "rejected", "archived", "sold"] as const;
export type MyAdStatus = (typeof myAdStatuses)[number];

export function fetchMyAds(
  status: MyAdStatus,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MyAdsResponse> {
  return api.get<MyAdsResponse>("/api/users/me/ads", { query: { status, cursor }, silent: true, signal });
}
